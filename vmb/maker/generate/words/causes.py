"""Why people say they want a value: the reasons they give and the temporary states they blame,
each tied to what it can be about (our own words).

A *concern* is what a setting does for someone: keeps them warm, holds their back, lights a
display, makes sound... Each device family (``devices.py``) serves one or more concerns with a
polarity: +1 when a higher value (or "on") gives more of the concern (the seat warmer, warmth),
-1 when it gives less (the seat cooling fan, warmth), 0 when its values have no direction for it
(a seat position, a colour, a destination). A reason belongs to one concern and leans one way
(+1 "I feel the cold", -1 "I run hot") or none; a temporary state affects some concerns, in a
direction or in none ("I'm shivery": warmth +1, a draught -1). A line gives a reason or a state
only where the device serves that concern and the value leans the way the cause does.
"""

from __future__ import annotations

from typing import Any

from vmb.maker.generate.settings import settings
from vmb.maker.generate.words.devices import DEVICES


def _families(spec: str) -> dict[str, int]:
    """"+fan vents -seat-fan" → {"fan": 1, "vents": 0, "seat-fan": -1}."""
    return {word.lstrip("+-"): {"+": 1, "-": -1}.get(word[0], 0) for word in spec.split()}


# Concern → the device families serving it, with their polarity.
SERVES: dict[str, dict[str, int]] = {concern: _families(spec) for concern, spec in {
    "warmth": "+temperature +seat-heat +wheel-heat -seat-fan",
    "stuffiness": "+temperature",
    "airflow": "+fan +ac +window",
    "freshness": "recirc ac-mode",
    "aim": "vents",
    "posture": "backrest cushion-tilt headrest seat-height seat-slide",
    "legroom": "foot-rest leg-rest cushion-ext seat-slide pedal",
    "massage": "+massage",
    "space": "fold",
    "brightness": "+hud +screen +dash +rear-screen +reading screen-auto dash-auto",
    "look": "ambient dash-color dash-theme dash-mode",
    "loudness": "+music-volume +radio-volume +video-volume +nav-volume",
    "guidance": "route map-view map-zoom traffic nav-voice route-power",
    "alerts": "+cameras",
    "sightline": "mirror-height mirror-angle mirror-tilt mirror-power",
    "eyeline": "hud-height",
    "music": "song station play-mode lyrics music radio",
    "viewing": "video-title video-scene video-full video",
    "picture": "video-quality",
    "readout": "screen-lang dash-lang rear-lang wheel-screen",
    "clock": "screen-clock dash-clock rear-clock",
    "visibility": "+fog +beams beam-level +auto-lights +drl +parking-lights +tail",
    "glass": "+wipers +wiper-speed +mirror-heat",
    "daylight": "+shade",
    "security": "+door-lock +window-lock +child-lock +shade-lock +mirror-fold",  # on: locked, closed, tucked in
}.items()}
# Reasons said after a wish, by concern and lean (+1: for more of the concern, -1: less, 0: either).
# "habit" reasons fit every device. No reason says a value of any setting (no number, colour, "on").
REASONS: dict[str, dict[int, tuple[str, ...]]] = {
    "habit": {0: ("it's what I'm used to from my old car", "anything else drives me up the wall",
                  "I learned that the hard way", "that's how I've always had it", "I got used to it years ago",
                  "I don't like surprises behind the wheel", "it suits the way I drive",
                  "my partner set it up like that once and it stuck", "it's one thing I never want to think about")},
    "warmth": {1: ("I feel the cold more than most people", "my hands go stiff otherwise", "the chill gets into my bones",
                   "I can't relax when I'm cold", "I spend the whole drive shivering otherwise",
                   "it takes the sting out of a frosty start", "I'm always the first one reaching for a sweater",
                   "cold makes my shoulders tense up"),
               -1: ("I run hot", "I hate arriving all sweaty", "I overheat in no time",
                    "I'd rather be a little chilly than sticky"),
               0: ("I hate being too hot or too cold", "it keeps me comfortable the whole way",
                   "my body seems to like it best")},
    # the cabin's air, which only its temperature makes stuffy (no seat or wheel warmer)
    "stuffiness": {-1: ("I get drowsy when the cabin is stuffy", "warm air makes me sleepy at the wheel",
                        "a stuffy car gives me a headache")},
    "airflow": {1: ("I like feeling the air move", "the cabin never gets stuffy that way", "fresh air keeps me alert",
                    "the glass never mists over"),
                -1: ("a draught dries my eyes out", "I can't stand air blasting at me", "the roar of the blower gets to me",
                     "it's so much more peaceful"),
                0: ("it keeps the air pleasant",)},
    "freshness": {0: ("the cabin smells fresher", "my allergies behave themselves", "I breathe easier")},
    "aim": {0: ("the air goes where I feel it most", "it doesn't blow straight in my eyes",
                "the air spreads the way I like it")},
    "posture": {0: ("it keeps my neck from aching", "my back is grateful for it", "it matches how I sit",
                    "my shoulders relax", "I can sit for hours without fidgeting", "my hips stop complaining",
                    "I sit up straight without thinking about it", "it holds me where I need it",
                    "my back doesn't ache when I get out")},
    "legroom": {0: ("my knees stop complaining", "I can reach the pedals without stretching", "my legs don't go numb",
                    "my calves don't cramp during long drives", "my heels rest where they should",
                    "there's room for my long legs")},
    "massage": {1: ("it works the knots out of my back", "my back has been begging for it",
                    "it's like a tiny spa during the commute"),
                -1: ("anything stronger leaves me sore", "a gentle touch is plenty", "more than that just tickles"),
                0: ("it loosens me up after work", "my muscles thank me for it")},
    "space": {0: ("there's room for the shopping", "the bike fits in the back that way", "we're always hauling something",
                  "the big suitcase goes in without a fight")},
    "brightness": {1: ("I can read it in bright sun", "I hate squinting at it", "the glare washes it out otherwise",
                       "my eyes aren't what they used to be", "I can make it out without leaning in"),
                   -1: ("it doesn't dazzle me", "my eyes thank me for it", "it doesn't glare at me in the dark",
                        "bright screens give me a headache", "it's less distracting out of the corner of my eye"),
                   0: ("it doesn't strain my eyes", "I can take it in at a glance")},
    "look": {0: ("it just looks right", "it just feels calmer", "it goes with the upholstery", "it cheers me up",
                 "it makes the car feel like mine", "it makes the cabin feel cozy", "nothing clashes that way")},
    "loudness": {1: ("I can hear it over the road noise", "my hearing isn't what it used to be",
                     "the tires drown it out otherwise", "I never miss a word", "I don't have to lean in to hear it"),
                 -1: ("I can hear myself think", "nobody has to shout over it", "loud sound wears me out",
                      "the kids can sleep in the back", "my ears ring otherwise", "it doesn't drown out the conversation"),
                 0: ("it sits just right under the conversation", "my ears seem happiest there")},
    "alerts": {1: ("I'd rather not collect a ticket", "I never know where the limit changes"),
               -1: ("the beeping drives me mad", "I know where they all are anyway")},
    "guidance": {0: ("I don't miss my turns", "I can keep watching the road", "I know what's coming before it comes",
                     "it gets me there without fuss", "I hate getting lost", "I'm hopeless with directions",
                     "I can plan my lane changes early")},
    "eyeline": {0: ("it sits right at eye level for me", "I can read it without looking away from the road",
                    "it sits just above the road for me")},
    "sightline": {0: ("I can see everything without craning my neck", "nothing hides in the blind spot",
                      "I can check behind me at a glance", "it lines up with my eyes",
                      "I don't have to twist around to see")},
    "music": {0: ("it makes the commute bearable", "it puts me in a good mood", "the time passes quickly",
                  "it keeps me sane in traffic", "I sing along without thinking", "it's the soundtrack of my week")},
    "viewing": {0: ("the kids stop fussing", "it keeps the passengers entertained", "it helps through long days",
                    "the back seat stays peaceful", "nobody asks how much longer")},
    "picture": {0: ("the picture doesn't stutter", "it doesn't eat through the data plan", "it looks sharp enough to me")},
    "readout": {0: ("I read it at a glance", "I don't have to think about it", "I take it in without looking twice",
                    "my brain reads it faster")},
    "clock": {0: ("it's the way my phone does it", "it's what I'm used to from work")},
    "visibility": {1: ("other drivers see me sooner", "I can see the road properly", "I can make out the edge of the road",
                       "nobody pulls out in front of me"),
                   -1: ("it doesn't bother oncoming drivers", "there's no need for it around town"),
                   0: ("I feel safer", "it's one less thing to worry about in traffic")},
    "glass": {1: ("I can actually see where I'm going", "the spray from the trucks never blinds me",
                  "I hate peering through streaks"),
              -1: ("the squeak of dry blades drives me nuts", "there's no point with the glass this dry"),
              0: ("I like a clear view",)},
    "daylight": {1: ("I love the light coming in", "the cabin feels less cramped", "I like seeing the sky"),
                 -1: ("the sun beats down right onto my head otherwise", "the cabin stays cooler in the shade")},
    "security": {1: ("I never have to go back and check", "the kids can't fiddle with anything",
                     "I'm forgetful about that sort of thing", "I sleep better knowing it's done",
                     "nobody gets in who shouldn't"),
                 -1: ("I'm in and out of the car all day", "it only gets in the way when I load up",
                      "I'd rather see to that myself")},
}
# What each temporary state (``states.STATES``) plausibly changes: concern → direction of the
# state's value against the usual one (0: either way, the state just makes it different).
AFFECTS: dict[str, dict[str, int]] = {
    "back": {"posture": 0, "massage": 0, "sightline": 0, "eyeline": 0},  # sitting differently, mirrors follow
    "fever": {"warmth": 1, "airflow": -1},  # shivery: warmer, no draught
    "eyes": {"brightness": -1},
    "wrist": {"posture": 0},
    "guest": {"music": 0, "viewing": 0, "loudness": 0, "look": 0, "guidance": 0, "readout": 0},
    "boots": {"legroom": 0},
    "project": {"brightness": -1, "clock": 0, "guidance": 0, "visibility": 1, "music": 0},  # night shifts
    "pregnant": {"posture": 0, "legroom": 0, "sightline": 0, "eyeline": 0, "massage": -1, "loudness": -1},  # recovering, gently
    "pollen": {"airflow": 0, "freshness": 0},
    "medication": {"warmth": -1, "airflow": 1},  # running hot
    "glasses": {"brightness": 1},  # squinting through an old pair
    "battery": {"visibility": -1},  # sparing a weak battery
    "grandkids": {"security": 0, "viewing": 0, "space": 0, "loudness": 0},
    "ankle": {"legroom": 0, "posture": 0},  # a foot in a cast sits differently
    "sunburn": {"warmth": -1, "airflow": 1, "daylight": -1},  # tender skin: cooler, air moving, out of the sun
    "newborn": {"loudness": -1, "security": 1, "daylight": -1},  # a sleeping baby: quiet, locked, shaded
    "jetlag": {"brightness": -1, "loudness": -1, "guidance": 0},  # tired eyes and ears, help finding the way
    "cold": {"warmth": 1, "airflow": -1, "loudness": -1},  # stuffed up: warm, no draught, a sore throat
    "exams": {"loudness": -1, "music": 0, "brightness": 1},  # studying in the car: quiet, a brighter lamp
    "moving": {"space": 0, "sightline": 0, "guidance": 0},  # boxes in the back, a new address
    "neck": {"posture": 0, "sightline": 0, "eyeline": 0, "massage": 0},  # a stiff neck sits and looks differently
    "migraine": {"brightness": -1, "daylight": -1, "loudness": -1, "look": 0},  # no bright light or loud sound
    "ears": {"loudness": 1, "airflow": -1},  # blocked ears: louder, no draught on them
}


