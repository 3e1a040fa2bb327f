"""vmb twin on a few groups of the release: names, dates and answers changed, everything else word for word."""

from __future__ import annotations

import difflib
import json
import re
import shutil
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from vmb.data import load_benchmark, parse_call
from vmb.data.metadata import read_twin
from vmb.maker.twin import make_twin
from vmb.maker.twin.dates import shift_said
from vmb.maker.twin.names import People, lowercase_words
from vmb.maker.twin.values import said_like, spans_of
from vmb.sim import World

GROUPS = (1, 2, 3, 4)


@pytest.fixture(scope="module")
def source(release_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A few groups of the release, copied at test time (nothing of the release is committed)."""
    out = tmp_path_factory.mktemp("source")
    for sub in ("history", "qa_data"):
        (out / sub).mkdir()
    for group in GROUPS:
        shutil.copy(release_dir / "history" / f"history_{group}.txt", out / "history")
        shutil.copy(release_dir / "qa_data" / f"qa_{group}.json", out / "qa_data")
    return out


@pytest.fixture(scope="module")
def twins(source: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    made = {}
    for name, seed in (("a", 1), ("again", 1), ("b", 2)):
        made[name] = tmp_path_factory.mktemp(f"twin-{name}") / "twin"
        make_twin(source, seed, made[name])
    return made


def _files(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def test_same_seed_same_bytes_other_seed_other_names_offsets_values(twins: dict[str, Path]) -> None:
    assert _files(twins["a"]) == _files(twins["again"])
    a, b = read_twin(twins["a"]), read_twin(twins["b"])
    assert a is not None and b is not None
    assert [g.names for g in a.groups] != [g.names for g in b.groups]
    assert [g.offset_days for g in a.groups] != [g.offset_days for g in b.groups]
    answers = [q.changes for q in a.queries()]
    assert answers != [q.changes for q in b.queries()]


def test_no_member_name_left_and_new_names_are_new(source: Path, twins: dict[str, Path]) -> None:
    """Every member of a group is renamed (full name, first name alone, short form); the twin's people carry
    no source name; names of people outside the group (a public figure) may stay."""
    bench = load_benchmark(source)
    speakers = {s for g in bench.groups for s in g.speakers}
    people = People.of(speakers, lowercase_words("\n".join(g.history_text for g in bench.groups)))
    meta = read_twin(twins["a"])
    assert meta is not None and meta.summary.source_names_left == ()
    for group in bench.groups:
        text = (twins["a"] / "history" / f"history_{group.number}.txt").read_text(encoding="utf-8")
        for speaker in group.speakers:
            assert speaker not in text
            assert not re.search(rf"\b{re.escape(speaker.split()[0])}\b(?! [A-Z])", text), speaker
    twin = load_benchmark(twins["a"])
    for group in twin.groups:
        for speaker in group.speakers:
            assert not set(speaker.split()) & (people.firsts | people.lasts)
    assert (twins["a"] / "NOTICE").read_text().count("Apache License 2.0") == 1


def _value_words() -> set[str]:
    from vmb.maker.generate.settings import settings
    from vmb.maker.twin.values import number_word

    words = {number_word(n) for n in range(101)} | {w for n in range(101) for w in number_word(n).split("-")}
    for setting in settings().values():
        words |= {w.lower() for v in setting.domain if isinstance(v, str) for w in re.split(r"[_\s-]+", v)}
    return words


MONTHS = {"january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december", "winter", "spring", "summer", "autumn", "fall"}


def test_every_line_differs_only_in_names_dates_values(source: Path, twins: dict[str, Path]) -> None:
    """A word-level diff of each history line shows only names, dates, numbers and value words."""
    meta = read_twin(twins["a"])
    assert meta is not None
    allowed = _value_words() | MONTHS
    for group in meta.groups:
        names = set(group.names) | set(group.names.values())
        names |= {w for place in [*group.places, *group.places.values()] for w in place.split()}
        old = (source / "history" / f"history_{group.group}.txt").read_text().split("\n")
        new = (twins["a"] / "history" / f"history_{group.group}.txt").read_text().split("\n")
        assert len(old) == len(new)
        for before, after in zip(old, new):
            a, b = re.findall(r"\w+|\W", before), re.findall(r"\w+|\W", after)
            for tag, i, j, k, m in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
                changed = [t for t in a[i:j] + b[k:m] if t.strip()] if tag != "equal" else []
                assert all(t in names or re.fullmatch(r"\d+(st|nd|rd|th)?", t) or t.lower() in allowed
                           or t in "-–" for t in changed), (before, after)


def test_stamps_move_by_whole_weeks_together(source: Path, twins: dict[str, Path]) -> None:
    meta = read_twin(twins["a"])
    assert meta is not None
    old, new = load_benchmark(source), load_benchmark(twins["a"])
    for group in meta.groups:
        offset = group.offset_days
        assert offset % 7 == 0 and offset != 0
        for a, b in zip(old.group(group.group).lines, new.group(group.group).lines):
            assert b.timestamp - a.timestamp == timedelta(days=offset)
            assert b.timestamp.weekday() == a.timestamp.weekday()
        for q_old, q_new in zip(old.group(group.group).queries, new.group(group.group).queries):
            for e_old, e_new in zip(q_old.gold_memory.split("\n"), q_new.gold_memory.split("\n")):
                d_old = datetime.strptime(e_old[1:e_old.index("]")], "%B %d, %Y")
                d_new = datetime.strptime(e_new[1:e_new.index("]")], "%B %d, %Y")
                assert d_new - d_old == timedelta(days=offset)


def test_changed_answers_are_valid_new_and_said_where_the_old_were(source: Path, twins: dict[str, Path]) -> None:
    meta = read_twin(twins["a"])
    assert meta is not None
    twin = load_benchmark(twins["a"])
    changed = 0
    for record in meta.queries():
        query = twin.query(record.id)
        world = World()
        assert all(world.call(c["name"], c["args"])["success"] for c in query.calls)
        assert world.diff()
        if not record.changed:
            assert query.answer == list(record.release_answer)
            continue
        changed += 1
        for change in record.changes:
            assert change["from"] != change["to"]
            assert change["to"] in parse_call(query.answer[change["call"]])["args"].values()
            assert spans_of(query.gold_memory, change["to"])[0] or change["moved"]
    # Groups 1-4 keep more than the release as a whole (half of it changes): their values are said with
    # reasons that fit no other value, or are switches, or settings of two values.
    assert changed >= 0.3 * len(meta.queries())


def test_said_like_keeps_the_form() -> None:
    assert said_like("three", 5) == "five" and said_like("Three", 12) == "Twelve" and said_like("44", 30) == "30"
    assert said_like("Blue", "red") == "Red" and said_like("heading up", "north_up") == "north up"
    assert said_like("north_up", "heading_up") == "heading_up"


def test_dates_said_in_lines_move_with_the_stamps() -> None:
    assert shift_said("on April 5th and May 3rd to 5th", timedelta(weeks=2), 2025) == (
        "on April 19th and May 17th to 19th", 2)
    assert shift_said("[March 30, 2025] At 9:00 AM", timedelta(weeks=1), 2025) == ("[April 6, 2025] At 9:00 AM", 1)


def test_out_that_is_not_a_twin_is_refused(source: Path, tmp_path: Path) -> None:
    from vmb.outdir import OutputDirError

    (tmp_path / "keep.txt").write_text("mine")
    with pytest.raises(OutputDirError, match="not made by vmb twin"):
        make_twin(source, 1, tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.txt"]


def test_a_twin_made_again_replaces_its_own_files_alone(source: Path, tmp_path: Path) -> None:
    out = tmp_path / "twin"
    make_twin(source, 1, out)
    (out / "notes.md").write_text("my notes on the twin")
    made = make_twin(source, 2, out)  # its own directory: written again, the user's file beside it kept
    assert (out / "notes.md").read_text() == "my notes on the twin" and made["queries"] > 0
    assert read_twin(out) is not None


def _run(data: Path, agent: str, out: Path) -> dict[str, float]:
    from vmb.cli import main

    assert main(["run", "--agent", agent, "--memory", "gold", "--data", str(data), "--out", str(out)]) == 0
    entry = json.loads((out / "metric.json").read_text())["overall"]
    return {"esm": float(entry["esm"])}


def test_release_answers_agent_scores_the_unchanged_share_and_compare_pairs_the_twin(
        source: Path, twins: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The agent that memorised the release solves the twin's unchanged queries and no changed one; the
    oracle solves all; noop no more than on the release; vmb compare pairs a release run with a twin run."""
    from vmb.cli import main

    meta = read_twin(twins["a"])
    assert meta is not None
    unchanged = 100 * (1 - meta.summary.changed / meta.summary.queries)
    assert _run(twins["a"], "oracle", tmp_path / "oracle")["esm"] == 100
    noop_twin = _run(twins["a"], "noop", tmp_path / "n1")["esm"]
    assert noop_twin <= _run(source, "noop", tmp_path / "n0")["esm"]
    memorised = _run(twins["a"], "release-answers", tmp_path / "memorised")["esm"]
    assert memorised <= unchanged + noop_twin + 1e-9
    assert _run(source, "release-answers", tmp_path / "on-release")["esm"] == 100  # the release's own answers
    capsys.readouterr()
    assert main(["compare", str(tmp_path / "on-release"), str(tmp_path / "memorised")]) == 0
    printed = capsys.readouterr().out
    assert "is a twin (seed 1)" in printed and "significant" in printed
    # The report's pairing (notebook 07): runs of one agent and memory setting, one on the release and one on
    # its twin (the oracle ran on the twin alone: no pair).
    from vmb.analysis.compare import twin_pairs

    runs = [tmp_path / name for name in ("oracle", "n0", "n1", "memorised", "on-release")]
    pairs = twin_pairs(runs).set_index("release")
    assert sorted(zip(pairs.index, pairs["twin"])) == [("n0", "n1"), ("on-release", "memorised")]
    memorisation = pairs.loc["on-release"]
    assert memorisation["esm_release"] == 100 and memorisation["esm_twin"] == memorised and memorisation["significant"]
    assert memorisation["low"] <= memorisation["difference"] == 100 - memorised <= memorisation["high"]
    assert not pairs.loc["n0"]["significant"]


def test_verify_is_clean_on_a_twin_and_finds_an_edited_one(twins: dict[str, Path], tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    from vmb.cli import main

    assert main(["verify", "--data", str(twins["a"])]) == 0
    assert "0 problem(s)" in capsys.readouterr().out
    edited = tmp_path / "edited"
    shutil.copytree(twins["a"], edited)
    path = edited / "qa_data" / "qa_1.json"
    body = json.loads(path.read_text())
    body["related_to_vehicle_preference"][0]["new_answer"] = ["carcontrol_seat_set_heating(seat=\"driver\", level=9)"]
    path.write_text(json.dumps(body))
    assert main(["verify", "--data", str(edited)]) == 1
    printed = capsys.readouterr().out
    assert "refused_call qa_1#0" in printed and "differ from the ones vmb twin wrote" in printed


@pytest.mark.parametrize(("edit", "where"), [
    (lambda b: b["groups"][0]["queries"][0].__setitem__("changed", "yes"), "groups.0.queries.0.changed"),
    (lambda b: b["source"].__setitem__("data_sha256", "../escaped"), "source.data_sha256"),
    (lambda b: b.__delitem__("seed"), "seed"),
    (lambda b: b["groups"][1].__setitem__("names", []), "groups.1.names"),
    (lambda b: next(q for g in b["groups"] for q in g["queries"] if q["changed"])["evidence"][0].__setitem__(
        "rewritten", [["twenty"]]), ".rewritten"),
])
def test_a_damaged_twin_metadata_is_one_error_naming_the_entry(twins: dict[str, Path], tmp_path: Path, edit: Any,
                                                                where: str) -> None:
    from vmb.data import DataError

    copy = tmp_path / "twin"
    shutil.copytree(twins["a"], copy)
    body = json.loads((copy / "metadata.json").read_text())
    edit(body)
    (copy / "metadata.json").write_text(json.dumps(body))
    with pytest.raises(DataError, match=re.escape(where)):
        read_twin(copy)


def test_each_changed_query_lists_its_evidence_and_no_old_value_is_left(twins: dict[str, Path]) -> None:
    """The metadata shows each changed query's evidence lines as the twin writes them and what was rewritten
    there; no line around the evidence still states an old value (the check ``vmb verify`` runs)."""
    from vmb.maker.twin.stale import left_behind

    meta = read_twin(twins["a"])
    assert meta is not None
    bench = load_benchmark(twins["a"])
    rewritten = 0
    for group in meta.groups:
        lines = [line.raw for line in bench.group(group.group).lines]
        for query in group.queries:
            assert bool(query.evidence) == query.changed or not query.changed
            for evidence in query.evidence:
                assert lines[evidence.line - 1] == evidence.text
                for old, new in evidence.rewritten:
                    assert new in evidence.text and old != new
                    rewritten += 1
    assert rewritten > 0
    assert left_behind(bench, meta) == []
