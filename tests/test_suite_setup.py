"""The suite's own set-up: where its fixtures come from on a clone with nothing beside it.

The conformance records ship in the package (vmb/sim/conformance_data, read plain or gzipped); the release is
found as every vmb command finds a benchmark ($VMB_DATA, data/vehiclemembench, ../shared/vehiclemembench), and
when none is, the fixture stops in one line naming those three ways (``make test`` first downloads one where it
can: ``vmb data fetch --if-missing``, tested against a local server in tests/test_fetch.py).
"""

from __future__ import annotations

import fnmatch
import json
import os
import re
import subprocess
import tomllib
from pathlib import Path

import pytest

from tests.conftest import REPO, find_release
from vmb.data import locate
from vmb.sim import conformance
from vmb.sim.conformance import SHIPPED_DIR, open_record_file, read_record_json, record_file
from vmb.usercache import CACHE_ENV

RECORDS = ("initial_state.json", "api_catalog.json", "reference_cases.jsonl", "probes.jsonl",
           "domain_probes.jsonl", "scoring_cases.jsonl")
MIB = 1 << 20


@pytest.fixture
def nowhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A checkout with nothing beside it, run from its own folder, $VMB_DATA unset."""
    checkout = tmp_path / "alone" / "vmb"
    checkout.mkdir(parents=True)
    monkeypatch.chdir(checkout)
    monkeypatch.setattr(locate, "PROJECT_ROOT", checkout)
    monkeypatch.delenv(locate.ENV_VAR, raising=False)
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "cache"))  # no copy remembered by an earlier `make test`
    return checkout


def test_the_conformance_fixture_is_the_shipped_copy(conformance_dir: Path) -> None:
    assert conformance_dir == SHIPPED_DIR == conformance.conformance_dir()
    assert SHIPPED_DIR.is_relative_to(REPO / "vmb")
    for name in RECORDS:
        path = record_file(SHIPPED_DIR, name)
        assert path.exists(), name
        # Compressed exactly where the recorded file passes 1 MiB.
        with open_record_file(SHIPPED_DIR, name) as handle:
            size = len(handle.read().encode("utf-8"))
        assert (path.suffix == ".gz") == (size > MIB), (name, size)
    assert len(read_record_json(SHIPPED_DIR, "initial_state.json")) == 215
    with open_record_file(SHIPPED_DIR, "probes.jsonl") as handle:  # gzipped: read as text all the same
        first = json.loads(handle.readline())
    assert {"calls", "ok", "diff"} <= set(first)
    assert "isyuhaochen/VehicleMemBench" in (SHIPPED_DIR / "README.md").read_text(encoding="utf-8")


def test_a_given_directory_is_read_plain(tmp_path: Path) -> None:
    (tmp_path / "probes.jsonl").write_text('{"calls": [], "ok": [], "diff": {}}\n', encoding="utf-8")
    assert conformance.conformance_dir(tmp_path) == tmp_path
    assert record_file(tmp_path, "probes.jsonl") == tmp_path / "probes.jsonl"
    assert record_file(tmp_path, "absent.jsonl") == tmp_path / "absent.jsonl"  # a message names what was asked


def test_every_shipped_record_is_package_data() -> None:
    patterns = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"][
        "package-data"]["vmb"]
    for path in SHIPPED_DIR.iterdir():
        relative = path.relative_to(REPO / "vmb").as_posix()
        assert any(fnmatch.fnmatch(relative, pattern) for pattern in patterns), relative


def test_the_release_is_found_in_vmb_data(nowhere: Path, tiny_benchmark: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(locate.ENV_VAR, str(tiny_benchmark))
    assert find_release() == tiny_benchmark


@pytest.mark.parametrize("place", [locate.DEFAULT_DIR, locate.SHARED_DIR])
def test_the_release_is_found_where_vmb_looks(nowhere: Path, place: Path) -> None:
    copy = (nowhere / place).resolve()
    copy.mkdir(parents=True)
    assert find_release() == copy


def test_no_release_is_one_line_naming_three_ways(nowhere: Path) -> None:
    with pytest.raises(pytest.fail.Exception) as failed:
        find_release()
    said = str(failed.value)
    assert "\n" not in said and "Traceback" not in said
    assert said.startswith("the VehicleMemBench release is not found: ")
    for way in ("$VMB_DATA", "data/vehiclemembench", "../shared/vehiclemembench"):
        assert way in said, way


def test_a_vmb_data_naming_nothing_is_one_line_naming_it(nowhere: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(locate.ENV_VAR, str(nowhere / "nope"))
    with pytest.raises(pytest.fail.Exception, match=r"nope: directory not found \(given in \$VMB_DATA\)$"):
        find_release()


def test_make_test_finds_or_fetches_the_release_first() -> None:
    makefile = (REPO / "Makefile").read_text(encoding="utf-8")
    assert re.search(r"^test: .*\brelease\b", makefile, re.M)
    assert re.search(r"^report: .*\brelease\b", makefile, re.M)
    recipe = re.search(r"^release: .*\n\t(.+)$", makefile, re.M)
    assert recipe is not None and "-m vmb data fetch --if-missing" in recipe.group(1)


def test_nothing_reads_shared_conformance() -> None:
    said = [f"{path.relative_to(REPO)}" for folder in ("vmb", "tests") for path in (REPO / folder).rglob("*.py")
            if "shared/conformance" in path.read_text(encoding="utf-8") and path.name != "test_suite_setup.py"]
    assert said == []


def test_make_lab_passes_vmb_data_on_and_brings_its_own_settings(tmp_path: Path) -> None:
    """`make lab VMB_DATA=rel/dir` hands the kernels an absolute path (they start in LAB_DIR), and JupyterLab starts
    with the settings of vmb/report/lab (no news toast), never the user's profile (issue 43 items 1 and 6)."""
    shown = subprocess.run(["make", "-n", "-C", str(REPO), "lab", "VMB_DATA=data/copy", "STAMP="],
                           capture_output=True, text=True, check=True).stdout
    assert f'VMB_DATA="{REPO / "data" / "copy"}"' in shown, shown
    assert f"--LabApp.app_settings_dir={REPO / 'vmb' / 'report' / 'lab'}" in shown
    without = subprocess.run(["make", "-n", "-C", str(REPO), "lab", "STAMP="], capture_output=True, text=True,
                             check=True, env={k: v for k, v in os.environ.items() if k != "VMB_DATA"}).stdout
    assert "VMB_DATA" not in without
    overrides = json.loads((REPO / "vmb" / "report" / "lab" / "overrides.json").read_text(encoding="utf-8"))
    assert overrides["@jupyterlab/apputils-extension:notification"] == {"fetchNews": "false", "checkForUpdates": False}
