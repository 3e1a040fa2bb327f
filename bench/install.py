"""Benchmark suite ``install``: what ``pip install .`` gives a new user. A fresh venv with the core alone (no
extra): its size on disk and distributions beside their targets, the wheel's declared dependencies, and the
core's lines per folder (the package outside the extras' folders). Then it runs, scores and reports with it
alone: ``vmb run --agent oracle --memory gold`` on one group, ``vmb show``, ``vmb report`` over that run."""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

from bench.suite import BenchOptions, SuiteResult
from bench.timing import REPO, user_environment

MIB_TARGET = 350.0
DISTRIBUTIONS_TARGET = 75
CORE_LINES_TARGET = 21_000
REQUIRES_TARGET = 10  # Requires-Dist of the core, at least
_COUNT = ("import json, sys; from importlib import metadata; "
          "d = [x.metadata['Name'] for x in metadata.distributions()]; "
          "r = [t for t in (metadata.requires('vmb') or []) if 'extra ==' not in t]; "
          "print(json.dumps({'distributions': sorted(d), 'requires': r}))")


def core_lines() -> dict[str, int]:
    """Lines of Python per folder of the core (``vmb/`` less the extras' folders), and per extra's folder."""
    from vmb.extras import folder_extra

    counted: dict[str, int] = {}
    for path in sorted((REPO / "vmb").rglob("*.py")):
        parts = path.relative_to(REPO).with_suffix("").parts
        module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        extra = folder_extra(module)
        key = f"extra {extra}" if extra else ("vmb/" + parts[1] if len(parts) > 2 else "vmb/*.py")
        counted[key] = counted.get(key, 0) + len(path.read_text(encoding="utf-8").splitlines())
    return counted


def _mib(root: Path, *, bytecode: bool) -> float:
    total = 0
    for path in root.rglob("*"):
        if path.is_file() and not path.is_symlink() and (bytecode or "__pycache__" not in path.parts):
            total += path.stat().st_size
    return total / 2**20


def _run(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True, env=user_environment(), check=False)


def install_suite(options: BenchOptions) -> SuiteResult:
    lines = core_lines()
    core = sum(n for key, n in lines.items() if not key.startswith("extra "))
    details = [f"core: {core:,} lines of Python [target <= {CORE_LINES_TARGET:,}: "
               f"{'OK' if core <= CORE_LINES_TARGET else 'ABOVE TARGET'}]"]
    details += [f"  {key}: {n:,}" for key, n in sorted(lines.items(), key=lambda item: -item[1])]
    with tempfile.TemporaryDirectory(prefix="vmb-install-") as tmp:
        venv = Path(tmp) / "venv"
        start = time.perf_counter()
        _run(["python3", "-m", "venv", str(venv)], REPO)
        python = str(venv / "bin" / "python")
        # From a copy of the checkout's files: setuptools builds in the source tree (build/, *.egg-info).
        source = Path(tmp) / "source"
        listed = _run(["git", "ls-files", "-z"], REPO).stdout.split("\0")
        for name in filter(None, listed):
            if (REPO / name).is_file() or (REPO / name).is_symlink():
                (source / name).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(REPO / name, source / name, follow_symlinks=False)
        done = _run([python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", str(source)], REPO)
        seconds = time.perf_counter() - start
        if done.returncode != 0:
            details.append(f"pip install . failed: {done.stderr.strip().splitlines()[-1:]}")
            return SuiteResult("install", 1, seconds, 1, details=details)
        found = json.loads(_run([python, "-c", _COUNT], Path(tmp)).stdout)
        dists = [d for d in found["distributions"] if d.lower() not in ("pip", "setuptools")]
        mib, source_mib = _mib(venv, bytecode=True), _mib(venv, bytecode=False)
        details += [
            f"pip install . into a fresh venv: {seconds:.0f} s; {len(dists)} distributions besides pip and setuptools "
            f"[target <= {DISTRIBUTIONS_TARGET}: {'OK' if len(dists) <= DISTRIBUTIONS_TARGET else 'ABOVE TARGET'}]",
            f"  on disk {mib:.0f} MiB with the byte code pip compiles, {source_mib:.0f} MiB without "
            f"[target <= {MIB_TARGET:.0f} MiB: {'OK' if mib <= MIB_TARGET else 'ABOVE TARGET'}]",
            f"  Requires-Dist of the core: {len(found['requires'])} [target >= {REQUIRES_TARGET}]",
        ]
        vmb = str(venv / "bin" / "vmb")
        run_dir, report_dir = Path(tmp) / "runs" / "oracle-gold", Path(tmp) / "report"
        from vmb.data import resolve_data_dir

        data = ["--data", str(resolve_data_dir(options.data))]  # an installed vmb has no checkout to look in
        steps = {
            "vmb run --agent oracle --memory gold --groups 1": [vmb, "run", "--agent", "oracle", "--memory", "gold",
                                                                "--groups", "1", *data, "--out", str(run_dir)],
            "vmb show": [vmb, "show", str(run_dir)],
            # With no runs it makes its own (the offline agents under the paper's memory settings), then every
            # notebook the core has runs over them.
            "vmb report (making its runs)": [vmb, "report", "--runs", str(Path(tmp) / "report-runs"), *data,
                                             "--out", str(report_dir), "--figures", str(Path(tmp) / "figures")],
        }
        (Path(tmp) / "report-runs").mkdir()
        for name, args in steps.items():
            step = time.perf_counter()
            result = _run(args, Path(tmp))
            said = "ok" if result.returncode == 0 else f"exit {result.returncode}: {result.stderr.strip()[-300:]}"
            details.append(f"  with it alone, {name}: {said} ({time.perf_counter() - step:.0f} s)")
        drawn = sorted(p.name for p in (Path(tmp) / "figures").glob("*.png")) if (Path(tmp) / "figures").exists() else []
        details.append(f"  figures the core's report drew: {len(drawn)}")
    return SuiteResult("install", 1, seconds, 1, baseline="one pip install . into a fresh venv", details=details)
