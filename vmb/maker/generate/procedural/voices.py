"""What each voice of a vehicle chain says: the wording of every voice, by its role.

One grammar serves every reasoning type: a *wish* (how someone asks for or keeps a value, from one
shared bank) with an optional *lead* before it (a complaint, a condition, a temporary state, a
correction) and an optional reason after it. The plan (``recipes.py``) decides which lead a voice
needs to mean what its role means (a rule has its condition, a temporary value its state, a
correction its "no, wait"); any voice that does not decide its query may also carry the leads of
other roles as colour (someone else's value "on wet days", a rival's sore wrist), so that no phrase
of the evidence belongs to one reasoning type: the type lives in the chain's structure.

Each line is composed with ``speech.Words`` from the banks of ``speech_words.py``.
"""

from __future__ import annotations

import re
from random import Random
from typing import Any

from vmb.data.spoken_words import COUNT_WORDS
from vmb.maker.generate.plan.recipe_types import Recipe, Voice, event_voices
from vmb.maker.generate.procedural.speech import PRONOUNS, Words, cap, first, for_now, lowered, noun, nouns, spoken
from vmb.maker.generate.settings import settings
from vmb.maker.generate.words import causes, situations, states
from vmb.maker.generate.words.corrections import (
    CHANGED_FROM,
    CORRECTIONS,
    CORRECTIONS_LATER,
    LANDED,
    REFERRING,
    REFERRING_LATER,
    REFERRING_USE,
    RELATIVE,
    RELATIVE_LATER,
    REVERTED,
    step_said,
    step_words,
)
from vmb.maker.generate.words.devices import DEVICES, literal
from vmb.maker.generate.words.lexicon import fresh
from vmb.maker.generate.words.speech_words import (
    COMPLAINTS,
    COND_LEADS,
    END_LEADS,
    ENDED,
    FOR_NOW,
    FOR_NOW_USE,
    FOR_OTHER,
    HABITS,
    MARKED_LEADS,
    MARKED_STEPS,
    MARKERS,
    NAMED,
    PLAIN_COMPLAINTS,
    REASONED,
    RELATION,
    RELATION_WHY,
    STATE_LEADS,
    TEMPORARY_LEADS,
    TEMPORARY_MARKED,
    TEMPORARY_STEPS,
    TEMPORARY_UNNUMBERED,
    UNSAID,
    UNSAID_CHANGE,
    UNSAID_ROLES,
    UNSAID_USE,
    WHY,
)


def theme_of(recipe: Recipe, voice: Voice) -> str:
    return str(recipe.theme if voice.person == recipe.extra["owner"] else recipe.extra["rival_theme"])


def _decides(recipe: Recipe, voice: Voice) -> bool:
    return voice.value is not None and voice.value in (recipe.answer, recipe.base)


def _complaint(words: Words, api: str, wish: str) -> str:
    """A complaint about the car as it is, naming the device by another name than ``wish`` does."""
    rng = words.rng
    others = [n for n in nouns(api) if n.lower() not in wish.lower()]
    if not others:
        return rng.choice(PLAIN_COMPLAINTS)
    dev = rng.choice(others)
    return rng.choice(COMPLAINTS).format(dev=dev, dev_cap=cap(dev))


def _takes_back(words: Words, api: str, wish: str) -> str:
    """A correction on a later occasion, naming the device by another name than ``wish`` does."""
    others = [n for n in nouns(api) if n.lower() not in wish.lower()]
    if not others:
        return "I've changed my mind since last time."
    dev = words.rng.choice(others)
    return words.rng.choice(fresh(CORRECTIONS_LATER, wish)).format(dev=dev, dev_cap=cap(dev))


