"""The procedural path end to end: release layout, answers only in the history, the vetting."""

from __future__ import annotations

import json
import re
from pathlib import Path
from random import Random

from tests.generate.conftest import SMALL, chain_sets, files, generate, vehicle_chains
from vmb.cli import main
from vmb.data import REASONING_TYPES, load_benchmark
from vmb.data.metadata import read_metadata
from vmb.data.reasoning import BY_NAME, REASONING
from vmb.data.spoken import mentions, says_value
from vmb.maker.audit.answerability import clock_contradiction
from vmb.maker.generate.export.vetting import check_benchmark
from vmb.maker.generate.plan.options import GenerateOptions, rng_for, type_counts
from vmb.maker.generate.plan.recipes import BUILDERS
from vmb.maker.generate.procedural import qa
from vmb.maker.generate.schemas import Chain
from vmb.maker.generate.settings import settings
from vmb.maker.generate.words.devices import usable
from vmb.sim import World
from vmb.stats import compute


def test_release_layout_loads_and_every_query_changes_the_car(small_bench: Path) -> None:
    bench = load_benchmark(small_bench)
    assert [g.number for g in bench.groups] == [1, 2, 3]
    assert all(len(g.lines) == SMALL.history_lines for g in bench.groups)
    assert all(len(g.speakers) == SMALL.people for g in bench.groups)
    assert len(bench.queries) == 3 * SMALL.vehicle_chains
    for query in bench.queries:
        world = World()
        assert all(world.call(c["name"], c["args"])["success"] for c in query.calls), query.id
        assert world.diff(), query.id
    qa = json.loads((small_bench / "qa_data" / "qa_1.json").read_text())
    assert list(qa) == ["related_to_vehicle_preference"]
    assert list(qa["related_to_vehicle_preference"][0]) == ["gold_memory", "reasoning_type", "query", "new_answer"]


def test_answer_value_is_in_the_history_and_not_in_the_query(small_bench: Path) -> None:
    bench = load_benchmark(small_bench)
    metadata = read_metadata(small_bench)
    assert metadata is not None
    for group in bench.groups:
        chains = metadata.chains_by_query()
        for query in group.queries:
            chain = chains[query.id]
            target = chain.target
            assert target is not None and target.setting is not None
            value = target.value
            assert not mentions(query.query, value), query.id
            said = [group.lines[n - 1].text for e in chain.events for n in e.lines]
            if target.offset is not None:  # a value nobody said: its base is said, the step is arithmetic
                assert value == target.base + target.offset and any(mentions(t, target.base) for t in said)
            else:
                domain = settings()[target.setting].domain
                assert any(says_value(text, value, domain) for text in said), query.id


def _said(chain: Chain) -> list[str]:
    return [u.text for e in chain.events for u in e.lines]


def _derives(chain: Chain) -> bool:
    """A value nobody said: a line says the base, none the answer, and base + offset is the answer."""
    target = chain.target
    assert target is not None and target.base is not None and target.offset is not None
    lines = _said(chain)
    return (target.base + target.offset == target.value and any(mentions(t, target.base) for t in lines)
            and not any(mentions(t, target.value) for t in lines))


