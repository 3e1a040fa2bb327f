"""metric.json is one typed, versioned value (``RunSummary``): written and read back by one reader, a file from
before the format version reads as version 1, and a file that does not read is one line (``vmb pack`` names
``vmb score RUN``, which writes it again)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from vmb.cli import main
from vmb.results import metrics
from vmb.results.rundir import METRIC
from vmb.results.runsummary import SUMMARY_VERSION, VALUE_TYPES, RunSummary, SummaryFormatError


def read_summary(run: Path) -> RunSummary:
    return RunSummary.from_json(json.loads((run / METRIC).read_text()))


@pytest.fixture
def run(oracle_run: Path) -> Path:
    return oracle_run


def test_the_file_is_the_summary_as_it_writes_itself(run: Path) -> None:
    written = json.loads((run / METRIC).read_text())
    summary = read_summary(run)
    assert summary.to_json() == written and list(summary.to_json()) == list(written)
    assert written["version"] == SUMMARY_VERSION and summary.overall is not None
    assert set(summary.overall.values) == set(VALUE_TYPES) == set(metrics.SUMMARY_KEYS)
    assert [e.group for e in summary.by("reasoning_type")] == [e["group"] for e in written["by_reasoning_type"]]


def test_every_grouping_has_its_field() -> None:
    assert [f"by_{by}" for by in metrics.GROUPINGS if by is not None] == ["by_reasoning_type", "by_module"]
    assert {"by_reasoning_type", "by_module"} <= set(RunSummary.__dataclass_fields__)


def test_a_count_is_a_whole_number_and_every_other_figure_a_number_or_null() -> None:
    counts = {m.key for m in metrics.METRICS if m.aggregation == "sum"} | \
        {m.weight_key for m in metrics.METRICS if m.weight_key is not None}
    assert {key for key, hint in VALUE_TYPES.items() if hint is int} == counts


@pytest.mark.publish  # the old file is packed too
def test_a_file_from_before_the_format_version_reads_as_version_1(run: Path, tmp_path: Path,
                                                                  tiny_benchmark: Path) -> None:
    """metric.json as the code before the key wrote it: the same layout, without ``version``."""
    earlier = json.loads((run / METRIC).read_text())
    del earlier["version"]
    summary = RunSummary.from_json(earlier)
    assert summary.version == 1 and summary.to_json() == {**earlier, "version": 1}
    # Such a run packs as it stands, and its bundle validates: the file follows from its records.
    copy = tmp_path / "run"
    shutil.copytree(run, copy)
    (copy / METRIC).write_text(json.dumps(earlier, indent=1))
    assert main(["pack", str(copy), "--partial", "--out", str(tmp_path / "bundle")]) == 0
    assert json.loads((tmp_path / "bundle" / "runs" / "run" / METRIC).read_text()) == earlier
    assert main(["validate", str(tmp_path / "bundle"), "--data", str(tiny_benchmark)]) == 0


@pytest.mark.publish
def test_a_file_without_a_metric_of_the_registry_names_vmb_score_which_writes_it_again(
        run: Path, tmp_path: Path, tiny_benchmark: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A metric declared after the file was written (the retrieval metrics came late): one line, then `vmb score`."""
    copy = tmp_path / "run"
    shutil.copytree(run, copy)
    earlier = json.loads((copy / METRIC).read_text())
    del earlier["version"], earlier["overall"][metrics.RETRIEVAL[0].key]
    (copy / METRIC).write_text(json.dumps(earlier))
    with pytest.raises(SummaryFormatError, match=f"^overall lacks {metrics.RETRIEVAL[0].key}$"):
        read_summary(copy)
    capsys.readouterr()
    assert main(["pack", str(copy), "--partial", "--out", str(tmp_path / "bundle")]) == 2
    assert capsys.readouterr().err.strip() == (f"vmb pack: {copy / METRIC} is damaged (overall lacks "
                                               f"{metrics.RETRIEVAL[0].key}); `vmb score {copy}` writes it again")
    assert main(["score", str(copy), "--data", str(tiny_benchmark)]) == 0
    assert read_summary(copy).to_json() == json.loads((run / METRIC).read_text())


@pytest.mark.parametrize(("text", "expected"), [
    ('{"version": 2}', "format version 2; this vmb reads versions 1 to 1"),
    ("[]", "a list, not a run's summary"),
    ('{"version": 1}', "it lacks "),
])
def test_a_summary_that_does_not_read_is_one_line(text: str, expected: str) -> None:
    with pytest.raises(SummaryFormatError) as caught:
        RunSummary.from_json(json.loads(text))
    assert expected in str(caught.value) and len(str(caught.value).splitlines()) == 1