def _colour(words: Words, recipe: Recipe, voice: Voice, api: str, wish: str) -> str | None:
    """A lead for a voice: a complaint now and then; for a voice that does not decide its query also
    a correction of the car as it is, or someone's other situation or state (one the chain itself is
    not about), so that no lead belongs to one reasoning type."""
    rng = words.rng
    roll = rng.random()
    deciding = _decides(recipe, voice)
    if roll < 0.1 or (deciding and roll < 0.2):
        return _complaint(words, api, wish)
    own_news = deciding and voice.role == "own" and roll < 0.3  # a standing value said with other news
    if (deciding and not own_news) or roll > 0.55 or (own_news and recipe.condition in states.STATES):
        return None
    used = {recipe.condition, *(v.condition for v in recipe.voices)}
    if own_news:
        roll = 0.5  # the end of some state: it leaves the value standing
    if roll < 0.25:
        taken = {situations.CONDITIONS[c].category for c in used if c in situations.CONDITIONS}
        # never reading or napping: the event's words may put the speaker at the wheel
        fitting = [k for k in situations.fitting(api) if situations.CONDITIONS[k].category not in taken
                   and not situations.CONDITIONS[k].still]
        if not fitting:
            return None
        key = rng.choice(fitting)
        cond = rng.choice(situations.CONDITIONS[key].rule)
        return rng.choice(COND_LEADS).format(cond=cond, cond_cap=cap(cond))
    if roll < 0.3 and voice.role != "wrong":  # a value later corrected is no correction itself
        return _takes_back(words, api, wish)
    if recipe.condition in states.STATES:  # no other state beside the chain's own
        return None
    # a state that begins explains a value leaning its way; one that ends, a value leaning back
    way = causes.lean(api, voice.value) * (1 if roll < 0.42 else -1)
    fitting = [k for k in sorted(states.STATES) if causes.fits(k, api, way)]
    if not fitting:
        return None
    state = states.STATES[rng.choice(fitting)]
    if roll < 0.42:
        said = rng.choice(fresh(state.start, wish))
        return rng.choice(fresh(STATE_LEADS, f"{said} {wish}")).format(state=said, state_cap=cap(said))
    said = rng.choice(fresh(state.end, wish))
    return rng.choice(fresh(END_LEADS, f"{said} {wish}")).format(end=said, end_cap=cap(said))


def _follows(recipe: Recipe, voice: Voice) -> bool:
    """Whether ``voice`` speaks after another voice of its own event (a correction minutes later)."""
    return any(v is voice for event in event_voices(recipe) for v in event[1:])


def _refers_back(recipe: Recipe, voice: Voice, api: str, rng: Random) -> str:
    """A correction of the value said just before it (in its event, or on an earlier day), by that
    value, not by the device: the gold entry of a later correction then names no setting."""
    old = next(before for before, this in zip(recipe.voices, recipe.voices[1:]) if this is voice).value
    way = "either"
    if DEVICES[api].unit in ("level", "percent", "degrees") and rng.random() < 0.7:  # "too strong" fits no position
        way = "higher" if voice.value > old else "lower"
    said_old, said_new = literal(api, old, rng), literal(api, voice.value, rng)
    bank = REFERRING if _follows(recipe, voice) else REFERRING_LATER
    return rng.choice(bank[way]).format(old=said_old, old_cap=cap(said_old), new=said_new, new_cap=cap(said_new))


def _relative(words: Words, recipe: Recipe, api: str, value: Any, deciding: bool = False) -> str:
    """A relative's favorite value: the recipe's relative for the value that decides (now and then
    with why they want it: ``REASONED``), another one's for a value that decides nothing."""
    if deciding and recipe.relation:
        rel, rel_pron = recipe.relation
    else:
        rel, rel_pron = words.rng.choice([r for r in situations.RELATIONS if r != recipe.relation])
    setp = words.setp(api, value)
    said = words.rng.choice(RELATION).format(rel=rel, pron=rel_pron, setp=setp, setp_cap=cap(setp),
                                             habit=words.rng.choice(HABITS))
    if words.rng.random() >= REASONED[deciding]:
        return said
    obj = {"he": "him", "she": "her"}[rel_pron]
    return said + words.rng.choice(RELATION_WHY).format(pron=rel_pron, pron_cap=cap(rel_pron), obj=obj)


_COUNTED = re.compile(rf"\b(?:{'|'.join(COUNT_WORDS)}|\d+)\b", re.IGNORECASE)


def _unnumbered(reasons: tuple[str, ...]) -> list[str]:
    """The reasons that say no number (a line saying no value must not seem to say one)."""
    return [r for r in reasons if not _COUNTED.search(r)] or ["it just suits me"]


