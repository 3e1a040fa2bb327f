"""The procedural wording reads as people write: whole sentences, no template seams, no phrase that
gives a query's reasoning type away, no setting's catalog phrase inside another's in a group.

Each eye-read fault found in generated data is a class checked here over a whole 50-group
benchmark (short histories: the chains and queries are the default benchmark's): words said twice,
a marker before a complaint, a setting named twice in a line, API spellings spoken, a nickname or
a state's words repeated from the history by the query, scenes that contradict the drive."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from random import Random

from vmb.data import Benchmark
from vmb.data.reasoning import BY_NAME
from vmb.data.spoken_words import SPOKEN_VALUES
from vmb.maker.audit.wording import catalog_phrases, classify_types, gold_words, nested_phrase_groups
from vmb.maker.generate.plan import personas
from vmb.maker.generate.plan.options import GenerateOptions
from vmb.maker.generate.plan.recipes import BUILDERS, recipes
from vmb.maker.generate.procedural import asks, chains, speech, talk, voices
from vmb.maker.generate.schemas import Chain, Event, Utterance
from vmb.maker.generate.settings import settings
from vmb.maker.generate.words import ask_words, lexicon, situations, speech_words, states
from vmb.maker.generate.words.chat_interests import INTERESTS, Exchange
from vmb.maker.generate.words.chat_life import CAR, DRIVE, LIFE, WORK
from vmb.maker.generate.words.corrections import CORRECTIONS, RELATIVE
from vmb.maker.generate.words.devices import DEVICES, usable, value_noun
from vmb.maker.generate.words.fake import words
from vmb.maker.generate.words.names import same_person

_QUOTED = re.compile(r": '(.+?)'(?= [A-Z]|$)")
_DOUBLED = re.compile(r"\b(\w+) \1\b", re.IGNORECASE)
# A preposition left hanging before punctuation ("... when I lock up on."); "on" and "off" end
# switch values ("turn it on."), so they count only after "up".
_DANGLING = re.compile(r"\b(?:(?<!want )to|at|with|for|of|from|by|into|the|a|an|my|and|up on)[.,?!;:]", re.IGNORECASE)
_SEAMS = re.compile(r"[{}\[\]]|\s[,.;:?!]|[,;:][.,;:?!]|\.\.(?!\.)|\s{2}|^\s|\s$")
_SENTENCE = re.compile(r"(?:^|[.?!]\s)([a-z])")


def _texts(bench: Benchmark) -> list[tuple[str, str]]:
    """(where, text) of every query, every quoted line of a gold memory and every history line."""
    found = []
    for query in bench.queries:
        found.append((query.id, query.query))
        for entry in query.gold_memory.splitlines():
            found.append((f"{query.id} gold", re.sub(r"^\[[^\]]+\] ", "", entry)))
            found += [(f"{query.id} gold quote", said) for said in _QUOTED.findall(entry)]
    for group in bench.groups:
        found += [(f"history {group.number}", line.text) for line in group.lines]
    return found


def test_every_sentence_is_whole(wording_bench: Benchmark) -> None:
    slips = []
    for where, text in _texts(wording_bench):
        for name, pattern in (("seam", _SEAMS), ("doubled word", _DOUBLED), ("dangling word", _DANGLING),
                              ("lower-case sentence", _SENTENCE)):
            match = pattern.search(text)
            if match:
                slips.append(f"{where}: {name} {match.group(0)!r} in {text!r}")
    assert not slips, "\n".join(slips[:20])


def test_quotes_in_queries_and_gold_memory_are_closed(wording_bench: Benchmark) -> None:
    for query in wording_bench.queries:
        assert _QUOTED.search(query.query) or re.search(r": '.+?' [A-Z]\w+ asked the car", query.query), query.query
        for entry in query.gold_memory.splitlines():
            assert re.match(r"\[\w+ \d{1,2}, \d{4}\] At \d{1,2}:\d{2} [AP]M, [A-Z]", entry), entry
            assert _QUOTED.search(entry), entry


def test_the_request_wording_does_not_give_the_reasoning_type_away(wording_bench: Benchmark) -> None:
    accuracy, majority = classify_types(wording_bench)
    assert accuracy < majority + 25, (accuracy, majority)


def test_the_gold_memory_does_not_give_the_reasoning_type_away(wording_bench: Benchmark) -> None:
    """The type read off the masked gold memory (the audit's figure; the release: 46.8%). With two
    or three phrasings per condition and state this set read 61.2% ("when", "houseguest", "weeks"),
    with the banks of ``situations.py`` 51.4%; other seeds of the default benchmark read 52-61%."""
    accuracy, _ = classify_types(wording_bench, gold_words)
    assert accuracy < 58, accuracy


@cache
def _default_plans() -> list[list[set[str]]]:
    """Per group of the default 50-group benchmark: the catalog phrases of each query's calls."""
    options = GenerateOptions(groups=50, seed=1)
    phrases = catalog_phrases()
    plans = []
    for number in range(1, options.groups + 1):
        group = personas.build(options, number)
        plan = recipes(options, number, [p.name for p in group.people])
        plans.append([{phrases[c["name"]].lower() for c in chains.target_calls(r)} for r in plan])
    return plans


def test_no_setting_phrase_inside_another_in_a_group_of_the_default_benchmark() -> None:
    for number, plan in enumerate(_default_plans(), start=1):
        own = set().union(*plan)
        nested = sorted((a, b) for a in own for b in own if a != b and a in b)
        assert not nested, f"group {number}: {nested}"


def test_the_audit_counts_no_nested_phrases_in_generated_data(wording_bench: Benchmark, tmp_path: Path) -> None:
    assert nested_phrase_groups(wording_bench) == 0


def _lines(bench: Benchmark) -> list[tuple[str, str]]:
    """(where, text) of every query, every quoted line of a gold memory and every history line."""
    return [(where, text) for where, text in _texts(bench) if not where.endswith(" gold")]


def _report(slips: list[str]) -> str:
    return f"{len(slips)} slips:\n" + "\n".join(slips[:15])


def test_no_line_says_twice_what_people_say_once(wording_bench: Benchmark) -> None:
    """ "My back is finally back to normal, finally." """
    slips = []
    for where, text in _lines(wording_bench):
        said = re.findall(r"[a-z]+", text.lower())
        slips += [f"{where}: {w!r} twice in {text!r}" for w in sorted(lexicon.ONCE) if said.count(w) > 1]
    assert not slips, _report(slips)


def test_no_marker_before_a_complaint_and_no_i_find_before_a_question(wording_bench: Benchmark) -> None:
    """ "Remember, that's not quite right." and "On wet days, I find, how about ...?" """
    markers = "|".join(re.escape(m) for m in speech_words.MARKERS)
    objection = re.compile(rf"(?:^|[.!?] )(?:{markers}) (?:{voices._OBJECTION.pattern})", re.IGNORECASE)
    slips = [f"{where}: {text!r}" for where, text in _lines(wording_bench)
             if objection.search(text) or re.search(r"I find, (?!I\b)", text)]
    assert not slips, _report(slips)


def test_no_line_names_one_device_twice(wording_bench: Benchmark) -> None:
    """ "Something's wrong with the heated rim. I'd like the heated rim on notch 0." """
    names = sorted({n.lower() for d in DEVICES.values() for n in d.names if len(n.split()) > 1}, key=len, reverse=True)
    pattern = re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, names)) + r")(?!\w)")
    slips = []
    for where, text in _texts(wording_bench):
        if where.endswith(" gold") or where.startswith("history"):  # talk's topics ("the route grade") are no devices
            continue
        found = pattern.findall(text.lower())
        slips += [f"{where}: {n!r} twice in {text!r}" for n in set(found) if found.count(n) > 1]
    assert not slips, _report(slips)


