"""What each value of a setting is said to be for, so that a changed value still fits its stated reason.

People give reasons for values that carry meaning: "red, it preserves night vision", "north up so I can
see the cardinal directions", "detailed so I don't miss turns", "480p, we are near our data cap". A
line that gives a reason listed here lets a twin move its value only to another value said to serve
that reason too (red to orange: both warm); a line that gives a reason this table does not list keeps
the query's value, and the twin's metadata names the line. A line that gives no reason ("I'll set it to
white. There you go.") lets the value move freely.

Each setting's table is written once, below: a reason's name, the words a line uses when it gives that
reason, and the values said to serve it. The words are this project's own reading of what people say
about such settings, not a list of any benchmark's sentences.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Reason:
    name: str
    cues: re.Pattern[str]
    values: frozenset[str]


def _table(rows: dict[str, tuple[str, str]]) -> tuple[Reason, ...]:
    """``{reason: (cue words as a regular expression, values serving it, space-separated)}``."""
    return tuple(Reason(name, re.compile(rf"\b(?:{cues})", re.IGNORECASE), frozenset(values.split()))
                 for name, (cues, values) in rows.items())


_COLOURS = {
    "warm": (r"warm|cozy|cosy|candle|fire(?:place|light)?|sunset|sunrise|golden|autumn|toasty|inviting",
             "red orange yellow pink"),
    "cool": (r"cool|cold|icy|crisp|clinical|sterile|frosty|wintry", "blue cyan green purple white"),
    "calm": (r"calm|sooth|relax|meditat|peaceful|serene|tranquil|zen|chill(?:ed)? out|unwind|mellow|moody|sleepy|"
             r"drowsy",
             "blue green purple cyan pink"),
    "nature": (r"forest|trees?\b|nature|natural world|leaf|leaves|garden|greenhouse|grass|canopy|plants?\b|jungle|"
               r"moss|woods|fields?\b|meadow|spring", "green"),
    "water": (r"ocean|sea\b|deep sea|water|beach|waves?\b|marine|aquatic|lagoon|underwater|sky\b|lake", "blue cyan"),
    "night vision": (r"night vision|preserv\w* (?:my |your |our )?(?:vision|eyes|sight)|dark[- ]adapt|"
                     r"adjusted to the dark|cockpit|faint stars|stargaz|astronom|telescope", "red"),
    "true colours": (r"see colou?rs|colou?rs correctly|true colou?rs?|neutral|daylight|clean look|reading|read by|"
                     r"study|schematics|paperwork|documents|notes\b|manuscripts?|dense text|clarity|boring|plain\b|"
                     r"professional|sober|understated|no[- ]nonsense", "white"),
    "focus": (r"focus|concentrat|alert|awake|wake (?:me |her |him |us )?up|sharp\b|clear[- ]headed|clear my mind|"
              r"mind clear", "blue white green cyan"),
    "futuristic": (r"futur|digital|synth|neon|cyber|sci-?fi|space|galaxy|tech\b|spaceship", "purple cyan blue pink"),
    "lively": (r"energ|vibrant|lively|fun\b|party|cheer|happy|playful|bold|festive|pop\b|upbeat", "red orange yellow "
               "pink purple"),
    "romantic": (r"romant|date night|valentine|love is in the air", "pink red purple"),
    "creative": (r"creativ|imagin|inspir|brainstorm|artistic|dream", "purple pink cyan"),
    "retro screen": (r"vt100|terminal|matrix|old computer|retro computer|crt\b|monochrome monitor", "green"),
    "vivid": (r"aggressive|harsh|intense|flashy|garish|loud\b|alarming|(?<!less )(?<!not )distracting|glaring|"
              r"electric",
              "red orange yellow pink purple"),
    "eerie": (r"sickly|eerie|ghostly|toxic|spooky|creepy|alien", "green purple cyan"),
    "mystical": (r"mystic|transcend|otherworld|contemplat|spiritual|magic|dreamy", "purple pink cyan blue"),
    "soft": (r"easier on the eyes|easy on the eyes|eye strain|gentle|gentler|subtle|soft\b|grounding|stress|muted|"
             r"low[- ]key", "blue green orange purple white"),
    "icy": (r"ice shelf|glacier|arctic|snow|polar|frost", "blue cyan white"),
    "dark": (r"less distracting|not distracting|unobtrusive|discreet|too dark|dark\w* (?:colou?r|shade)|hard to see|can'?t see the gauges", "black blue purple"),
}

_TABLES: dict[str, tuple[Reason, ...]] = {
    "carcontrol_light_set_ambient_color": _table(_COLOURS),
    "carcontrol_instrumentPanel_set_color": _table(_COLOURS),
    "carcontrol_navigation_set_map_view": _table({
        "terrain": (r"terrain|elevation|hills?|buildings|landmarks|layout of the|three[- ]dimension|depth|"
                    r"immersive|skyline|off[- ]road|visuali[sz]e|perspective|trajector", "3d"),
        "heading": (r"direction (?:i'?m|we'?re|you'?re) (?:going|heading|driving|facing)|heading\b|ahead|"
                    r"turns? coming|in front|follows? (?:the car|me|us)|rotat\w+ with", "heading_up"),
        "cardinal": (r"cardinal|north\b|compass|geograph|orient|map (?:always )?stays? put|doesn'?t rotate|"
                     r"hate (?:it )?when (?:the map|it) rotates|fixed|big picture|overview", "north_up"),
        "flat": (r"flat|simple|clutter|clean\b|boundar|plain|top[- ]down|bird'?s[- ]eye|geometry|intersections|"
                 r"confus|clearer|easier to read", "2d north_up"),
    }),
    "carcontrol_navigation_set_voice_mode": _table({
        "thorough guidance": (r"miss (?:a |any |the )?turns?|unfamiliar|new (?:route|area|city|place)|every turn|"
                              r"don'?t know (?:the|this)|lost|complex|tricky|step[- ]by[- ]step|all the (?:details|"
                              r"instructions)|full (?:guidance|instructions)|exits?\b|zone out|vague|all the help",
                              "detailed"),
        "guidance": (r"guidance|guide|directions|instructions|turn[- ]by[- ]turn", "detailed simple"),
        "less talk": (r"chatty|talkative|annoying|too much talk|nag|minimal|less talk|stop talking|chatter",
                      "simple mute"),
        "short talk": (r"brief|concise|short|fewer|efficient|to the point", "simple"),
        "silence": (r"silen|quiet|interrupt|podcast|audiobook|phone call|on a call|meeting|conversation|hear (?:the |my )?"
                    r"(?:music|podcast|radio)|sleep|nap|peace", "mute"),
        "know the way": (r"know (?:the|this) (?:way|route|area)|commute|drive it every day|familiar", "simple mute"),
    }),
    "carcontrol_video_set_quality": _table({
        "saving data": (r"data|bandwidth|signal|connection|reception|buffer|lag|stream\w* (?:smooth|better)|"
                        r"smoother|cap\b|plan\b|mobile|roaming|hotspot|weak", "270p 480p 720p"),
        "little data": (r"data cap|running out of data|limit\w* (?:our |the )?data|save (?:some |our |the )?data|"
                        r"waste of data|barely|very weak|no signal", "270p 480p"),
        "quality": (r"high[- ]def|hd\b|quality|sharp|crisp|clear picture|visuals|details?|detailed|gorgeous|"
                    r"beautiful|stunning|cinema|big screen", "1080p"),
        "full detail": (r"finer details|fine details|every detail|full (?:hd|quality|resolution)|best (?:quality|"
                        r"picture)|highest|maps?\b|annotation|small (?:text|print)", "1080p"),
        "enough": (r"enough|fine for|good enough|doesn'?t need|just (?:slides|talking|audio|a podcast)|slides",
                   "270p 480p 720p"),
    }),
    "carcontrol_music_set_play_mode": _table({
        "in order": (r"in order|order\b|sequen|episodes?|chapters?|story|storyline|album as|as intended|"
                     r"don'?t (?:want to )?miss|next episode|series", "sequential list_loop"),
        "one track": (r"same (?:song|track|piece)|one (?:song|track|piece)|this (?:song|track|piece)|"
                      r"over and over|again and again|on repeat|memori[sz]e|learn|practi[sc]e|analy[sz]e|study",
                      "single_loop"),
        "whole list": (r"whole (?:playlist|list|album)|all the (?:songs|tracks)|keep (?:it )?going|never stop|"
                       r"loop (?:the|my) (?:playlist|list)|start over|from the top", "list_loop"),
        "focus": (r"focus|concentrat|thoughts|think", "single_loop list_loop"),
        "variety": (r"random|variety|surprise|mix\w*|shuffle|something different|not predictable|fresh",
                    "shuffle"),
    }),
    "carcontrol_airConditioner_set_mode": _table({
        "clean air": (r"allerg|pollen|dust|smoke|pollution|air quality|clean air|sneez|smog|wildfire|fumes|smell|"
                      r"odou?r|germs|asthma|exhaust", "purify"),
        "dry air": (r"humid|muggy|damp|moisture|sticky|swampy|clammy|wet\b|rain", "dehumidify defog"),
        "clear glass": (r"windshield|windscreen|window|visibility|can'?t see (?:out|through)|glass", "defrost defog"),
        "ice": (r"frost|ice\b|icy|frozen|freezing", "defrost"),
        "fog": (r"fog|mist|steam\w*|condensation|hazy", "defog defrost dehumidify"),
        "no draft": (r"blowing on (?:me|us|my)|on my face|draft", "defrost defog"),
        "even air": (r"circulat|spread|everyone|evenly|back ?seat|whole cabin|around the cabin|move the air",
                     "swing"),
    }),
    "carcontrol_airConditioner_set_air_direction": _table({
        "not on the face": (r"(?:never|not|don'?t|no)\b[^.]{0,40}\b(?:face|body|eyes|skin)|away from (?:my|our|the)"
                            r" (?:face|body|eyes)|dry (?:my |our )?eyes|contacts|contact lenses",
                            "feet window feet_window"),
        "warm feet": (r"feet|toes|legs|ankles|floor|down (?:low|there)", "feet face_feet feet_window face_feet_window"),
        "clear glass": (r"windshield|windscreen|window|fog|mist|defog|defrost|visibility|glass",
                        "window face_window feet_window face_feet_window"),
        "cool face": (r"face|cool (?:me|us) down|blow (?:on|at) (?:me|us)|sweat", "face_feet face_window "
                      "face_feet_window"),
        "everywhere": (r"everywhere|every direction|all (?:over|around)|whole cabin|all vents", "face_feet_window"),
    }),
    "carcontrol_light_set_low_beam_level": _table({
        "see far": (r"see (?:far|further|ahead|the road)|dark (?:road|night)|country|rural|unlit|pitch|visibility",
                    "high highest medium"),
        "spare others": (r"blind\w* (?:other|oncoming)|oncoming|city|traffic|too bright|glare|fog", "lowest low medium"),
    }),
    "carcontrol_instrumentPanel_set_behavior_mode": _table({
        "attention": (r"alert|attention|notice|warn|remind|catch my eye", "blink"),
        "no distraction": (r"distract|dark|not needed|don'?t need|off\b|sleep|night", "off"),
    }),
}

# A line gives a reason when it says why, or what a value is like, beyond asking for it.
_REASON_MARKERS = re.compile(
    r"\b(?:because|since|so (?:that |i |we |you |it |the )|to (?:help|keep|avoid|not|see|make|stay|save|focus|"
    r"preserve|protect|reduce|get|hear|match|understand|check|analy)|helps?\b|keeps?\b|makes?\b|feels?\b|"
    r"reminds?\b|like (?:a|an|the|my|being|sitting|reading|old)|too \w+|it'?s (?:so|more|less|really|very|pretty|"
    r"much|kind of|a bit)|for (?:my|the|our|night|day|this|these|those|reading)|preserv|calm|sooth|relax|"
    r"perfect for|good for|better for|best for|need \w+ to|so i can|in order to|otherwise)", re.IGNORECASE)


_SENTENCE = re.compile(r"[^.!?]+(?:[.!?]+['\u2019\"]?|$)")


@dataclass(frozen=True)
class Fit:
    """What a line asks of a new value: ``reasons`` it names (the new value must serve every one), reasons
    it gives for turning another value down (the new value must serve none), or an ``unlisted`` remark
    giving a reason the table does not list (the value stays)."""

    reasons: tuple[Reason, ...] = ()
    turned_down: tuple[Reason, ...] = ()
    unlisted: str = ""

    def allows(self, value: str) -> bool:
        return (not self.unlisted and all(value in r.values for r in self.reasons)
                and not any(value in r.values for r in self.turned_down))


_NEGATED = re.compile(r"\b(?:not|n't|never|no|nor)\s+(?:\w+\s+)?$", re.IGNORECASE)
_TOO = re.compile(r"\btoo\s+(?:\w+\s+)?$", re.IGNORECASE)
_THAN = re.compile(r"\bthan\s+(?:\w+\s+){0,2}$", re.IGNORECASE)


def _said(reason: Reason, text: str, how: re.Pattern[str] | None = None) -> bool:
    """Whether ``text`` gives ``reason`` (not negated: "not quite warm"); with ``how``, only where ``how``
    ends the text before the cue ("too flashy")."""
    for match in reason.cues.finditer(text):
        before = text[max(0, match.start() - 24):match.start()]
        if _NEGATED.search(before):
            continue
        if how is None or how.search(before):
            return True
    return False


def _reasons(api: str, text: str, how: re.Pattern[str] | None = None) -> tuple[Reason, ...]:
    return tuple(r for r in _TABLES.get(api, ()) if _said(r, text, how))


def fit(api: str, text: str, start: int, members: re.Pattern[str]) -> Fit:
    """What the line ``text``, which says a value of setting ``api`` at ``start``, asks of a new value.

    The sentence saying the value gives its reasons. When it gives none, a sentence beside it may ("I hate
    how chatty this is. Set the voice to simple."), unless that sentence speaks of another value of the
    setting (``members``): then its reasons are why that value was turned down ("Blue is too cold. I
    prefer white."), and the new value must not share them."""
    sentences = list(_SENTENCE.finditer(text))
    here = next((n for n, m in enumerate(sentences) if m.start() <= start < m.end()), None)
    if here is None:
        return Fit()
    own = sentences[here].group(0)
    if named := _reasons(api, own):
        # "more invigorating than the usual warm tones": what it is compared with, it is not.
        contrasted = _reasons(api, own, _THAN)
        return Fit(tuple(r for r in named if r not in contrasted), contrasted)
    if _REASON_MARKERS.search(own):
        return Fit(unlisted=" ".join(own.split()))
    beside = [sentences[n].group(0) for n in (here - 1, here + 1) if 0 <= n < len(sentences)]
    reasons: list[Reason] = []
    turned_down: list[Reason] = []
    for sentence in beside:
        found = _reasons(api, sentence)
        if members.search(sentence):
            turned_down += found
        elif too := _reasons(api, sentence, _TOO):  # "Too flashy. White is better.": what it was, not what it is
            turned_down += too
            reasons += [r for r in found if r not in too]
        elif found:
            reasons += found
        elif _REASON_MARKERS.search(sentence):
            return Fit(unlisted=" ".join(sentence.split()))
    return Fit(tuple(reasons), tuple(turned_down))


# Words that place a number in its range ("crank it up to 90", "I like the mirror high, at 58", "keep the
# music low"): a new value stays on the same side of the range's middle. Not after "too", "so" or "not":
# "too dim, set it to 4" says what the value was before (the order of the stated values keeps that); but a
# value set low because something was too high ("the screen is too bright at night. Set it to 20") stays low,
# and one set high because something was too low stays high.
_TOO_HIGH = re.compile(r"\btoo (?:bright|loud|hot|warm|high|strong|intense|harsh|glaring|blinding)\b", re.IGNORECASE)
_TOO_LOW = re.compile(r"\btoo (?:dim|dark|quiet|cold|chilly|low|weak|soft|faint)\b", re.IGNORECASE)
# Words for the weather ("it's hot") and for a direction alone ("turn it down to 5") place nothing.
_MAGNITUDE = re.compile(
    r"(?<!too )(?<!so )(?<!not )\b(?:high|low|crank\w*|blast\w*|max\w*|min\w*|loud\w*|quiet\w*|bright|dim|"
    r"strong|weak|intense|gentle|soft|upright|reclined|sensitive|glar\w*|squint\w*|tropical|toasty|balmy|"
    r"stay (?:warm|cool)|keep (?:me |us |it )?(?:warm|cool))\b"
    # "I struggle at night if it's too bright. I keep it at 1": the value is what is not too bright.
    r"|\bif (?:it'?s|it is|they'?re) too \w+", re.IGNORECASE)

_EXTREME = re.compile(r"\b(?:crank\w*|blast\w*|max\w*|all the way|way (?:up|down)|barely|blinding\w*|burning|freezing|"
                      r"(?:really|very|super|fully) (?:upright|reclined|high|low|bright|dim|loud|quiet|steep|flat))\b",
                      re.IGNORECASE)
# Words that say a value is a small move from another ("10 is washing out my screen. Turn it down a bit... 8"):
# it stays about as near to the value it moved from.
_SMALL_MOVE = re.compile(r"\b(?:a (?:bit|little|tad|notch|touch)|slightly|bump(?:ed|ing)? it|nudg\w+)\b", re.IGNORECASE)
# Words that say a value is a middle one: "bright enough without being distracting" is no end of the range.
_MODERATE = re.compile(r"\b(?:enough|without being|not too|moderate|balanced|middle|in between|happy medium)\b",
                       re.IGNORECASE)
# Words that say a value is a compromise between two others: it stays between them.
_COMPROMISE = re.compile(r"\b(?:compromis\w*|middle ground|meet (?:you |me |us )?(?:in the middle|halfway)|"
                         r"split the difference|halfway)\b", re.IGNORECASE)
# Words that say how far a value stands from another: it keeps at least its distance.
_FAR = re.compile(r"\b(?:significantly|a lot (?:more|less|higher|lower|taller|shorter)|much (?:more|less|higher|lower|"
                  r"taller|shorter|bigger|smaller|warmer|cooler|louder|quieter|brighter|dimmer|stronger|weaker)|"
                  r"way (?:more|less|higher|lower|up|down)|drastic\w*|dramatic\w*|huge difference|big difference)\b",
                  re.IGNORECASE)


def _place(value: int, low: int, high: int) -> tuple[int, int]:
    """Which third of the range ``value`` is in, and its side of the middle (0 at the middle itself)."""
    position = (value - low) / (high - low) if high > low else 0.5
    return min(int(position * 3), 2), (position > 0.5) - (position < 0.5)


def number_fits(old: int, new: int, lines: list[str], others: set[int], domain: tuple[int, ...],
                context: tuple[str, ...] | list[str] = ()) -> bool:
    """Whether ``new`` may stand where ``lines`` say ``old``: on the same side of the range's middle when a
    line calls it high or low ("crank it up to 90", "keep the music low"), in the same third when a line
    calls it extreme (and no nearer the middle), and as far from every other value the group states as
    ``old`` was (up to a margin of the range) when a line says how far ("recline it significantly" after an
    upright 29 is not 30; a line of ``context``, the rest of the evidence, counts too: "I'm much taller, I
    need it higher" is said of the other value); without such words no value comes much nearer another than
    it was (at least the margin when it stood farther, half its distance when nearer)."""
    low, high = min(domain), max(domain)
    (old_third, old_side), (new_third, new_side) = _place(old, low, high), _place(new, low, high)
    # On a fine range a value called high or low keeps its outer third too: "nice and upright" at 89 is not 52.
    outer = len(domain) > 11 and old_third != 1 and new_third != old_third
    if any(_MAGNITUDE.search(line) for line in lines) and (old_side * new_side < 0 or outer):
        return False
    if any(_MODERATE.search(line) for line in lines) and (new in (low, high) or new_third != old_third):
        return False
    if old_side < 0 < new_side and any(_TOO_HIGH.search(line) for line in lines) or \
            old_side > 0 > new_side and any(_TOO_LOW.search(line) for line in lines):
        return False
    if others and any(_SMALL_MOVE.search(line) for line in lines):
        nearest = min(others, key=lambda o: abs(o - old))
        if abs(new - nearest) > abs(old - nearest) + max(1.0, 0.05 * (high - low)) or (new > nearest) != (old > nearest):
            return False
    if any(_COMPROMISE.search(line) for line in [*lines, *context]):
        below, above = [o for o in others if o < old], [o for o in others if o > old]
        if not below or not above or not max(below) < new < min(above):
            return False  # between the two values it settles, or not moved at all
    if any(_EXTREME.search(line) for line in lines):
        # As far out as it was: "all the way out" at 94 may become 97, not 83.
        if old_third != new_third or old_third == 2 and new < old or old_third == 0 and new > old:
            return False
    margin = max(2.0, 0.15 * (high - low))
    if not any(_FAR.search(line) for line in [*lines, *context]):
        # No value comes much nearer another than it was: "zoomed out, at 2" beside "street names, at 8" is not 7.
        return all(abs(new - other) >= min(abs(old - other), margin) / 2 + (abs(old - other) > margin) * margin / 2
                   for other in others)
    return all(abs(new - other) >= min(abs(old - other), margin) for other in others)


def asked_fit(api: str, query: str) -> Fit:
    """What a query asking for a value of ``api`` says of it ("set it to your boring colour"): the reasons
    it gives, less those it gives for what it turns down ("it's too flashy, back to my usual")."""
    too = _reasons(api, query, _TOO)
    return Fit(tuple(r for r in _reasons(api, query) if r not in too), too)