def test_state_shift_asks_for_the_usual_value_not_the_latest() -> None:
    found = vehicle_chains(11, "state_shift")
    usual = [c for c in found if c.topic.startswith("usual")]
    assert usual and len(usual) > len(found) / 2
    for chain in found:
        assert chain.target is not None
        roles = [e.role for e in chain.events]
        # a usual value and a temporary change caused by a temporary state; the state's end is an
        # entry of its own, said with the usual value, or left to the query
        said_usual = next(e for e in chain.events if e.role in ("usual", "usual-base") or e.value is not None
                          and e.role == "ended")
        temporary = [e for e in chain.events if e.role in ("temporary", "temporary-step")]
        assert len(temporary) == 1 and temporary[0].condition == chain.target.condition
        assert temporary[0].value != said_usual.value
        ended = [e for e in chain.events if e.role == "ended"]
        assert all(e.condition == chain.target.condition for e in ended) and roles.index(temporary[0].role) < (
            roles.index("ended") if ended else len(roles))
        # the query asks for the usual value, never the temporary one back (the release's meaning)
        assert chain.target.value != temporary[0].value
        if chain.topic.startswith("usual:"):
            assert chain.target.value == said_usual.value
        else:  # or the usual value with a step ("but one lower")
            assert chain.topic.startswith("usual-step") and chain.target.base == said_usual.value and _derives(chain)
        if temporary[0].role == "temporary-step":  # the state's value said as a step from the usual one
            assert roles.index("usual") < roles.index("temporary-step")
    # mostly two entries, as in the release (73 of 90), never more than three
    assert sum(len(c.events) == 2 for c in found) > 0.6 * len(found)
    assert max(len(c.events) for c in found) == 3
    # neither the first nor the latest value said is a rule: each is right for some queries, wrong for more
    usual = [c for c in usual if c.topic.startswith("usual:")]
    values = [[e.value for e in c.events if e.value is not None] for c in usual]
    first_right = sum(v[0] == c.target.value for v, c in zip(values, usual))  # type: ignore[union-attr]
    latest_right = sum(v[-1] == c.target.value for v, c in zip(values, usual))  # type: ignore[union-attr]
    assert 0.1 * len(usual) < latest_right < 0.5 * len(usual) and 0.3 * len(usual) < first_right < 0.85 * len(usual)


def test_error_correction_is_often_the_same_day_and_relative() -> None:
    found = vehicle_chains(11, "error_correction")
    # corrected minutes later in one event (the release: 20 of 62), or on another day after someone
    # else's value (a third entry, 6 of 62)
    sizes = [len(c.events) for c in found]
    assert 0.2 < sizes.count(1) / len(found) < 0.5 and sizes.count(3) > 0 and max(sizes) == 3
    relative = [c for c in found if c.topic.startswith("relative")]
    stepped = [c for c in found if c.topic.startswith("step-on-corrected")]
    assert relative and stepped and len(relative) + len(stepped) > len(found) / 4
    for chain in relative:
        target = chain.target
        assert target is not None
        world = World()
        setting = settings()[target.setting]
        world.call(setting.api, setting.call(target.base)["args"])
        before = world.flat()
        for call in target.calls:
            assert world.call(call["name"], call["args"])["success"]
        changed = {p: v for p, v in world.flat().items() if before[p] != v}
        assert target.base + target.offset in changed.values()  # type: ignore[operator]
    for chain in stepped:  # the query asks a step from the value the correction settled on
        assert chain.target is not None
        corrected = next(e for e in chain.events if e.role.endswith("corrected"))
        assert corrected.value == chain.target.base and corrected.person == chain.target.person
        assert chain.target.base + chain.target.offset == chain.target.value  # type: ignore[operator]


def test_a_relative_correction_mostly_says_where_it_lands() -> None:
    """The release's relative corrections say the value they settle on ("lower it a bit", then level 2)
    but one in seven: a step said alone needs arithmetic (the answer is a value nobody said), a step
    with where it lands is read off the line."""
    relative = [c for c in vehicle_chains(11, "error_correction", 120) if c.topic.startswith("relative")]
    alone = [c for c in relative if any(e.role.split("+")[-1] == "corrected" for e in c.events)]
    assert 0 < len(alone) < len(relative) / 2
    for chain in relative:
        target = chain.target
        assert target is not None
        if chain in alone:
            assert _derives(chain)
        else:
            landing = next(e for e in chain.events if "corrected-to" in e.role)
            assert any(says_value(u.text, target.value, settings()[target.setting].domain) for u in landing.lines)