def test_no_api_spelling_is_spoken(wording_bench: Benchmark) -> None:
    """ "the vents set to feet window": a value as the API spells it, which nobody says (nor "on off")."""
    raw = [v.replace("_", " ") for v, said in SPOKEN_VALUES.items()
           if v.replace("_", " ") not in said and ("_" in v or any(c.isdigit() for c in v))]
    pattern = re.compile(r"(?<![\w-])(?:" + "|".join(map(re.escape, raw)) + r")(?![\w-])|\b(?:on|at) off\b")
    slips = [f"{where}: {text!r}" for where, text in _lines(wording_bench) if pattern.search(text)]
    assert not slips, _report(slips)


def test_queries_describe_what_the_history_said_and_never_repeat_it(wording_bench: Benchmark) -> None:
    """No query quotes a nickname given in the history, nor a temporary state's words, nor a
    rule's condition: it describes them."""
    said = [*(f"{head} {tail}" for head in situations.NICKNAME_HEADS for tail in situations.NICKNAME_TAILS),
            *(p for s in states.STATES.values() for p in (*s.start, *s.end)),
            *(rule for c in situations.CONDITIONS.values() for rule in c.rule)]
    pattern = re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, sorted(said, key=len, reverse=True))) + r")(?!\w)",
                         re.IGNORECASE)
    slips = [f"{q.id}: {pattern.search(q.query).group(0)!r} in {q.query!r}"  # type: ignore[union-attr]
             for q in wording_bench.queries if pattern.search(q.query)]
    assert not slips, _report(slips)


