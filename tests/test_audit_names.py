"""The audit names the release by what it is, its checksum, never by its folder (issue 43 item 5): a copy in a
folder called anything heads its column, and labels notebook 08's figure, as the release; any other benchmark
keeps its folder's name."""

from __future__ import annotations

import shutil
from pathlib import Path

from vmb.maker.audit.report import RELEASE_NAME, benchmark_names


def test_a_copy_of_the_release_in_any_folder_is_named_the_release(release_dir: Path, tmp_path: Path,
                                                                   small_benchmark: Path) -> None:
    copy = tmp_path / "release"
    for part in ("history", "qa_data"):
        shutil.copytree(release_dir / part, copy / part)
    assert benchmark_names([copy, small_benchmark]) == [RELEASE_NAME, small_benchmark.name]
    assert benchmark_names([release_dir]) == benchmark_names([copy]) == [RELEASE_NAME]
    (copy / "qa_data" / "qa_1.json").write_text("{}", encoding="utf-8")  # no longer the release: its folder's name
    assert benchmark_names([copy]) == ["release"]