def test_a_step_said_alone_is_a_fifth_of_relative_corrections() -> None:
    """The rate behind the test above, on the recipe itself over 1,000 draws (a generated set holds too few
    relative corrections to measure it: 8 in 120 groups)."""
    kind = BY_NAME["error_correction"]
    fan = usable()["carcontrol_airConditioner_set_fan_speed"]
    made = [BUILDERS[kind.recipe](0, fan, ["Ann Lee", "Bo Chen", "Cy Park"], Random(seed), 2, kind)
            for seed in range(1000)]
    relative = [r for r in made if r.variant.startswith("relative")]
    alone = [r for r in relative if any(v.role.split("+")[-1] == "corrected" for v in r.voices)]
    assert len(relative) > 100 and 0.12 < len(alone) / len(relative) < 0.32


def test_a_corrected_value_is_often_the_latest_said_never_always() -> None:
    """The release's answer is said in its latest entry in 43 of 61 corrections: a step the query asks
    (11 of 62), a value put back or someone else's later value make the rest; so neither the latest
    value said nor a step on it is a rule."""
    found = vehicle_chains(11, "error_correction")
    latest = [c for c in found if c.target is not None and
              any(says_value(u.text, c.target.value, settings()[c.target.setting].domain) for u in c.events[-1].lines)]
    assert 0.5 < len(latest) / len(found) < 0.85
    stepped = [c for c in found if c.topic.startswith("step-on-corrected")]
    assert 0.08 < len(stepped) / len(found) <= 0.3  # 50 chains: 0.3 is 15 of them
    # the step's base is the corrected value, and someone else's value may come after it
    later = [c for c in found if c.events[-1].role == "everyday"]
    assert later and all(c.target is not None and c.events[-1].value != c.target.value for c in later)


def test_conflicts_and_conditions_are_decided_by_who_asks_and_the_situation() -> None:
    conflicts = vehicle_chains(11, "preference_conflict")
    assert {c.topic.split(":")[0] for c in conflicts} == {"own", "own-step-asked", "for-passenger", "driver-decides"}
    for chain in conflicts:
        assert chain.target is not None
        own = {e.person: e.value for e in chain.events if e.role.split("+")[0] in ("own", "own-base", "own-step")}
        assert len(own) >= 2 and len({repr(v) for v in own.values()}) == len(own)
        if chain.topic.startswith("own-step-asked"):  # "my usual, but one step dimmer": the query's step
            assert own[chain.target.person] == chain.target.base and _derives(chain)
        else:
            assert chain.target.value in own.values()
        if chain.topic.startswith("for-passenger"):  # the driver asks for the passenger's value, not theirs
            assert own.get(chain.target.person) != chain.target.value
        if any(e.role == "own-step" for e in chain.events):  # "two degrees warmer than Dana has it"
            assert _derives(chain)
    conditional = vehicle_chains(11, "conditional_constraint")
    assert {c.topic.split(":")[0] for c in conditional} == {"rule", "rule-step"}
    for chain in conditional:
        assert chain.target is not None
        rule = [e for e in chain.events if e.condition == chain.target.condition]
        assert len(rule) == 1 and rule[0].role in ("rule", "rule-not")
        # another value is in play: under another condition, or the usual one
        assert any(e.value not in (chain.target.value, chain.target.base) and e.condition != chain.target.condition
                   for e in chain.events)
        if chain.topic.startswith("rule-step"):  # the query adds a step to the rule's value, said as a number
            assert rule[0].value == chain.target.base and _derives(chain)
        else:
            assert rule[0].value == chain.target.value


