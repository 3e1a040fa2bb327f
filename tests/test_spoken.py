"""vmb.data.spoken is the one reader of values in text: each reader's question answered by its rule."""

from __future__ import annotations

from vmb.data.spoken import (
    mask_non_values,
    mentions,
    names_value,
    says_value,
    stated_numbers,
    whole_numbers,
)
from vmb.data.spoken_words import COUNT_WORDS, NUMBER_WORDS, SWITCH_WORDS


def test_clock_times_dates_and_ordinals_are_no_value_for_any_reader() -> None:
    text = "At 8:00 AM on April 9th, 2025 ([2025-6-12 07:30]) on the 21st I set it to 5."
    assert mask_non_values(text).count("5") == 1 and len(mask_non_values(text)) == len(text)
    assert [n for _, n in whole_numbers(text)] == [5]
    assert stated_numbers(text) == {5.0}
    assert not names_value(text, 8, ()) and not names_value(text, 21, ()) and names_value(text, 5, ())


def test_the_generator_hears_a_number_even_beside_a_clock_time() -> None:
    # the vetting's question is whether a query gives its answer away at all
    assert mentions("meet at 8pm", 8) and not names_value("meet at 8pm", 8, ())


def test_a_person_s_name_is_no_value_but_a_switch_word_is_a_boolean() -> None:
    assert not names_value("Marissa Green asked for a calmer cabin.", "green", ["Marissa Green"])
    assert says_value("keep the doors locked", True) and says_value("leave the window closed", False)
    assert all(says_value(f"it is {word}", True) for pair in SWITCH_WORDS.values() for word in pair)


def test_the_wording_counts_steps_with_the_readers_number_words() -> None:
    assert COUNT_WORDS == NUMBER_WORDS[:11] and [n for _, n in whole_numbers("twelve, then eleven")] == [12, 11]