def test_scenes_fit_the_drive_and_the_clock(wording_bench: Benchmark) -> None:
    """Nobody drives home from the match at 7 AM, and one driver alone is no "they" (nobody reads
    at the wheel: ``test_scenes.py``)."""
    slips = []
    for query in wording_bench.queries:
        if re.search(r"(?<!let )\balone\b|on (?:his|her) own", query.query) and re.search(r"\b(?:they|them|their)\b", query.query, re.I):
            slips.append(f"{query.id}: alone, yet 'they' in {query.query!r}")
        for text in (query.query, *query.gold_memory.splitlines()):
            clock = re.search(r"At (\d{1,2}):\d{2} ([AP])M", text)
            assert clock, text
            hour = int(clock.group(1)) % 12 + (12 if clock.group(2) == "P" else 0)
            if talk.errand_clash(text, hour):
                slips.append(f"{query.id}: the drive does not fit {clock.group(0)} in {text!r}")
    assert not slips, _report(slips)


def test_every_recipe_variant_has_its_request() -> None:
    options = GenerateOptions(groups=50, seed=1)
    variants = {r.variant for number in range(1, options.groups + 1)
                for r in recipes(options, number, [p.name for p in personas.build(options, number).people])}
    assert variants <= set(asks.BUILDERS), variants - set(asks.BUILDERS)


def _phrases(*parts: str) -> re.Pattern[str]:
    """Any phrase of ``parts`` (fields of ``states.State``) of any state."""
    said = [p for s in states.STATES.values() for part in parts for p in getattr(s, part)]
    return re.compile("|".join(re.escape(p) for p in sorted(said, key=len, reverse=True)), re.IGNORECASE)


def test_every_temporary_state_is_said_to_be_over(wording_bench: Benchmark) -> None:
    """A state_shift query asks for the usual value once its state is over: an entry or the query
    says so ("the brace came off"); never a state that simply never ends, never one that came back."""
    told = _phrases("end", "over")
    slips = [f"{q.id}: {q.query!r}" for q in wording_bench.queries if q.reasoning_type == "state_shift"
             and not told.search(q.query) and not told.search(q.gold_memory)]
    assert not slips, _report(slips)


def test_a_query_tells_only_the_end_of_a_state_its_history_began(wording_bench: Benchmark) -> None:
    """ "The optician is out of my life, by the way" in a conflict query, from nowhere: a state's end
    said in another type's query is one whose start its gold memory holds."""
    slips = []
    for query in wording_bench.queries:
        if query.reasoning_type == "state_shift":
            continue
        for state in states.STATES.values():
            if any(p.lower() in query.query.lower() for p in state.over) and \
                    not any(p.lower() in query.gold_memory.lower() for p in state.start):
                slips.append(f"{query.id}: {query.query!r}")
    assert not slips, _report(slips)


def test_a_correction_query_tells_no_state_end(wording_bench: Benchmark) -> None:
    """ "The guest bed is stripped and put away" before a correction's request makes it read as a state
    shift: the release's correction requests narrate no state's end, and ours neither."""
    slips = [f"{q.id}: {q.query!r}" for q in wording_bench.queries if q.reasoning_type == "error_correction"
             and any(p.lower() in q.query.lower() for state in states.STATES.values() for p in state.over)]
    assert not slips, _report(slips)


def test_a_correction_may_be_asked_for_with_its_device_switched_on(wording_bench: Benchmark) -> None:
    """ "Turn on the seat massage to the level I settled on last time", as a third of the release's
    correction requests (19 of 62): the device is named as one switches it on, and the answer sets
    its value (every setter switches its device on, so the reference needs no more)."""
    frames = [re.escape(f).replace(r"\{dev\}", ".+").replace(r"\{dev_cap\}", ".+").replace(r"\{noun\}", r"\w+")
              .replace(r"\{when\}", ".+").replace(r"\{step\}", ".+") for f in ask_words.TURN_ON + ask_words.TURN_ON_STEP]
    heads = re.compile("|".join(f"(?:{f})" for f in frames), re.IGNORECASE)
    corrections = [q for q in wording_bench.queries if q.reasoning_type == "error_correction"]
    switched = [q for q in corrections if heads.search(q.query)]
    assert 0.1 < len(switched) / len(corrections) < 0.45
    for query in switched:
        device = DEVICES[str(query.calls[-1]["name"])]
        assert device.switch is not None and any(n.lower() in query.query.lower() for n in DEVICES[device.switch].names), \
            query.id


