"""A grid of runs from one TOML file: every model × every memory setting, each its own run directory.

    root = "runs/grid"                 # cells go to ROOT/MODEL-MEMORY (relative to the spec's folder)
    memory = ["none", "gold", { setting = "summary", options = { summary_cap = 2000 }, label = "sum2k" }]
    trials = 3                         # optional, 1 by default

    [run]                              # optional: settings every cell shares (vmb run's option names)
    groups = "1-10"
    concurrency = 16
    prices = "prices.toml"             # optional price table (--prices on the command line wins)

    [[models]]
    name = "Qwen/Qwen3-8B"             # as the endpoint knows it
    base_url = "http://127.0.0.1:8000/v1"
    server = "vllm"                    # optional server family, and any other request setting
    label = "qwen3-8b"                 # optional: the directory name's model part

    [[models]]
    agent = "oracle"                   # an offline agent needs no endpoint

Each cell is an ordinary run (resumable, sharing the request cache under ROOT/.cache by default).
``run_grid`` runs the cells one after another (each fills the endpoint's capacity on its own); with
a shard, each cell runs only its slice, into ROOT/CELL/shards/I-of-N, and ``merge_grid`` joins them.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from vmb.errors import VmbError
from vmb.harness.config import RunConfig, parse_groups
from vmb.harness.shard import Shard, shard_dir
from vmb.prices import PriceTable
from vmb.tomlfile import read_toml

# Settings a grid decides itself, per cell, or at its top level (trials) or command line (shard).
_PER_CELL = {"out", "memory", "memory_options", "model", "agent", "trials", "shard"}
_MODEL_KEYS = {"name", "label", "agent", "base_url", "server", "thinking", "temperature", "max_tokens",
               "max_rounds", "tool_choice", "text_calls"}
_TOP_KEYS = {"root", "memory", "trials", "run", "models"}


class GridError(VmbError, ValueError):
    """The grid spec is wrong; the message names the file and the entry."""


@dataclass(frozen=True)
class GridCell:
    name: str  # the run directory's name under the root
    fields: dict[str, Any]  # the RunConfig fields of its run

    def config(self, trials: int = 1, shard: Shard | None = None) -> RunConfig:
        out = self.fields["out"] if shard is None else str(shard_dir(self.fields["out"], shard))
        return RunConfig(**{**self.fields, "out": out}, trials=trials, shard=shard)


@dataclass(frozen=True)
class GridSpec:
    path: Path
    root: Path
    trials: int
    cells: list[GridCell]
    prices: str | None = None  # the spec's [run] prices (the command line's --prices wins)


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "_", text)


def _memories(path: Path, value: Any) -> list[tuple[str, str, dict[str, Any]]]:
    """(label, setting, options) for each memory entry."""
    if not isinstance(value, list) or not value:
        raise GridError(f"{path}: memory must be a non-empty list of settings")
    out: list[tuple[str, str, dict[str, Any]]] = []
    for number, entry in enumerate(value, 1):
        if isinstance(entry, str):
            out.append((entry, entry, {}))
            continue
        if not isinstance(entry, dict) or not isinstance(entry.get("setting"), str) or \
                set(entry) - {"setting", "options", "label"} or not isinstance(entry.get("options", {}), dict):
            raise GridError(f"{path}: memory entry {number} must be a name or "
                            f"{{ setting = NAME, options = {{...}}, label = TEXT }}, got {entry!r}")
        out.append((str(entry.get("label", entry["setting"])), entry["setting"], dict(entry.get("options", {}))))
    return out


def _model_fields(path: Path, number: int, entry: Any) -> tuple[str, dict[str, Any]]:
    if not isinstance(entry, dict):
        raise GridError(f"{path}: models entry {number} must be a table")
    unknown = set(entry) - _MODEL_KEYS
    if unknown:
        raise GridError(f"{path}: models entry {number} has unknown key(s) {', '.join(sorted(unknown))}; "
                        f"use {', '.join(sorted(_MODEL_KEYS))}")
    settings = {k: v for k, v in entry.items() if k not in ("name", "label")}
    agent = settings.setdefault("agent", "model")
    if agent == "model":
        if not entry.get("name") or not entry.get("base_url"):
            raise GridError(f"{path}: models entry {number} needs name and base_url (or agent = \"oracle\"/\"noop\")")
        settings["model"] = entry["name"]
    label = str(entry.get("label") or entry.get("name") or agent)
    return label, settings


def _shared_fields(path: Path, run: Any) -> dict[str, Any]:
    if not isinstance(run, dict):
        raise GridError(f"{path}: [run] must be a table of vmb run settings")
    allowed = {f.name for f in fields(RunConfig)} - _PER_CELL
    unknown = set(run) - allowed
    if "trials" in unknown or "shard" in unknown:
        raise GridError(f"{path}: [run] cannot set trials or shard: trials goes at the spec's top level, "
                        "and a shard is given on the command line (vmb grid SPEC --shard I/N)")
    if unknown:
        raise GridError(f"{path}: [run] has unknown setting(s) {', '.join(sorted(unknown))}; "
                        f"use {', '.join(sorted(allowed))}")
    settings = dict(run)
    if isinstance(settings.get("groups"), str):
        try:
            settings["groups"] = parse_groups(settings["groups"])
        except ValueError as error:
            raise GridError(f"{path}: [run] {error}") from None
    if isinstance(settings.get("plugins"), str):
        settings["plugins"] = [settings["plugins"]]  # one module, not a list of letters
    return settings


def load_grid(path: Path) -> GridSpec:
    doc = read_toml(path, "grid spec", GridError)
    unknown = set(doc) - _TOP_KEYS
    if unknown:
        raise GridError(f"{path}: unknown key(s) {', '.join(sorted(unknown))}; use {', '.join(sorted(_TOP_KEYS))}")
    if not isinstance(doc.get("root"), str):
        raise GridError(f"{path}: root (the folder the cells' run directories go in) is required")
    trials = doc.get("trials", 1)
    if isinstance(trials, bool) or not isinstance(trials, int) or trials < 1:
        raise GridError(f"{path}: trials must be a whole number of at least 1, got {trials!r}")
    models = doc.get("models")
    if not isinstance(models, list) or not models:
        raise GridError(f"{path}: at least one [[models]] entry is required")
    root = path.parent / doc["root"]
    shared = _shared_fields(path, doc.get("run", {}))
    shared.setdefault("cache_dir", str(root / ".cache"))
    cells: list[GridCell] = []
    for number, entry in enumerate(models, 1):
        label, model_fields = _model_fields(path, number, entry)
        for memory_label, setting, options in _memories(path, doc.get("memory")):
            name = f"{_slug(label)}-{_slug(memory_label)}"
            if any(c.name == name for c in cells):
                raise GridError(f"{path}: two cells are both named {name!r}; give one a label")
            fields = {**shared, **model_fields, "memory": setting, "memory_options": options,
                        "out": str(root / name)}
            cell = GridCell(name, fields)
            try:
                cell.config(trials).validate()
            except ValueError as error:
                raise GridError(f"{path}: cell {name}: {error}") from None
            cells.append(cell)
    return GridSpec(path, root, trials, cells, shared.get("prices"))


@dataclass
class CellOutcome:
    cell: GridCell
    path: Path
    error: str | None = None  # why the cell stopped, if it did


def run_grid(spec: GridSpec, *, shard: Shard | None = None, force: bool = False, prices: str | None = None,
             progress: bool | None = None, log: Callable[[str], None],
             say: Callable[[str], None] | None = None) -> list[CellOutcome]:
    """Run (or resume) every cell; a cell that fails is reported and the others still run. Each cell's
    start and end is a line of ``log``; what a run tells as it goes goes to ``say``."""
    import asyncio

    from vmb.data import DataError
    from vmb.harness.runner import execute, summary_line
    from vmb.llm.model import FatalModelError
    from vmb.results.rundir import ConfigMismatch, RunDirError

    outcomes = []
    for number, cell in enumerate(spec.cells, 1):
        config = cell.config(spec.trials, shard)
        config.prices = prices or spec.prices
        log(f"[{number}/{len(spec.cells)}] {cell.name}" + (f" (shard {shard})" if shard else ""))
        try:
            config.validate()
            result = asyncio.run(execute(config, force=force, show_progress=progress, say=say))
        except (FatalModelError, ConfigMismatch, RunDirError, DataError, ValueError, ImportError) as error:
            log(f"  stopped: {error}")
            outcomes.append(CellOutcome(cell, Path(config.out), str(error)))
            continue
        log("  " + summary_line(result).replace("\n", "\n  "))
        outcomes.append(CellOutcome(cell, result.path))
    return outcomes


def merge_grid(spec: GridSpec, *, prices: PriceTable | None = None,
               log: Callable[[str], None]) -> list[CellOutcome]:
    """Merge each cell's slices (ROOT/CELL/shards/*) into the cell's run directory."""
    from vmb.data import DataError
    from vmb.harness.merge import merge_runs
    from vmb.results.rundir import RunDirError

    outcomes = []
    for cell in spec.cells:
        out = Path(cell.fields["out"])
        slices = sorted(p for p in (out / "shards").glob("*-of-*") if p.is_dir())
        if not slices:
            outcomes.append(CellOutcome(cell, out, f"no slices under {out / 'shards'}"))
            log(f"{cell.name}: no slices under {out / 'shards'}")
            continue
        try:
            _, warnings = merge_runs(slices, out, data=cell.fields.get("data"), prices=prices,
                                     plugins=cell.fields.get("plugins") or ())
        except (ValueError, RunDirError, DataError) as error:
            outcomes.append(CellOutcome(cell, out, str(error)))
            log(f"{cell.name}: {error}")
            continue
        log(f"{cell.name}: merged {len(slices)} slices" + "".join(f"; warning: {w}" for w in warnings))
        outcomes.append(CellOutcome(cell, out))
    return outcomes
