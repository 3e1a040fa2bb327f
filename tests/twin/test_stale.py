"""Every statement of a changed value, every month and every person: the twin's readers on lines written for
these tests (none is the release's)."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from random import Random

import pytest

from vmb.data.spoken import spoken_numbers
from vmb.maker.generate.settings import settings
from vmb.maker.twin import stale
from vmb.maker.twin.dates import shift_months
from vmb.maker.twin.meaning import fit, number_fits
from vmb.maker.twin.names import People, new_names, renamer
from vmb.maker.twin.values import said_like

BRIGHTNESS = settings()["carcontrol_centerInformationDisplay_set_brightness"]
SEAT = settings()["carcontrol_seat_set_vertical_position"]
PLAY = settings()["carcontrol_music_set_play_mode"]
DIRECTION = settings()["carcontrol_airConditioner_set_air_direction"]


@pytest.mark.parametrize(("text", "numbers"), [
    ("Mirror's at ninety-five, just right.", [95]),
    ("Ninety five it is, and twenty for you.", [95, 20]),
    ("A hundred percent, at 8:00 AM on the 9th.", [100]),
    ("seventeen, then seventy", [17, 70]),
])
def test_every_number_word_is_heard(text: str, numbers: list[int]) -> None:
    assert [n for _, _, n in spoken_numbers(text)] == numbers


@pytest.mark.parametrize(("old", "new", "written"), [
    ("ninety-five", 93, "ninety-three"), ("Ninety five", 71, "Seventy one"), ("twenty", 8, "eight"),
    ("Seventy", 100, "One hundred"), ("42", 7, "7"),
])
def test_a_number_is_rewritten_the_way_it_was_said(old: str, new: int, written: str) -> None:
    assert said_like(old, new) == written


@pytest.mark.parametrize(("text", "setting", "value", "found"), [
    ("There we go, set it to twenty. That's better.", BRIGHTNESS, 20, True),
    ("I can be there in about twenty minutes.", BRIGHTNESS, 20, False),
    ("I'll have the seat raised all the way up for her.", SEAT, max(SEAT.domain), True),
    ("I'll have the seat raised all the way up for her.", SEAT, 60, False),
    ("Let's play it sequentially tonight.", PLAY, "sequential", True),
    ("I prefer the air on my face and feet, with some on the window.", DIRECTION, "face_feet_window", True),
    ("I prefer the air on my face and feet.", DIRECTION, "face_feet_window", False),
])
def test_a_value_is_heard_in_every_way_it_is_said(text: str, setting: object, value: object, found: bool) -> None:
    assert bool(stale.said(text, setting, value)) is found  # type: ignore[arg-type]


def test_a_statement_a_day_off_the_stamp_is_found_on_its_topic_only() -> None:
    start = datetime(2025, 3, 10, 9, 0)
    stamps = [start, start + timedelta(days=1), start + timedelta(days=1, minutes=1), start + timedelta(days=5)]
    texts = ["Let me dim the screen brightness.", "The screen is at twenty now.", "We walked twenty miles.",
             "The screen brightness is twenty."]
    near = stale.Near(stamps, texts)
    found = near.statements({date(2025, 3, 10)}, BRIGHTNESS, 20)
    assert [s.line for s in found] == [1]  # not a count of miles, not five days away


@pytest.mark.parametrize(("text", "said_on", "weeks", "moved"), [
    ("November shouldn't feel like this.", date(2025, 11, 12), -6, "October shouldn't feel like this."),
    ("The last week of April works.", date(2025, 3, 5), 4, "The last week of May works."),
    ("It's pushed to mid-May.", date(2025, 3, 12), 4, "It's pushed to mid-June."),
    ("May I ask?", date(2025, 3, 12), 4, "May I ask?"),
    ("It feels like winter already.", date(2025, 2, 25), 2, "It feels like spring already."),
    ("I took a fall on the ice.", date(2025, 11, 25), 2, "I took a fall on the ice."),
    ("June Carter sang in June.", date(2025, 6, 2), -6, "June Carter sang in April."),
])
def test_months_and_seasons_move_with_the_dates(text: str, said_on: date, weeks: int, moved: str) -> None:
    assert shift_months(text, timedelta(weeks=weeks), said_on)[0] == moved


def test_a_member_and_their_short_form_are_renamed_a_public_figure_is_not() -> None:
    people = People.of({"Samuel Reed", "William Hart", "Ann Evans"}, set())
    speakers = ["Samuel Reed", "William Hart", "Ann Evans"]
    mapping = new_names(people, speakers, {"samuel", "reed", "william", "hart", "ann", "evans"}, Random(3), {"will"})
    renaming = renamer(people, speakers, mapping)
    text, kept, short = renaming.rename("Sure thing, Sam. Bill, put on Bill Evans and Miles Davis. Will do, Evans.")
    assert f"Sure thing, {mapping['Samuel']}." in text and f"{mapping['William']}, put on Bill Evans" in text
    assert "Miles Davis" in text and f"Will do, {mapping['Evans']}." in text
    assert (kept, short) == (1, 2)  # "Bill Evans" kept; "Miles Davis" names no member at all
    assert renaming.left_in(text) == []


def test_reasons_that_place_a_number_keep_it_placed() -> None:
    domain = tuple(range(0, 11))
    moderate = ["I like the HUD at 8. It's bright enough without being distracting."]
    assert not number_fits(8, 10, moderate, set(), domain)
    assert number_fits(8, 7, moderate, set(), domain)
    compromise = ["Okay, the compromise is 22."]
    assert not number_fits(22, 35, compromise, {20, 24}, tuple(range(16, 36)))
    assert number_fits(22, 23, compromise, {20, 24}, tuple(range(16, 36)))
    assert not number_fits(22, 23, compromise, set(), tuple(range(16, 36)))  # nothing to be between


def test_resolution_praised_for_detail_stays_high() -> None:
    import re

    line = "The details look incredible in 1080p."
    others = re.compile(r"\b(?:270p|480p|720p)\b")
    found = fit("carcontrol_video_set_quality", line, line.index("1080p"), others)
    assert not found.allows("720p") and not found.allows("480p")


def test_a_reason_said_as_a_contrast_is_turned_down() -> None:
    import re

    line = "Cyan is definitely a more invigorating choice than the usual warm tones."
    others = re.compile(r"\b(?:red|orange|yellow|pink|blue|green|purple|white)\b")
    found = fit("carcontrol_light_set_ambient_color", line, 0, others)
    assert not found.allows("pink") and not found.allows("red")


def test_concise_guidance_still_talks() -> None:
    import re

    line = "I prefer the navigation voice to be simple and concise."
    found = fit("carcontrol_navigation_set_voice_mode", line, line.index("simple"), re.compile(r"\b(?:mute|detailed)\b"))
    assert not found.allows("mute")


def test_a_query_s_month_is_the_one_of_its_gold_entry() -> None:
    # The entry of March 2 moves 4 weeks to March 30: the query's "March" stays, though mid-March would not.
    said = shift_months("Back to my March setting.", timedelta(weeks=4), date(2025, 4, 20), (date(2025, 3, 2),))
    assert said == ("Back to my March setting.", 0)


def test_a_name_s_number_and_a_value_kept_low_or_extreme() -> None:
    from vmb.maker.twin.mentions import Said, number_said

    text = "Okay... Sentinel-2 coverage for the bay."
    assert number_said(text, text.index("2"), text.index("2") + 1) is Said.NOT_VALUE
    night = ["I struggle to read the speedometer at night if it's too bright. I keep the instrument brightness at 1."]
    assert not number_fits(1, 4, night, set(), tuple(range(0, 6))) and number_fits(1, 2, night, set(), tuple(range(0, 6)))
    upright = ["I need the seat backrest really upright, at 100 degrees."]
    assert not number_fits(100, 57, upright, set(), tuple(range(0, 101)))


def test_too_bright_and_a_small_move_keep_a_number_near() -> None:
    night = ["She complained: 'The screen is too bright at night.' She set the center display brightness to 20."]
    assert not number_fits(20, 79, night, {80}, tuple(range(0, 101))) and number_fits(20, 12, night, {80},
                                                                                     tuple(range(0, 101)))
    a_bit = ["Actually, 10 is washing out my screen. Turn it down a bit... 8 is perfect."]
    assert not number_fits(8, 3, a_bit, {10}, tuple(range(0, 11))) and number_fits(8, 9, a_bit, {10}, tuple(range(0, 11)))


def test_a_value_called_high_keeps_its_third_and_all_the_room_is_an_end() -> None:
    from vmb.maker.twin.values import END_WORDS

    upright = ["Setting the backrest angle to 89 degrees, nice and upright."]
    assert not number_fits(89, 52, upright, set(), tuple(range(0, 101))) and number_fits(89, 80, upright, set(),
                                                                                        tuple(range(0, 101)))
    assert END_WORDS.search("These long legs need all the space they can get.")


def test_a_contrast_between_two_numbers_is_not_collapsed_and_tropical_is_warm() -> None:
    zoom = tuple(range(1, 11))
    assert not number_fits(2, 7, ["I prefer the map zoomed out, level 2."], {8}, zoom)
    assert number_fits(2, 5, ["I prefer the map zoomed out, level 2."], {8}, zoom)
    warm = ["My doctor said I need to stay warm, so I'm keeping it tropical in here, 26 degrees."]
    assert not number_fits(26, 21, warm, set(), tuple(range(16, 33))) and number_fits(26, 28, warm, set(),
                                                                                     tuple(range(16, 33)))


def test_an_end_of_the_range_said_in_the_next_sentence_bears_on_the_value() -> None:
    from vmb.maker.twin.answers import _around
    from vmb.maker.twin.values import END_WORDS, Span

    text = "I set the seat horizontal position to 100. Alright, that's better: these long legs need all the space " \
           "they can get. The museum was great. It was the maximum."
    start = text.index("100")
    near = _around(text, Span(start, start + 3, "100"))
    assert END_WORDS.search(near) and "maximum" not in near
