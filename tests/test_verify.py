"""`vmb verify`: the release replays to exactly the known errata; anything new fails."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from vmb.cli import main
from vmb.commands.verify import ERRATA_PATH, find_errata, load_errata


def test_release_replays_to_the_known_errata(release_dir: Path) -> None:
    found = find_errata(str(release_dir))
    assert {f.key() for f in found} == {f.key() for f in load_errata(ERRATA_PATH)}
    assert sum(f.kind == "refused_call" for f in found) == 4
    assert sum(f.kind == "no_change" for f in found) == 5
    defaults = [f for f in found if f.kind == "default_value"]
    assert len(defaults) == 82 and len({f.query for f in defaults}) == 80
    assert ("qa_1#4", 'carcontrol_navigation_set_voice_mode(mode="detailed")') in {(f.query, f.answer) for f in defaults}
    assert [f.query for f in found if f.kind == "repeated_query"] == ["qa_37#4", "qa_38#3", "qa_44#5"]


def test_verify_passes_on_the_release(release_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", "--data", str(release_dir)]) == 0
    assert "all 94 findings are known errata" in capsys.readouterr().out


def test_a_new_refused_answer_fails_verify(
    release_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "release"
    shutil.copytree(release_dir, data)
    qa_file = data / "qa_data" / "qa_2.json"
    qa = json.loads(qa_file.read_text())
    qa["related_to_vehicle_preference"][0]["new_answer"].append("carcontrol_HUD_set_brightness_level(level=11)")
    qa_file.write_text(json.dumps(qa))
    assert main(["verify", "--data", str(data)]) == 1
    out = capsys.readouterr().out
    assert "NEW (not in the errata file): 1" in out
    assert "qa_2#0" in out and "level=11" in out


def _copy_with(release_dir: Path, tmp_path: Path, group: int, change) -> Path:
    """A copy of the release with ``change`` applied to the query list of one QA file."""
    data = tmp_path / "release"
    shutil.copytree(release_dir, data)
    qa_file = data / "qa_data" / f"qa_{group}.json"
    qa = json.loads(qa_file.read_text())
    change(qa["related_to_vehicle_preference"])
    qa_file.write_text(json.dumps(qa))
    return data


def test_a_duplicated_item_is_flagged_with_file_and_position(
    release_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = _copy_with(release_dir, tmp_path, 5, lambda items: items.append(dict(items[1])))
    assert main(["verify", "--data", str(data)]) == 1
    out = capsys.readouterr().out
    assert "NEW (not in the errata file): 1" in out
    assert "qa_5#10" in out and "qa_data/qa_5.json, query 10: the same item as query 1 (qa_5#1)" in out


def test_unloadable_data_is_one_clear_line(
    release_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def mistype(items: list) -> None:
        items[2]["reasoning_type"] = "state shift"

    data = _copy_with(release_dir, tmp_path, 5, mistype)
    assert main(["verify", "--data", str(data)]) == 2
    out = capsys.readouterr().err
    assert out.startswith("vmb verify: ") and "qa_5.json, query 2 (qa_5#2): unknown reasoning_type 'state shift'" in out


@pytest.mark.parametrize("damage, says", [
    ("{not json", "not JSON (Expecting property name enclosed in double quotes at line 1 column 2)"),
    ('{"errata": 3}', "errata is a whole number, not a list"),
    ('{"errata": [{"kind": "no_change", "query": "qa_1#0"}]}', "errata[0] lacks answer"),
    ('{"errata": [{"kind": 1, "query": "q", "answer": "a"}]}', "errata[0].kind is a whole number, not text"),
    ("[]", "it is a list, not an object"),
    ('{"errata": [5]}', "errata[0] is a whole number, not an object"),
    ("[" * 100_000, "the JSON nests deeper than 64 levels"),
    ("", "not JSON"),
])
def test_a_damaged_errata_file_is_one_line(release_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                           damage: str, says: str) -> None:
    errata = tmp_path / "errata.json"
    errata.write_text(damage)
    assert main(["verify", "--data", str(release_dir), "--errata", str(errata)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.splitlines() == [err] and err.startswith(f"vmb verify: the errata file {errata} does not read (")
    assert says in err and "vmb verify --update-errata" in err and errata.read_text() == damage


def test_conformance_without_dir_replays_the_shipped_records(monkeypatch: pytest.MonkeyPatch) -> None:
    from vmb.cli import build_parser
    from vmb.commands import verify
    from vmb.sim import conformance

    assert build_parser().parse_args(["verify", "--conformance"]).conformance is verify.SHIPPED_RECORDS
    assert build_parser().parse_args(["verify", "--conformance", "here"]).conformance == "here"
    replayed: list[Path] = []
    monkeypatch.setattr(conformance, "check", lambda directory: (replayed.append(directory), (1, []))[1])
    assert verify._conformance(verify.SHIPPED_RECORDS) == 0 and verify._conformance("here") == 0
    assert replayed == [conformance.SHIPPED_DIR, Path("here")]


def test_conformance_of_a_directory_without_records_is_one_line(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    from vmb.commands import verify
    from vmb.errors import OptionError

    with pytest.raises(OptionError, match=rf"^--conformance {tmp_path}: cannot replay the records \(No such file"):
        verify._conformance(str(tmp_path))


GOOD_RECORD = {"calls": [{"name": "carcontrol_HUD_set_brightness_level", "args": {"level": 2}}],
               "ok": [True], "diff": {"HUD.brightness_level": 2, "HUD.is_on": True}}


@pytest.mark.parametrize(("line", "says"), [
    ("[" * 100_000 + "]" * 100_000, "reference_cases.jsonl line 2: the JSON nests deeper than"),
    ("[1, 2]", "reference_cases.jsonl line 2: it is a list, not an object"),
    ('"text"', "reference_cases.jsonl line 2: it is text, not an object"),
    (json.dumps({**GOOD_RECORD, "calls": "x"}), "reference_cases.jsonl line 2.calls is text, not a list"),
    (json.dumps({**GOOD_RECORD, "ok": []}), "reference_cases.jsonl line 2: 0 ok for 1 calls"),
    ("NaN", "reference_cases.jsonl line 2: NaN is not a JSON value"),
])
@pytest.mark.make  # on a made benchmark, whose own checks are the maker's
def test_damaged_conformance_records_are_one_line_never_a_traceback(
        line: str, says: str, tmp_path: Path, tiny_benchmark: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """issue 46 item 5: a deeply nested or non-object line was a RecursionError or AttributeError traceback, and
    exit 1 ("a new finding")."""
    (tmp_path / "reference_cases.jsonl").write_text(json.dumps(GOOD_RECORD) + "\n" + line + "\n", encoding="utf-8")
    for name in ("probes.jsonl", "domain_probes.jsonl"):
        (tmp_path / name).write_text("", encoding="utf-8")
    capsys.readouterr()
    assert main(["verify", "--data", str(tiny_benchmark), "--conformance", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.splitlines() == [err.rstrip("\n")] and "Traceback" not in err, err
    assert err.startswith(f"vmb verify: --conformance {tmp_path}: cannot replay the records (") and says in err, err


@pytest.mark.make
def test_a_conformance_mismatch_prints_the_records_text_escaped(tmp_path: Path, tiny_benchmark: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    hostile = {**GOOD_RECORD, "id": "case\x1b[2J\x07\u202e", "ok": [False]}
    (tmp_path / "reference_cases.jsonl").write_text(json.dumps(hostile) + "\n", encoding="utf-8")
    for name in ("probes.jsonl", "domain_probes.jsonl"):
        (tmp_path / name).write_text("", encoding="utf-8")
    assert main(["verify", "--data", str(tiny_benchmark), "--conformance", str(tmp_path)]) == 1
    printed = capsys.readouterr()
    assert "case\\x1b[2J\\x07\\u202e:" in printed.out
    assert not [c for c in ("\x1b", "\x07", "\u202e") if c in printed.out + printed.err]