def test_steps_are_asked_in_the_query_as_the_release_asks_them() -> None:
    """The release's conditional requests add a step to a rule's value (9 of 102), its gold memories
    never say one; its state-shift requests ask a step from the usual value (6 of 90; more here, as
    the unstated answers its others give), a usual said before the temporary value, so the latest
    value plus the step is wrong."""
    conditional = vehicle_chains(11, "conditional_constraint")
    stepped = [c for c in conditional if c.topic.startswith("rule-step")]
    assert 0.03 * len(conditional) < len(stepped) < 0.15 * len(conditional)
    assert not any(e.role.endswith("-step") for c in conditional for e in c.events)
    shifts = vehicle_chains(11, "state_shift")
    asked = [c for c in shifts if c.topic.startswith("usual-step")]
    assert 0.03 * len(shifts) < len(asked) < 0.25 * len(shifts)
    for chain in asked:
        values = [e.value for e in chain.events if e.value is not None]
        assert chain.target is not None and values[-1] != chain.target.base


def test_state_shift_seldom_says_the_temporary_value_is_temporary() -> None:
    """The state says the value is for a while; a word saying so or giving it as a cause ("since",
    "because", "for now", "today") is in 27 of the release's 90 state-shift gold memories. Three seeds' chains
    (216 temporary values), since one seed's 72 put a rate near 0.2 below 0.15 one draw in ten."""
    marked = re.compile(r"\b(?:since|until|while|because|for now|for the moment|for a while|today)\b", re.I)
    temporary = [e for seed in (11, 12, 13) for c in vehicle_chains(seed, "state_shift") for e in c.events
                 if e.role.startswith("temporary")]
    share = sum(bool(marked.search(" ".join(u.text for u in e.lines))) for e in temporary) / len(temporary)
    assert 0.15 < share < 0.45


def test_conflicts_are_decided_by_the_earlier_value_as_often_as_in_the_release() -> None:
    """The deciding value is the latest of two people's about two times in five (the release: 35 of
    85); the query asks a step from the asker's own value now and then (the release: 10 of 149), so
    neither the latest nor the asker's own value is a rule."""
    conflicts = [c for c in vehicle_chains(11, "preference_conflict") if c.target is not None]
    plain = [c for c in conflicts if c.target.offset is None]  # type: ignore[union-attr]
    latest = [[e.value for e in c.events if e.value is not None][-1] == c.target.value  # type: ignore[union-attr]
              for c in plain]
    assert 0.25 < sum(latest) / len(latest) < 0.55  # 0.4 planned; about 100 chains here
    asked = [c for c in conflicts if c.topic.startswith("own-step-asked")]
    assert 0.03 * len(conflicts) < len(asked) < 0.12 * len(conflicts)


def test_a_conflict_holder_says_why_without_saying_the_value_again() -> None:
    """The deciding entry is often the fuller one (the holder says why, minutes later), and its value
    is said once: a line saying it again would make "the most frequent value" a rule."""
    conflicts = vehicle_chains(11, "preference_conflict")
    why = [e for c in conflicts for e in c.events if e.role.endswith("+why")]
    assert 0.2 * len(conflicts) < len(why) < 0.5 * len(conflicts)
    for event in why:
        assert event.setting is not None
        domain = settings()[event.setting].domain
        said = [u.text for u in event.lines if u.speaker == event.person]
        assert len(said) == 2 and not says_value(said[1], event.value, domain), said
        assert not re.search(r"\b(?:one|two|three|four|five|six|seven|eight|nine|ten|\d+)\b", said[1]), said


def test_coreference_values_are_mostly_the_askers_own_beside_someone_elses() -> None:
    """As in the release: the described value is mostly the asker's own (44 of its 49 answers said in
    the gold), and the gold mostly holds two people's values (66 of 97)."""
    found = [c for c in vehicle_chains(11, "coreference_resolution") if c.target is not None]
    deciding = [next((e.person for e in c.events if e.value in (c.target.value, c.target.base)), None)  # type: ignore[union-attr]
                for c in found]
    mine = sum(person == c.target.person for person, c in zip(deciding, found))  # type: ignore[union-attr]
    assert 0.7 * len(found) < mine < len(found)
    two = sum(len({e.person for e in c.events if e.value is not None}) > 1 for c in found)
    assert 0.55 * len(found) < two < 0.9 * len(found)


