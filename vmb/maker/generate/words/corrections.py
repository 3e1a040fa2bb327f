"""How people take a value back in the car: the words of error_correction chains' corrections.

A correction minutes later (``CORRECTIONS``, or by the value it takes back: ``REFERRING``), one on
a later day that names what it takes back (``CORRECTIONS_LATER``), a relative one ("too strong,
one lower", ``RELATIVE``) with where it lands now and then (``LANDED``), a change tried and put
back (``CHANGED_FROM``, ``REVERTED``), and the steps they and the requests say (``step_said``).
"""

from __future__ import annotations

from random import Random

from vmb.data.spoken_words import COUNT_WORDS


def _step_parts(offset: int, unit: str) -> tuple[str, str]:
    """A step's count and noun as people say them ("two", "notches")."""
    size = abs(offset)
    word = COUNT_WORDS[size] if size < len(COUNT_WORDS) else str(size)
    noun = {"degrees": "degree", "percent": "point"}.get(unit, "notch")
    plural = ("es" if noun.endswith("ch") else "s") if size != 1 else ""
    return word, f"{noun}{plural}"


def step_words(offset: int, unit: str) -> str:
    """A step said plainly: "two notches lower"."""
    count, noun_ = _step_parts(offset, unit)
    return f"{count} {noun_} {'higher' if offset > 0 else 'lower'}"


def step_said(offset: int, unit: str, rng: Random) -> str:
    """A step as people say it in a correction or a request, in one of several forms the release's
    corrections use ("one level lower", "turn it down by 5", "a touch higher"): ``step_words``, "down
    by 5", "two notches down", "down two notches", and for the smallest step of a level or a degree
    a vague "a touch higher", which means one."""
    size = abs(offset)
    way, comparative = ("up", "higher") if offset > 0 else ("down", "lower")
    plain_step = step_words(offset, unit)
    count, noun_ = _step_parts(offset, unit)
    number = str(size) if unit in ("percent", "position") else count
    forms = [plain_step, f"{way} by {number}", f"{count} {noun_} {way}", f"{way} {count} {noun_}"]
    if size == 1 and unit in ("level", "degrees"):
        forms += [f"a touch {comparative}", f"a little {comparative}", f"just a bit {comparative}"]
    return rng.choice(forms)


# A correction right after the speaker's own words, in the same event.
CORRECTIONS = ("Actually, no.", "Wait, scratch that.", "Hmm, not like that.", "Sorry, I got that wrong.",
               "No, wait.", "Second thoughts, no.", "Wait, that's not it.", "Forget what I said.")
# A correction on a later occasion: it says what it takes back.
CORRECTIONS_LATER = ("Turns out I got {dev} wrong the other day.", "I changed my mind about {dev}.",
                     "Scratch what I said about {dev} before.", "I've had second thoughts about {dev}.",
                     "Actually, I didn't set {dev} right.", "No, I was wrong about {dev} earlier.",
                     "Hmm, {dev} the way I had it was a mistake.")
CHANGED_FROM = ("Let's switch {dev} from {old} to {new} for a change.", "I'm moving {dev} off {old}, trying {new}.",
                "How about {new} instead of {old} for {dev}?", "Change {dev} from {old} to {new}, just to see.",
                "I'm bored of {old}. {dev_cap} on {new}, please.", "Let's try {new} rather than {old} for {dev}.")
REVERTED = ("Hmm, no. Put it back the way it was.", "Actually I liked it better before. Change it back.",
            "No, that's worse. Back to what we had.", "Nope, undo that, the old one was better.",
            "I miss how it was. Switch it back, please.", "That was a mistake, go back to before.")
RELATIVE = {"lower": ("That's too much. Take it {step}.", "Hmm, I overdid it. Go {step}.", "Too strong for me, {step} please.",
                      "Bit much. Make it {step}.", "Ease it off, {step}."),
            "higher": ("That's not enough. Take it {step}.", "Too weak, honestly. Go {step}.", "I barely notice it, {step} please.",
                       "Not quite there. Make it {step}.", "Push it up, {step}."),
            "either": ("No, that's not right, {step} please.", "Close, but {step} would be better.",
                       "Almost. Try {step}.", "Nearly, but make it {step}.")}
# A correction minutes later that refers back instead of naming the device again, as about half the
# release's do ("Level 3 hurts. Level 1 is what I need."): {old} the value just set, {new} the new one,
# the complaint leaning the way the new value goes.
REFERRING = {"lower": ("{old_cap} is too much. {new_cap} is what I need.", "Ouch, {old} is too strong. Make it {new}.",
                       "Whoa, {old} is way too much. {new_cap} is enough.", "{old_cap} is too high for me. I meant {new}."),
             "higher": ("{old_cap} is too weak. {new_cap} is better.", "Hmm, {old} isn't enough. I meant {new}.",
                        "{old_cap} is too low, I can barely tell. Make it {new}.", "Not {old}, that's too little. {new_cap}."),
             "either": ("Wait, {old} is wrong. I meant {new}.", "Actually, {old} doesn't work for me. {new_cap} is better.",
                        "No, not {old}. Make it {new}.", "Hmm, {old} was a mistake. {new_cap}, please.",
                        "Sorry, not {old}. {new_cap} is the one.", "Hmm, {old} feels wrong. {new_cap} suits me better.")}
# The same on a later day, as half the release's are ("Level 3 is too noisy. Level 2 is the sweet spot").
REFERRING_LATER = {"lower": ("{old_cap} the other day was too much. {new_cap} is what I need.",
                             "I had it at {old} last time and it was too strong. {new_cap} from now on.",
                             "{old_cap} was too high last time. {new_cap} suits me better."),
                   "higher": ("{old_cap} last time was too weak. {new_cap} is better.",
                              "{old_cap} the other day wasn't enough. Make it {new} from now on.",
                              "I had it at {old} last time and could barely tell. {new_cap} from now on."),
                   "either": ("That {old} the other day was wrong for me. {new_cap} is the one.",
                              "Actually, {old} didn't work last time. {new_cap} from now on.",
                              "I've thought about it: not {old}. {new_cap} is better.")}
REFERRING_USE = 0.45  # of the corrections that could (a switch's "on" or "off" is no value to refer to)
# Where a relative correction lands, said after it (the release's do, but one in seven).
LANDED = ("{value} is better.", "So {value}.", "{value} should do it.", "That makes it {value}.",
          "{value}, that's the one.", "There, {value} is right.", "{value} feels right.", "Yes, {value}.")
# The same on a later occasion: they name the device they go back to.
RELATIVE_LATER = {"lower": ("{dev_cap}: too strong for me lately. Take it {step}.", "I overdid {dev} before. Go {step}.",
                            "I've had {dev} up too much, {step} please.", "Ease {dev} off, {step}."),
                  "higher": ("I've had {dev} too weak. Go {step}.", "I barely notice {dev} like this, {step} please.",
                             "{dev_cap}: not quite there yet. Make it {step}.", "Push {dev} up, {step}."),
                  "either": ("I haven't got {dev} right yet, {step} please.", "{dev_cap}: close, but better {step}.",
                             "{dev_cap}: nearly right. Make it {step}.")}