def concerns(api: str) -> dict[str, int]:
    """The concerns ``api``'s device serves, with its polarity for each ("habit" for every device)."""
    family = DEVICES[api].family
    return {"habit": 0, **{c: served[family] for c, served in SERVES.items() if family in served}}


def lean(api: str, value: Any) -> int:
    """Which end of its range ``value`` sits at: +1 the top third (or "on"), -1 the bottom third (or
    "off"), 0 the middle or a value with no order (a word, a name)."""
    setting = settings()[api]
    if setting.kind == "bool":
        return 1 if value else -1
    if setting.kind != "int":
        return 0
    low, high = min(setting.domain), max(setting.domain)
    share = (value - low) / (high - low)
    return 1 if share > 0.7 else -1 if share < 0.3 else 0


def change(api: str, usual: Any, new: Any) -> int:
    """Which way ``new`` goes from ``usual``: +1 up (or switched on), -1 down (or off), 0 no order."""
    setting = settings()[api]
    if setting.kind == "bool":
        return 1 if new else -1
    if setting.kind != "int" or new == usual:
        return 0
    return 1 if new > usual else -1


def reasons(api: str, value: Any) -> tuple[str, ...]:
    """Every reason that fits saying ``value`` for ``api``: its concerns' reasons of no lean, and
    those leaning the way the value does."""
    found: list[str] = []
    for concern, polarity in concerns(api).items():
        way = lean(api, value) * polarity
        for said_way, said in REASONS[concern].items():
            if said_way == 0 or said_way == way:
                found += said
    return tuple(found)


def fits(state: str, api: str, way: int) -> bool:
    """Whether ``state`` can be the cause of moving ``api`` ``way`` (+1 up or on, -1 down or off,
    0 a value with no order): it affects a concern of the device, and every such concern it moves
    in a direction the move agrees with."""
    shared = {c: p for c, p in concerns(api).items() if c in AFFECTS[state]}
    return bool(shared) and all(AFFECTS[state][c] == 0 or AFFECTS[state][c] == way * p for c, p in shared.items())


def explains(state: str, api: str, usual: Any, new: Any) -> bool:
    """Whether ``state`` explains moving ``api`` from ``usual`` to ``new``: the move goes its way, and
    a state with a direction leaves the value at its end of the range ("shivery" puts the seat warmer
    high, the seat cooling fan low or off, never the fan at a middling speed)."""
    return fits(state, api, change(api, usual, new)) and fits(state, api, lean(api, new))


def states_for(api: str, way: int | None = None) -> list[str]:
    """The states (sorted) that can cause a move of ``api`` ``way``, or any move at all (``None``)."""
    ways = (way,) if way is not None else (1, -1, 0)
    return sorted(s for s in AFFECTS if any(fits(s, api, w) for w in ways))