def test_coreference_names_the_value_by_description() -> None:
    found = vehicle_chains(11, "coreference_resolution")
    assert {c.topic.split(":")[0] for c in found} == {"other-person", "relation", "theme", "occasion", "occasion-step"}
    for chain in found:
        assert chain.target is not None
        assert any(e.value != chain.target.value for e in chain.events)  # another value is always in play
        if chain.topic.startswith("occasion:"):  # the value of the occasion the query recalls, another on another
            recalled = next(e for e in chain.events if e.condition == chain.target.condition)
            assert recalled.value == chain.target.value and chain.target.offset is None
        if chain.topic.startswith("occasion-step"):
            assert chain.target.base in [e.value for e in chain.events] and _derives(chain)
        if chain.topic.startswith("other-person"):  # another person's preference: not the asker's own
            owner = next(e.person for e in chain.events if e.value == chain.target.value)
            assert owner != chain.target.person
    # the asker's own latest value is sometimes right and sometimes not
    own_latest = [next((e.value for e in reversed(c.events) if e.person == c.target.person and e.value is not None),
                       None) == c.target.value for c in found if c.target is not None]
    assert 0.15 < sum(own_latest) / len(own_latest) < 0.85


def test_gold_memories_hold_what_the_release_holds() -> None:
    """Entries per chain like the release's for every type (mostly two, a few three, corrections
    often one), so the number of entries does not tell the type."""
    for kind in REASONING_TYPES:
        sizes = [len(c.events) for c in vehicle_chains(11, kind)]
        assert max(sizes) <= 3, kind
        assert sizes.count(2) > 0.4 * len(sizes) and sizes.count(3) < 0.35 * len(sizes), kind
        assert sizes.count(1) < 0.5 * len(sizes), kind


def test_the_deciding_entry_is_written_last_at_its_types_rate() -> None:
    """Each type's gold memory writes the deciding entry last at the table's rates, so neither "the
    last entry as written" nor "in date order" is a rule: two entries are in date order or reversed.
    Measured on 120 groups' chains (on 40, a type has some 40 such chains, too few for the bound)."""
    options = GenerateOptions(groups=120, seed=11)
    for kind in REASONING:
        if_latest, otherwise = kind.written_last
        counts = {True: [0, 0], False: [0, 0]}  # deciding entry latest by date → [written last, chains]
        for chain in vehicle_chains(11, kind.name, 120):
            if len(chain.events) != 2 or chain.target is None or chain.target.offset is not None:
                continue
            times = {e.id: ("2025-04-0" + str(n + 1), [("09:00", e.person, u.text) for u in e.lines if u.speaker == e.person])
                     for n, e in enumerate(chain.events)}
            latest = chain.events[-1].value == chain.target.value
            deciding = 2 if latest or chain.events[0].value != chain.target.value else 1
            written = qa.gold_memory(chain, times, rng_for(options, 1, "test", chain.id)).split("\n")
            counts[latest][0] += written[-1].startswith(f"[April {deciding},")
            counts[latest][1] += 1
        for latest, rate in ((True, if_latest), (False, otherwise)):
            last, total = counts[latest]
            if total >= 20:
                assert abs(last / total - rate) < 0.2, (kind.name, latest, last, total)


def test_some_answers_are_the_default_value_and_every_answer_changes_the_car() -> None:
    targets = [c.target for s in chain_sets(11) for c in s.chains if c.target is not None]
    at_default = []
    for target in targets:
        world = World()
        for call in target.calls:
            assert world.call(call["name"], call["args"])["success"]
        assert world.diff()  # never an answer the default car already passes
        setting = settings()[target.setting]
        at_default.append(setting.default() is not None and target.value == setting.default())
    assert 0.05 < sum(at_default) / len(targets) < 0.3  # the release: 80 of 500


