"""The procedural path end to end: release layout, answers only in the history, verification."""

from __future__ import annotations

import json
from pathlib import Path

from tests.generate.conftest import SMALL, files, generate
from vmb.cli import main
from vmb.data import REASONING_TYPES, load_benchmark
from vmb.generate.export import read_metadata
from vmb.generate.options import GenerateOptions, type_counts
from vmb.generate.text import mentions
from vmb.generate.verify import check_benchmark
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
        meta = next(g for g in metadata["groups"] if g["group"] == group.number)
        chains = {c["query"]: c for c in meta["chains"] if c["query"]}
        for query in group.queries:
            chain = chains[query.id]
            value = chain["target"]["value"]
            assert not mentions(query.query, value), query.id
            said = [group.lines[n - 1].text for e in chain["events"] for n in e["lines"]]
            assert any(mentions(text, value) for text in said), query.id


def test_reasoning_types_follow_their_templates(small_bench: Path) -> None:
    metadata = read_metadata(small_bench)
    assert metadata is not None
    seen = set()
    for group in metadata["groups"]:
        for chain in group["chains"]:
            if chain["kind"] != "vehicle":
                continue
            kind, target, events = chain["reasoning_type"], chain["target"], chain["events"]
            seen.add(kind)
            values = [e["value"] for e in events]
            if kind == "preference_conflict":
                assert len({e["person"] for e in events}) >= 2 and len(set(map(str, values))) == len(values)
                assert target["value"] in values
            elif kind == "conditional_constraint":
                assert len({e["condition"] for e in events}) == 2 and target["condition"] in {e["condition"] for e in events}
            elif kind == "coreference_resolution":
                assert target["alias"] and all(e["alias"] == target["alias"] for e in events)
            elif kind == "state_shift":
                assert values[-1] == target["value"] and target["value"] not in values[:-1]
            elif kind == "error_correction":
                assert [e["role"] for e in events] == ["wrong", "correction"] and values[0] != values[1]
    assert seen == set(REASONING_TYPES)


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
    value = metadata["groups"][1]["chains"][0]["target"]["value"]
    first["query"] += f" Make it {value}."
    second["new_answer"] = ['carcontrol_HUD_set_brightness_level(level=99)']
    path.write_text(json.dumps(qa))
    problems = check_benchmark(tampered, metadata)
    assert any(p.startswith("qa_2#0: the query text says the answer's value") for p in problems)
    assert any(p.startswith("qa_2#1: reference call refused by the simulator") for p in problems)
    assert main(["verify", "--data", str(tampered)]) == 1


def test_stats_reads_exact_figures_from_the_metadata(small_bench: Path, capsys: object) -> None:
    metadata = read_metadata(small_bench)
    table3 = compute(load_benchmark(small_bench), metadata)[0]
    rows = {r["statistic"]: r for r in table3.rows}
    assert rows["chains"]["ours"] == 3 * (SMALL.vehicle_chains + SMALL.background_chains)
    assert rows["chains"]["kind"] == "exact"
    events = [sum(len(c["events"]) for c in g["chains"]) for g in metadata["groups"]]
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
