"""Run as ``python -m tests.budget_probe MODE DATA OUT``: one ``vmb run --agent oracle --memory gold`` in a fresh
interpreter, printing as JSON what it counted (``tests/test_budgets.py``). MODE ``memory``: the traced peak
(``tracemalloc``); MODE ``calls``: the Python and builtin function calls (``cProfile``). Both: the histories parsed,
the history files opened and the modules imported. MODE ``generate`` (DATA unused): the traced peaks of
generating 2 and 6 groups under ``OUT``, after one group that fills the generator's caches; a fresh interpreter,
so that no other test's caches move them."""

from __future__ import annotations

import cProfile
import json
import os
import pstats
import sys
import tracemalloc
from pathlib import Path
from typing import Any


def main(mode: str, data: str, out: str) -> dict[str, Any]:
    import vmb.data.loader as loader

    parsed: list[str] = []
    opened: list[str] = []
    files: list[str] = []
    parse = loader.parse_history

    def counted(path: Any) -> Any:
        parsed.append(str(path))
        return parse(path)

    def hook(event: str, args: tuple[Any, ...]) -> None:
        if event == "open" and isinstance(args[0], (str, os.PathLike)):
            files.append(os.fspath(args[0]))
            if "/history/" in os.fspath(args[0]):
                opened.append(os.fspath(args[0]))

    loader.parse_history = counted
    sys.addaudithook(hook)
    from vmb.cli import main as vmb

    argv = ["run", "--agent", "oracle", "--memory", "gold", "--data", data, "--out", out]
    figures: dict[str, Any] = {}
    if mode == "memory":
        tracemalloc.start()
        figures["status"] = vmb(argv)
        figures["peak_bytes"] = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    else:
        profile = cProfile.Profile()
        profile.enable()
        figures["status"] = vmb(argv)
        profile.disable()
        figures["calls"] = pstats.Stats(profile).total_calls  # type: ignore[attr-defined]
    # Files opened during the run itself (after vmb.cli is imported): the data, the run's own files, prompts, lazily
    # imported modules' sources.
    return {**figures, "parsed": parsed, "opened": opened, "files": files, "modules": sorted(sys.modules)}


def generation_peaks(out: Path) -> dict[str, Any]:
    from vmb.maker.generate.pipeline import run
    from vmb.maker.generate.plan.options import GenerateOptions
    from vmb.maker.generate.procedural.backend import ProceduralBackend

    peaks: dict[str, Any] = {"status": 0}
    for groups in (1, 2, 6):
        tracemalloc.start()
        run(GenerateOptions(groups=groups, seed=1), out / f"groups-{groups}", ProceduralBackend(), log=lambda _: None)
        peaks[f"peak_bytes_{groups}"] = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    return peaks


if __name__ == "__main__":
    mode, data, out = sys.argv[1:4]
    print(json.dumps(generation_peaks(Path(out)) if mode == "generate" else main(mode, data, out)))