def test_answer_space_is_wide() -> None:
    targets = [c.target for s in chain_sets(11) for c in s.chains if c.target is not None]
    assert len({t.calls[-1]["name"] for t in targets}) >= 60
    switched = [t for t in targets if any(isinstance(v, bool) for c in t.calls for v in c["args"].values())]
    assert len(switched) >= 0.1 * len(targets)
    assert sum(len(t.calls) > 1 for t in targets) >= 0.1 * len(targets)


def test_type_shares_are_exact_over_the_benchmark() -> None:
    counts = type_counts(GenerateOptions(groups=50))
    assert {t: counts.count(t) for t in REASONING_TYPES} == {
        "preference_conflict": 149, "conditional_constraint": 102, "coreference_resolution": 97,
        "state_shift": 90, "error_correction": 62}


def test_verify_finds_nothing_on_generated_data_and_catches_tampering(small_bench: Path, tmp_path: Path) -> None:
    metadata = read_metadata(small_bench)
    assert metadata is not None
    assert check_benchmark(small_bench, metadata) == []
    assert main(["verify", "--data", str(small_bench)]) == 0
    tampered = tmp_path / "tampered"
    generate(tampered)
    path = tampered / "qa_data" / "qa_2.json"
    qa = json.loads(path.read_text())
    first, second = qa["related_to_vehicle_preference"][:2]
    target = metadata.groups[1].chains[0].target
    assert target is not None
    value = target.value
    first["query"] += f" Make it {value}."
    second["new_answer"] = ['carcontrol_HUD_set_brightness_level(level=99)']
    path.write_text(json.dumps(qa))
    problems = check_benchmark(tampered, metadata)
    assert any(p.startswith("qa_2#0: the query text says the answer's value") for p in problems)
    assert any(p.startswith("qa_2#1: reference call refused by the simulator") for p in problems)
    assert main(["verify", "--data", str(tampered)]) == 1


def test_stats_reads_exact_figures_from_the_metadata(small_bench: Path, capsys: object) -> None:
    metadata = read_metadata(small_bench)
    assert metadata is not None
    table3 = compute(load_benchmark(small_bench), metadata)[0]
    rows = {r["statistic"]: r for r in table3.rows}
    assert rows["chains"]["ours"] == 3 * (SMALL.vehicle_chains + SMALL.background_chains)
    assert rows["chains"]["kind"] == "exact"
    events = [sum(len(c.events) for c in g.chains) for g in metadata.groups]
    assert rows["events per instance"]["ours"] == sum(events) / 3
    assert 0.5 * SMALL.delay_days <= rows["delay (days)"]["ours"] <= 1.5 * SMALL.delay_days


def test_oracle_scores_100_and_noop_0(small_bench: Path, tmp_path: Path) -> None:
    for agent, expected in (("oracle", 100.0), ("noop", 0.0)):
        out = tmp_path / agent
        assert main(["run", "--agent", agent, "--memory", "none", "--data", str(small_bench), "--out", str(out)]) == 0
        metric = json.loads((out / "metric.json").read_text())
        assert metric["scored"] == 3 * SMALL.vehicle_chains and metric["errors"] == 0
        assert metric["overall"]["esm"] == expected


def test_same_seed_same_bytes_and_another_seed_differs(small_bench: Path, tmp_path: Path) -> None:
    again = generate(tmp_path / "again")
    assert files(again) == files(small_bench)
    other = generate(tmp_path / "other", GenerateOptions(groups=3, seed=8, history_lines=300, background_chains=4))
    assert files(other)["history/history_1.txt"] != files(small_bench)["history/history_1.txt"]


def test_no_query_clock_contradicts_its_scene(small_bench: Path) -> None:
    bench = load_benchmark(small_bench)
    assert [q.id for q in bench.queries if clock_contradiction(q, bench.group(q.group).speakers)] == []
