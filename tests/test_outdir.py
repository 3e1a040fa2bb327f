"""One output-directory rule (vmb.outdir): a command writes only into a directory it made or an empty one.

Each command that writes a folder, pointed at a folder of someone else's, refuses in one line and
leaves every file there as it was; pointed at its own earlier output, it writes again.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from vmb.cli import main
from vmb.outdir import MARKER, OutputDirError, claim_output_dir


def snapshot(root: Path) -> dict[str, str]:
    """Every file under ``root`` with its bytes' digest: what a refused command must leave as it was."""
    return {p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.fixture
def someone_elses(tmp_path: Path) -> Path:
    """A folder of the user's that happens to have the names a viewer or a report writes."""
    root = tmp_path / "mine"
    (root / "data" / "detail").mkdir(parents=True)
    (root / "data" / "detail" / "thesis.tex").write_text("three years of work", encoding="utf-8")
    (root / "index.html").write_text("<p>my home page</p>", encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def oracle_run(small_benchmark: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("runs") / "oracle-gold"
    assert main(["run", "--agent", "oracle", "--memory", "gold", "--data", str(small_benchmark), "--out", str(out),
                 "--cache-dir", str(out.parent / "cache"), "--no-progress"]) == 0
    return out


def test_a_new_or_empty_directory_is_claimed_and_marked(tmp_path: Path) -> None:
    new = claim_output_dir(tmp_path / "a" / "b", "vmb view")
    assert (new / MARKER).read_text(encoding="utf-8").splitlines()[0] == "vmb view"
    (tmp_path / "empty").mkdir()
    claim_output_dir(tmp_path / "empty", "vmb stats")
    (new / "index.html").write_text("ours", encoding="utf-8")
    assert claim_output_dir(new, "vmb view") == new  # its own: written again


def test_another_commands_or_an_unmarked_directory_is_refused(someone_elses: Path, tmp_path: Path) -> None:
    before = snapshot(someone_elses)
    with pytest.raises(OutputDirError, match=r"is not empty \(data, index.html\) and was not made by vmb view"):
        claim_output_dir(someone_elses, "vmb view")
    assert snapshot(someone_elses) == before
    theirs = claim_output_dir(tmp_path / "stats", "vmb stats")
    with pytest.raises(OutputDirError, match="was made by vmb stats, not vmb view"):
        claim_output_dir(theirs, "vmb view")
    (tmp_path / "file").write_text("x", encoding="utf-8")
    with pytest.raises(OutputDirError, match="is a file"):
        claim_output_dir(tmp_path / "file", "vmb view")
    assert claim_output_dir(someone_elses, "vmb run", made_before=lambda p: (p / "index.html").exists())
    assert (someone_elses / MARKER).exists()  # adopted: what an earlier vmb wrote before it marked folders


def test_view_leaves_someone_elses_folder_alone(someone_elses: Path, oracle_run: Path, small_benchmark: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    before = snapshot(someone_elses)
    code = main(["view", str(oracle_run), "--data", str(small_benchmark), "--out", str(someone_elses)])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "not made by vmb view" in err
    assert snapshot(someone_elses) == before


def test_view_writes_its_own_folder_again(tmp_path: Path, oracle_run: Path, small_benchmark: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "view"
    for _ in range(2):
        assert main(["view", str(oracle_run), "--data", str(small_benchmark), "--out", str(out)]) == 0
    assert (out / "index.html").exists() and "vmb view" in (out / MARKER).read_text(encoding="utf-8")


@pytest.mark.parametrize("command", [
    ["stats", "--data", "{data}", "--out", "{out}"],
    ["report", "--runs", "{run}", "--data", "{data}", "--out", "{out}", "--notebook", "02_overall"],
    ["report", "--runs", "{run}", "--data", "{data}", "--out", "{fresh}", "--figures", "{out}",
     "--notebook", "02_overall"],
    ["run", "--agent", "oracle", "--data", "{data}", "--out", "{out}", "--cache-dir", "{fresh}"],
    pytest.param(["generate", "--out", "{out}", "--groups", "1"], marks=pytest.mark.make),
], ids=["stats", "report", "report-figures", "run", "generate"])
def test_every_folder_writer_refuses_someone_elses_folder(command: list[str], someone_elses: Path, tmp_path: Path,
                                                          oracle_run: Path, small_benchmark: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    before = snapshot(someone_elses)
    fresh = tmp_path / "fresh"
    values = {"data": str(small_benchmark), "out": str(someone_elses), "run": str(oracle_run),
              "fresh": str(fresh)}
    code = main([word.format(**values) for word in command])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "not empty" in err, err
    assert snapshot(someone_elses) == before
    assert not fresh.exists()
