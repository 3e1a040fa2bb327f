""".ci/venv asks pip for uv only from the indexes that may hold it (pip warns about every local one that cannot)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# A stand-in interpreter: answers `pip config list` with the given configuration and records the extra
# indexes each `pip install` would use, then fails it (so nothing is installed and pip's path runs too).
FAKE_PYTHON = """#!/usr/bin/env bash
if [ "$3" = config ]; then printf '%s\\n' "$FAKE_PIP_CONFIG"; exit 0; fi
echo "install ${PIP_EXTRA_INDEX_URL-<configured>} :: $*" >> "$FAKE_LOG"
exit 1
"""


def test_uv_is_asked_for_only_from_indexes_that_may_hold_it(tmp_path: Path) -> None:
    with_uv, without = tmp_path / "with" / "simple", tmp_path / "without" / "simple"
    (with_uv / "uv").mkdir(parents=True)
    without.mkdir(parents=True)
    python = tmp_path / "venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.write_text(FAKE_PYTHON)
    python.chmod(0o755)
    log = tmp_path / "log"
    config = f"global.extra-index-url='file://{without} file://{with_uv} https://mirror.example/simple'"
    env = {**os.environ, "FAKE_PIP_CONFIG": config, "FAKE_LOG": str(log)}
    env.pop("PIP_EXTRA_INDEX_URL", None)
    subprocess.run(["bash", str(ROOT / ".ci" / "venv"), str(python)], cwd=ROOT, env=env, capture_output=True)
    first = log.read_text().splitlines()[0]
    indexes, _, args = first.partition(" :: ")
    assert "uv==" in args
    assert indexes.split()[1:] == [f"file://{with_uv}", "https://mirror.example/simple"]