def test_nicknames_fit_the_kind_of_value() -> None:
    """ "the reading light brightness at 9 ... the harbor look": a look is a colour's or a theme's."""
    from vmb.maker.generate.words.causes import concerns

    for api in DEVICES:
        if api not in settings():
            continue
        names = situations.nicknames(api)
        assert names and len(set(names)) == len(names)
        if "look" not in concerns(api):
            assert not any(n.endswith(" look") for n in names), api


_OPENING = re.compile(r"(?:told|said to) [^:']+: '([^']+)'")


def test_gold_entries_open_with_no_reply_to_something_unsaid(wording_bench: Benchmark) -> None:
    """ "Ugh, no. Can we have ..." or "That's not quite right. I'll take ...": an entry is a whole
    excerpt; a correction that opens one names what it takes back."""
    replies = [f.split("{")[0] for f in (*CORRECTIONS, *(x for b in RELATIVE.values() for x in b))]
    replies += ["That's not quite right", "Ugh, no", "That feels wrong", "Oh, and"]
    slips = []
    for query in wording_bench.queries:
        for entry in query.gold_memory.splitlines():
            opening = _OPENING.search(entry)
            if opening and any(opening.group(1).startswith(r) for r in replies if r):
                slips.append(f"{query.id}: {entry!r}")
    assert not slips, _report(slips)


def test_no_acquaintance_or_member_shares_a_members_name_or_its_short_form(wording_bench: Benchmark) -> None:
    """ "Cathy" asking beside a "Catherine" of the same group, or an acquaintance named like a member """
    slips = []
    people = set(words()["first_names"])
    for group in wording_bench.groups:
        members = [s.split()[0] for s in group.speakers]
        slips += [f"group {group.number}: {a} and {b}" for i, a in enumerate(members) for b in members[i + 1:]
                  if same_person(a, b)]
        for line in group.lines:
            named = set(re.findall(r"(?<=[a-z,;:] )([A-Z][a-z]+)\b", line.text)) & people - set(members)
            slips += [f"history {group.number}: {n!r} beside {m} in {line.text!r}" for n in named for m in members
                      if same_person(n, m)]
    assert not slips, _report(slips)


def _banks() -> list[tuple[str, Exchange]]:
    return [(k, e) for k, v in INTERESTS.items() for e in v] + [(k, e) for k, v in WORK.items() for e in v] + \
        [(k, e) for k, bank in (("life", LIFE), ("drive", DRIVE), ("car", CAR)) for e in bank]


def test_every_exchange_is_written_in_its_form() -> None:
    """Each line says who speaks (A, the one whose topic it is, or B) and fills only the slots the talk
    fills; no digits (the only digits of a history are what the car is set to)."""
    slips = []
    for key, exchange in _banks():
        for line in exchange:
            if line[:3] not in ("A: ", "B: "):
                slips.append(f"{key}: {line!r} has no speaker")
            for text in line[3:].split(" | "):
                slots = set(re.findall(r"{(\w+)}", text))
                if slots - {"A", "B", "friend", "day"} or re.search(r"\d", text) or not text.strip():
                    slips.append(f"{key}: {text!r}")
    assert not slips, _report(slips)


def test_talk_is_whole_exchanges_read_in_one_column() -> None:
    """A thread is one exchange, its lines in order and every alternative from one column, as they
    were written and read; only names and a weekday filled in."""
    group = personas.build(GenerateOptions(groups=5, seed=1), 1)
    threads = talk.Talk(group, Random(5))
    columns = [[_said(line, column) for line in exchange] for _, exchange in _banks() for column in range(2)]
    for _ in range(300):
        texts = [text for _, text in threads.thread(20)]
        assert any(len(c) == len(texts) and all(p.fullmatch(t) for p, t in zip(c, texts)) for c in columns), texts


def _said(line: str, column: int) -> re.Pattern[str]:
    """What a line of an exchange reads as in ``column``, its slots filled."""
    alternatives = line[3:].split(" | ")
    pattern = re.escape(alternatives[min(column, len(alternatives) - 1)])
    for slot, filler in (("A", r"[A-Z]\w+"), ("B", r"[A-Z]\w+"), ("friend", r"[A-Z]\w+"), ("day", r"[A-Z][a-z]+day")):
        pattern = pattern.replace(re.escape("{" + slot + "}"), filler)
    return re.compile(pattern)