def voice_lines(words: Words, recipe: Recipe, voice: Voice) -> list[str]:
    """What ``voice`` says: one line, now and then after a discourse marker."""
    said = _said(words, recipe, voice)
    if words.rng.random() < 0.2 and not _OBJECTION.match(said[0]):
        names = {first(n) for n in words.people} | set(str(voice.value).split()[:1])
        said = [f"{words.rng.choice(fresh(MARKERS, said[0]))} {lowered(said[0], names)}", *said[1:]]
    return said


def _starts(*banks: tuple[str, ...]) -> re.Pattern[str]:
    """Lines opening with any frame of ``banks`` (its words up to the first slot)."""
    heads = {f.split("{")[0].strip() for bank in banks for f in bank}
    return re.compile("|".join(re.escape(h) for h in sorted(heads, key=len, reverse=True) if h))


_OBJECTION = _starts(COMPLAINTS, PLAIN_COMPLAINTS, CORRECTIONS, CORRECTIONS_LATER, REVERTED, *RELATIVE.values(),
                     *RELATIVE_LATER.values())


def _said(words: Words, recipe: Recipe, voice: Voice) -> list[str]:
    api, rng, v, role = recipe.setting, words.rng, voice.value, voice.role
    why = REASONED[_decides(recipe, voice)]
    dev = noun(api, rng)
    cond = rng.choice(situations.CONDITIONS[voice.condition].rule) if voice.condition in situations.CONDITIONS else ""
    state = states.STATES.get(recipe.condition or "")
    if role == "why":  # why they want the value just said, minutes later, without saying it again
        reasons = [r for r in _unnumbered(causes.reasons(api, v)) if r not in words.spoken]
        return [rng.choice(WHY).format(reason=rng.choice(reasons or ["it just suits me"]))]
    if role in ("own-step", "temporary-step"):  # a step from a value said elsewhere, never the value
        step = step_words(voice.offset or 0, DEVICES[api].unit)
        if role == "own-step":
            base_holder = next(x.person for x in recipe.voices if x.role == "own-base")
            return [words.reason(f"I like {dev} {step} than {first(base_holder)} has it.", api, v, why)]
        assert state is not None
        start = rng.choice(state.start)
        said_as: tuple[str, ...] = MARKED_STEPS if rng.random() < TEMPORARY_MARKED else TEMPORARY_STEPS
        return [rng.choice(said_as).format(start=start, start_cap=cap(start), dev=dev, dev_cap=cap(dev), step=step)]
    if role in UNSAID_ROLES and not _decides(recipe, voice) and rng.random() < UNSAID_USE:
        wish = rng.choice(UNSAID_CHANGE if role == "temporary" else UNSAID).format(dev=dev, dev_cap=cap(dev))
        if role == "temporary":  # the state still says why, the value goes unsaid
            assert state is not None
            start = rng.choice(state.start)
            opening = rng.choice(fresh(TEMPORARY_LEADS, start)).format(state=start, state_cap=cap(start))
            return [words.led(opening, wish, v)]
        if role in ("situation", "occasion") and cond:
            return [words.led(rng.choice(COND_LEADS).format(cond=cond, cond_cap=cap(cond)), wish, v)]
        return [wish]
    if role in ("own", "usual", "everyday", "wrong", "own-base", "usual-base"):
        # a value a step is taken from is said as its number; a value that decides nothing may be
        # someone's for now, a relative's, or have a name (the words of other types' voices)
        aside = rng.random() if role in ("own", "everyday") and not _decides(recipe, voice) else 1.0
        if aside < 0.07:
            return [_relative(words, recipe, api, v)]
        wish = words.wish(api, v, habit=role in ("own", "usual", "own-base", "usual-base") and aside >= 0.25,
                          literal_only=role in ("wrong", "own-base", "usual-base"))
        if aside < 0.12:
            wish += rng.choice(NAMED).format(theme=rng.choice(situations.nicknames(api)))
        if role == "everyday" or (role == "wrong" and rng.random() < 0.35) or 0.12 <= aside < 0.25:
            wish = for_now(wish, rng.choice(FOR_NOW))
        lead = _colour(words, recipe, voice, api, wish)
        return [words.reason(words.led(lead, wish, v) if lead else wish, api, v, why)]
    if role == "rule-not":  # the rule said against the value of other days, which comes last
        wish = words.wish(api, v, habit=True, literal_only=True)
        lead = rng.choice(COND_LEADS).format(cond=cond, cond_cap=cap(cond))
        return [f"{words.led(lead, wish, v)} Not {literal(api, recipe.extra['not'], rng)} like other days."]
    if role in ("rule", "situation", "occasion"):
        wish = words.wish(api, v, habit=role == "rule", literal_only=role == "occasion" or v == recipe.base)
        if rng.random() < 0.35 and not wish.startswith(("How", "Honestly")):  # the condition after the wish
            return [words.reason(for_now(wish, f" {cond}"), api, v, why)]
        if role != "rule" and rng.random() < 0.3:  # someone's value on one occasion, not a rule of theirs
            wish = for_now(wish, rng.choice(FOR_NOW[:4]))
        lead = rng.choice(COND_LEADS).format(cond=cond, cond_cap=cap(cond))
        return [words.reason(words.led(lead, wish, v), api, v, why)]
    if role == "temporary":
        assert state is not None
        start = rng.choice(state.start)
        marked = rng.random() < TEMPORARY_MARKED
        lead = rng.choice(fresh(MARKED_LEADS if marked else TEMPORARY_LEADS, start)).format(state=start,
                                                                                           state_cap=cap(start))
        wish = words.wish(api, v, literal_only=rng.random() >= TEMPORARY_UNNUMBERED)
        if marked and lead.endswith((", so", ".")) and rng.random() < FOR_NOW_USE:
            wish = for_now(wish, rng.choice(fresh(FOR_NOW[:4], f"{lead} {wish}")))
        return [words.led(lead, wish, v)]
    if role == "ended":
        assert state is not None
        end = rng.choice(state.end)
        if v is None:
            return [rng.choice(fresh(ENDED, end)).format(end=end, end_cap=cap(end))]
        wish = words.wish(api, v, literal_only=True)
        return [words.led(rng.choice(fresh(END_LEADS, f"{end} {wish}")).format(end=end, end_cap=cap(end)), wish, v)]
    if role == "for-other":
        other = recipe.extra["favour_for"]
        pron, obj, _ = PRONOUNS[words.people[other].gender]
        setp = words.setp(api, v, literal_only=True)
        return [rng.choice(FOR_OTHER).format(who=first(other), setp=setp, pron=pron, obj=obj)]
    if role == "relation":
        return [_relative(words, recipe, api, v, deciding=True)]
    if role == "named":
        wish = words.reason(words.wish(api, v, habit=True), api, v, why)
        return [wish + rng.choice(NAMED).format(theme=theme_of(recipe, voice))]
    if role == "changed-from":
        return [rng.choice(CHANGED_FROM).format(dev=dev, dev_cap=cap(dev), old=spoken(recipe.extra["from"]),
                                                new=spoken(v))]
    if role == "reverted":
        return [rng.choice(REVERTED)]
    if role in ("corrected", "corrected-to") and voice.offset is not None:
        bank = RELATIVE if _follows(recipe, voice) else RELATIVE_LATER
        frames = bank["higher" if voice.offset > 0 else "lower"] + bank["either"]
        said = rng.choice(frames).format(step=step_said(voice.offset, DEVICES[api].unit, rng), dev=dev,
                                         dev_cap=cap(dev))
        if role == "corrected":  # the step alone: where it lands is for the reader to work out
            return [said]
        landed = rng.choice(LANDED).format(value=literal(api, v, rng))
        return [f"{said} {cap(landed)}"]
    if role == "corrected" and settings()[api].kind != "bool" and rng.random() < REFERRING_USE:
        return [_refers_back(recipe, voice, api, rng)]
    if role == "corrected":
        wish = words.wish(api, v, habit=True, literal_only=True)
        takes_back = rng.choice(CORRECTIONS) if _follows(recipe, voice) else _takes_back(words, api, wish)
        lead = takes_back if rng.random() < len(CORRECTIONS) / (len(CORRECTIONS) + len(COMPLAINTS)) \
            else _complaint(words, api, wish)
        return [words.reason(words.led(lead, wish, v), api, v, 0.3)]
    raise ValueError(f"unknown voice role {role!r}")
