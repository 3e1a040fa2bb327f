"""A twin changes a value only where a line states it, and only to a value that fits what the line says.

The lines here are written for these tests (none is the release's).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from vmb.data import load_benchmark
from vmb.data.metadata import read_twin
from vmb.maker.generate.settings import settings
from vmb.maker.twin import make_twin
from vmb.maker.twin.meaning import asked_fit, fit, number_fits
from vmb.maker.twin.mentions import Said, number_said, said

COLOUR = "carcontrol_light_set_ambient_color"
VOICE = "carcontrol_navigation_set_voice_mode"
MAP = "carcontrol_navigation_set_map_view"
VIDEO = "carcontrol_video_set_quality"
DIRECTION = "carcontrol_airConditioner_set_air_direction"


def _members(api: str, value: str) -> re.Pattern[str]:
    others = [str(m).replace("_", "[ _]") for m in settings()[api].domain if m != value]
    return re.compile(rf"\b(?:{'|'.join(others)})\b", re.IGNORECASE)


def _allowed(api: str, line: str, value: str) -> set[str]:
    found = fit(api, line, line.lower().index(value.replace("_", " ").lower()), _members(api, value))
    return {m for m in settings()[api].values if m != value and found.allows(m)}


@pytest.mark.parametrize(("text", "word", "expected"), [
    ("Please set it to one.", "one", Said.VALUE),
    ("Level nine was far too hot yesterday.", "nine", Said.VALUE),
    ("Turn the fan to five degrees warmer.", "five", Said.VALUE),
    ("If I have to stare at one more screen today...", "one", Said.NOT_VALUE),
    ("Remember the one about the lighthouse keeper?", "one", Said.NOT_VALUE),
    ("We could split it into two shifts.", "two", Said.NOT_VALUE),
    ("Set the volume to 12.", "12", Said.VALUE),
])
def test_a_number_word_is_a_value_only_where_it_is_said_as_one(text: str, word: str, expected: Said) -> None:
    start = text.index(word)
    assert number_said(text, start, start + len(word)) is expected


@pytest.mark.parametrize(("text", "word", "value", "expected"), [
    ("My feet are frozen, point the air down there.", "feet", "feet", Said.UNSURE),
    ("Blow the air on the feet for a while.", "feet", "feet", Said.VALUE),
    ("The feet of this table are loose.", "feet", "feet", Said.NOT_VALUE),
    ("Can I mute the navigation voice?", "mute", "mute", Said.UNSURE),
    ("Switch the navigation voice to mute.", "mute", "mute", Said.VALUE),
])
def test_an_everyday_word_states_a_value_only_in_its_settings_clause(text: str, word: str, value: str,
                                                                     expected: Said) -> None:
    api = DIRECTION if value == "feet" else VOICE
    start = text.index(word)
    assert said(text, start, start + len(word), settings()[api], value) is expected


def test_a_stated_reason_allows_only_values_that_share_it() -> None:
    assert _allowed(COLOUR, "Make the cabin red, it keeps my night vision.", "red") == set()
    warm = _allowed(COLOUR, "Orange please, it feels cozy.", "orange")
    assert "red" in warm and "yellow" in warm and "blue" not in warm and "cyan" not in warm
    assert _allowed(VOICE, "Detailed voice, please: I keep missing turns in a new city.", "detailed") == set()
    assert _allowed(VOICE, "Use the simple voice, I know this route by heart.", "simple") == {"mute"}
    assert _allowed(MAP, "North up, so I can keep the compass straight in my head.", "north_up") == set()
    low = _allowed(VIDEO, "Stay on 480p, we are close to the data cap.", "480p")
    assert "270p" in low and "1080p" not in low


def test_a_line_without_a_reason_leaves_the_value_free_and_an_unknown_reason_keeps_it() -> None:
    assert _allowed(COLOUR, "I'll set it to white. Done.", "white") >= {"red", "blue", "pink"}
    grandmother = fit(COLOUR, "Blue, because it reminds me of my grandmother's kitchen.", 0, _members(COLOUR, "blue"))
    assert grandmother.unlisted and not grandmother.allows("cyan")


def test_a_reason_for_turning_another_value_down_is_not_the_new_values() -> None:
    allowed = _allowed(COLOUR, "Blue is too cold for me. I'd like white.", "white")
    assert "blue" not in allowed and "cyan" not in allowed and "red" in allowed
    not_warm = fit(COLOUR, "Purple is not quite warm. Keep purple.", 0, _members(COLOUR, "purple"))
    assert not any(r.name == "warm" for r in not_warm.reasons)


def test_numbers_keep_what_their_words_say() -> None:
    domain = tuple(range(0, 101))
    assert not number_fits(90, 44, ["Crank the volume up to 90."], set(), domain)
    assert number_fits(90, 95, ["Crank the volume up to 90."], set(), domain)
    assert not number_fits(45, 30, ["Recline it significantly, to 45."], {29}, domain)
    assert number_fits(45, 50, ["Recline it significantly, to 45."], {29}, domain)
    assert number_fits(2, 4, ["That's too dim, I can't read it. Level 2."], {1}, tuple(range(1, 6)))
    assert not number_fits(58, 40, ["I like the mirror high, at 58."], set(), domain)
    assert not number_fits(2, 7, ["My eyes are sensitive. Set the HUD brightness to 2."], {8}, tuple(range(1, 11)))


@pytest.fixture
def place_benchmark(tmp_path: Path) -> Path:
    """One group that goes to a named place, said by its full name and by its name alone."""
    root = tmp_path / "bench"
    (root / "history").mkdir(parents=True)
    (root / "qa_data").mkdir()
    lines = ["[2025-03-01 09:00] Ann Smith: The dentist moved, the new office is the Harwick Dental Clinic.",
             "[2025-03-01 09:01] Bob Jones: Harwick? That is near the river, I think.",
             "[2025-03-01 09:02] Ann Smith: Yes. Set the ambient light to blue, please.",
             "[2025-03-02 10:00] Bob Jones: Nice drive today."]
    (root / "history" / "history_1.txt").write_text("\n".join(lines) + "\n")
    query = {"gold_memory": "[March 1, 2025] At 9:00 AM, Ann Smith said the new dentist office is the Harwick "
                            "Dental Clinic.",
             "reasoning_type": "coreference_resolution", "query": "Take me to the dentist I told you about.",
             "new_answer": ['carcontrol_navigation_navigate_to(destination="Harwick Dental Clinic")']}
    (root / "qa_data" / "qa_1.json").write_text(json.dumps({"related_to_vehicle_preference": [query]}))
    return root


def test_a_named_place_is_renamed_everywhere_and_its_kind_stays(place_benchmark: Path, tmp_path: Path) -> None:
    make_twin(place_benchmark, 1, tmp_path / "twin")
    meta = read_twin(tmp_path / "twin")
    assert meta is not None
    places = meta.groups[0].places
    assert list(places) == ["Harwick Dental Clinic"]
    new = places["Harwick Dental Clinic"]
    assert new.endswith(" Dental Clinic") and new != "Harwick Dental Clinic"
    twin = load_benchmark(tmp_path / "twin")
    text = twin.group(1).history_text + twin.group(1).queries[0].gold_memory
    assert "Harwick" not in text and new in text and f"{new.split()[0]}?" in text
    assert twin.group(1).queries[0].calls[0]["args"]["destination"] == new


def test_what_a_query_says_of_the_value_counts_too() -> None:
    boring = asked_fit(COLOUR, "I'm driving tonight, set it to your boring, professional colour.")
    assert boring.allows("white") and not boring.allows("pink")
    flashy = asked_fit(COLOUR, "It's too flashy in here, back to my usual.")
    assert not any(r.name == "vivid" for r in flashy.reasons) and not flashy.allows("red")


def test_a_distance_said_of_another_value_keeps_the_distance() -> None:
    context = ["I'm much taller than you, I need the HUD higher at 8."]
    assert not number_fits(2, 7, ["My usual HUD height is 2."], {8}, tuple(range(1, 11)), context)
    assert number_fits(2, 3, ["My usual HUD height is 2."], {8}, tuple(range(1, 11)), context)


def test_a_value_said_as_the_end_of_its_range_and_a_query_placing_it_are_kept() -> None:
    from vmb.maker.twin.values import END_WORDS

    assert END_WORDS.search("My legs are long, so I need the leg support fully extended.")
    domain = tuple(range(1, 6))
    asked = ["My eyes are sensitive tonight, set the screen as before."]
    assert not number_fits(1, 4, ["The screen is too bright at night. Set it to 1.", *asked], {5}, domain)