def test_no_unit_is_said_twice_and_no_article_clashes(wording_bench: Benchmark) -> None:
    """ "the steering wheel heating level on level 6" and "a overpriced kebab shop" """
    doubled = re.compile(r"\b(level|setting|notch|position) (?:at|on|set to) \1 \d")
    article = re.compile(r"\ba (?!one\b|once\b|us|uni|eu)[aeiou]", re.IGNORECASE)
    slips = [f"{where}: {text!r}" for where, text in _texts(wording_bench)
             if doubled.search(text) or article.search(text)]
    assert not slips, _report(slips)


def test_rule_conditions_bear_on_their_device() -> None:
    """ "whenever we pass the refinery district ... my recline on 78": a rule's condition is one that
    can be a reason to change that device, unless only company could be and none does (who rides
    along is drawn apart from the condition)."""
    said = fit = 0
    for seed in (1, 3):  # seed 3 had two chains with one condition twice (groups 8 and 27)
        options = GenerateOptions(groups=50, seed=seed)
        for number in range(1, options.groups + 1):
            for recipe in recipes(options, number, [p.name for p in personas.build(options, number).people]):
                conditions = [v.condition for v in recipe.voices if v.condition in situations.CONDITIONS]
                categories = [situations.CONDITIONS[c].category for c in conditions]
                assert len(categories) == len(set(categories)), recipe  # two rules of a chain differ in category
                said += len(conditions)
                fit += sum(c in situations.fitting(recipe.setting) for c in conditions)
    assert fit > 0.9 * said, (fit, said)


def test_a_plural_device_takes_a_plural_verb(wording_bench: Benchmark) -> None:
    """ "The vents is all wrong as it is." """
    plural = sorted({n.lower() for d in DEVICES.values() for n in d.names
                     if n.startswith("the ") and re.search(r"[^s']s$", n) and not re.search(r" (?:on|for|giving) ", n)},
                    key=len, reverse=True)
    pattern = re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, plural)) + r") (?:is|isn't|has|feels|needs)\b",
                         re.IGNORECASE)
    slips = [f"{where}: {text!r}" for where, text in _lines(wording_bench) if pattern.search(text)]
    assert not slips, _report(slips)


def test_an_aside_knows_a_state_its_asker_told_capitalised() -> None:
    """ "I strained my back hauling those planters, so ..." opens with a capital after a lead; the
    aside still finds it, and never takes a state only the partner told of."""
    back, fever = states.STATES["back"].start[0], states.STATES["fever"].start[0]
    lines = [Utterance(speaker="Ana Ruiz", text=f"{speech.cap(back)}, so."),
             Utterance(speaker="Ben Ode", text=f"Oh no. {speech.cap(fever)}.")]
    event = Event(id="c1.e1", person="Ana Ruiz", others=["Ben Ode"], description="", kind="vehicle",
                  role="temporary", lines=lines)
    chain = Chain(id="c1", kind="vehicle", topic="usual", events=[event])
    assert asks.spoken_states(chain, "Ana Ruiz") == ["back"]
    assert asks.spoken_states(chain, "Ben Ode") == ["fever"]


def test_a_stepped_occasion_may_also_switch_its_device_on() -> None:
    """ "one warmer than on that foggy trip" switches the device on too, now and then, as every
    other variant does (the release: 13.6% multi-call answers)."""
    fan = usable()["carcontrol_airConditioner_set_fan_speed"]  # a number with steps and a switch
    kind = BY_NAME["coreference_resolution"]
    made = [BUILDERS[kind.recipe](0, fan, ["Ann Lee", "Bo Chen", "Cy Park"], Random(seed), 2, kind) for seed in range(300)]
    stepped = [r for r in made if r.variant == "occasion-step"]
    assert stepped and any(r.two_calls for r in stepped), len(stepped)


def test_color_is_spelled_as_the_catalog_spells_it(wording_bench: Benchmark) -> None:
    """ "The color I christened, for the colour of the interior lights": a device's name spells its
    value's noun as ``value_noun`` does, so the guard against saying it twice sees it."""
    names = [(api, name) for api, d in DEVICES.items() for name in d.names]
    assert not [n for _, n in names if "colour" in n]
    assert [n for api, n in names if value_noun(api) == "color" and "color" in n]
    # (Faker's job titles are spelt as the catalog spells too: tests/generate/test_scenes.py)
    assert not [f"{q.id}: {q.query!r}" for q in wording_bench.queries if "colour" in q.query.lower()]
