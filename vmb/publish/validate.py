"""``vmb validate BUNDLE``: does every run of a bundle follow from its recorded conversations? No model is asked.

Per run, in order: its ``config.json`` hashes to the hash it records (a header edited after the run
does not); it is the run the manifest names (agent, model, server family, memory, prompts,
benchmark) and has the one model configuration the bundle claims, if it claims one; it ran on the
benchmark validated against (``vmb.publish.benchmarks``); every line of ``results.jsonl`` is a record,
each (query, trial) of the benchmark at most once; every scored record follows from its conversation
re-executed on the default car (``vmb.publish.replay``); the coverage is the manifest's; and
``metric.json`` is what ``vmb.results.summary.compute_metric`` makes of the records; and the header says
what the conversations show (``vmb.publish.consistency``: the memory setting, an offline agent). Nothing a
bundle holds is run or imported: its files are read as data, JSON through ``vmb.boundedjson``, and every
verdict line is printed through ``vmb.terminal.safe`` (a record id holding ESC shows escaped).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from tempfile import TemporaryDirectory
from typing import Any

from vmb.boundedjson import JsonFileError, read_json_file
from vmb.data import Benchmark
from vmb.harness.config import EXTERNAL_AGENT
from vmb.harness.counted import selected_attempts
from vmb.harness.imported import no_conversation
from vmb.prices import Price, PriceTable
from vmb.prompts import prompt_versions, recorded_prompt
from vmb.publish.benchmarks import Located, locate_benchmarks
from vmb.publish.consistency import agent_problem, memory_problem, placed_memory, unknown_prompts
from vmb.publish.files import opened, read_checked, shown_as
from vmb.publish.manifest import Manifest, RunEntry, model_configuration
from vmb.publish.replay import first_difference, replay_calls, replay_record
from vmb.results.header import RunHeader
from vmb.results.record import QueryRecord, attempt_key
from vmb.results.rundir import MEMORY, METRIC, RESULTS, RunDir, RunDirError, iter_results, json_values, read_header
from vmb.results.runsummary import Cost, RunSummary, SummaryFormatError
from vmb.results.summary import QueryRow, compute_metric
from vmb.terminal import safe

SHOWN_DIFFERENCES = 1  # reasons given per failing query: the first difference says enough


@dataclass
class Verdict:
    """One run's verdict: valid or not, complete or how partial, and every reason it fails."""

    run: str  # its path in the bundle
    coverage: dict[str, int] = field(default_factory=dict)  # benchmark, scored, errors, pending
    problems: list[str] = field(default_factory=list)  # reasons of the run as a whole
    queries: list[tuple[str, str]] = field(default_factory=list)  # (query key, reason)
    unchecked: list[str] = field(default_factory=list)  # what could not be checked, and why (not a reason to fail)

    @property
    def valid(self) -> bool:
        return not self.problems and not self.queries

    @property
    def complete(self) -> bool:
        c = self.coverage
        return bool(c) and c["scored"] == c["benchmark"] and not c["errors"] and not c["pending"]

    def line(self) -> str:
        c = self.coverage
        counts = (f"{c['scored']} of {c['benchmark']} queries scored, {c['errors']} in error, {c['pending']} not run"
                  if c else "not checked")
        if self.valid:
            return f"{self.run}: valid, {'complete' if self.complete else 'partial'} ({counts})"
        failing = f"{len(self.queries)} failing quer{'y' if len(self.queries) == 1 else 'ies'}"
        return f"{self.run}: INVALID ({failing}, {len(self.problems)} other reason(s); {counts})"

    def lines(self) -> list[str]:
        """The verdict, then a line per reason: the run's, then one per failing query id; every text from the
        bundle (a record's id, a call's arguments in a reason) through ``vmb.terminal.safe``."""
        return [safe(self.line()), *(safe(f"  not checked: {u}") for u in self.unchecked),
                *(safe(f"  {p}") for p in self.problems), *(safe(f"  {key}: {reason}") for key, reason in self.queries)]

    def named(self, scratch: str, shown: str) -> None:
        """Every reason naming a file under ``scratch`` (an archive unpacked for the while) names it ``shown``."""
        def rename(text: str) -> str:
            return re.sub(re.escape(scratch.rstrip("/")) + "/?", lambda _: shown, text)

        self.problems = [rename(p) for p in self.problems]
        self.queries = [(key, rename(reason)) for key, reason in self.queries]


@contextmanager
def open_bundle(path: Path) -> Iterator[tuple[Path, Manifest]]:
    """The bundle at ``path`` (a directory, or an archive unpacked for the while), its files checked."""
    with TemporaryDirectory(prefix="vmb-bundle-") as scratch, opened(path, Path(scratch)) as root:
        yield root, read_checked(root, None if root == path else str(path))


@dataclass(frozen=True)
class Checked:
    """A bundle opened and validated: its directory, manifest, a verdict per run, and its benchmarks located."""

    root: Path
    manifest: Manifest
    verdicts: list[Verdict]
    located: dict[str, Located]


@contextmanager
def checked_bundle(path: Path, data: str | None = None) -> Iterator[Checked]:
    """The bundle at ``path`` validated, open for the while (an archive's scratch and a rebuilt benchmark are
    removed afterwards)."""
    with open_bundle(path) as (root, manifest), TemporaryDirectory(prefix="vmb-rebuilt-") as scratch:
        located = locate_benchmarks(root, manifest, data, Path(scratch))
        verdicts = [validate_run(root, manifest, entry, located[entry.benchmark]) for entry in manifest.runs]
        if root != path:
            for verdict in verdicts:
                verdict.named(str(root), shown_as(root, str(path)))
        yield Checked(root, manifest, verdicts, located)


def validate_bundle(path: Path, data: str | None = None) -> list[Verdict]:
    """A verdict per run of the bundle at ``path``, against ``data`` or the benchmarks the bundle names."""
    with checked_bundle(path, data) as checked:
        return checked.verdicts


def _header_problems(header: RunHeader, entry: RunEntry, manifest: Manifest) -> list[str]:
    problems = []
    computed = header.determining.hash
    if computed != header.hash:
        problems.append(f"config.json was edited after the run: its settings hash to {computed[:12]}, it records "
                        f"{header.hash[:12]}")
    d = header.determining
    recorded = {"hash": header.hash, "agent": header.agent, "model": header.model, "server_family": d.server_family,
                "memory": header.memory, "prompts": d.prompts, "benchmark": header.data_sha256}
    problems += [f"config.json's {key} is {_short(value)}; the manifest names {_short(getattr(entry, key))}"
                 for key, value in recorded.items() if json_values(value) != json_values(getattr(entry, key))]
    if manifest.model is not None:
        mine = model_configuration(d)
        problems += [f"its {key} is {_short(mine[key])}, not the {_short(manifest.model.get(key))} of the one model "
                     "the bundle claims" for key in mine if json_values(mine[key]) != json_values(manifest.model.get(key))]
    return problems


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    return text if len(text) <= 80 else text[:77] + "..."


def _records(run: Path, verdict: Verdict, keys: set[str]) -> dict[str, QueryRecord]:
    """The run's records by key; a line that is not one, a key met twice or not the benchmark's is a reason."""
    records: dict[str, QueryRecord] = {}
    lines: dict[str, int] = {}
    for number, _, record, problem in iter_results(run / RESULTS):
        if record is None:
            verdict.problems.append(f"{RESULTS} line {number}: {problem}")
        elif record.key in lines:
            verdict.queries.append((record.key, f"recorded twice ({RESULTS} lines {lines[record.key]} and {number})"))
        elif record.key not in keys:
            verdict.queries.append((record.key, "not a query (or trial) its config.json selects of its benchmark"))
        else:
            lines[record.key] = number
            records[record.key] = record
    return records


def _replay(rundir: RunDir, header: RunHeader, bench: Benchmark, records: dict[str, QueryRecord],
            verdict: Verdict) -> None:
    d = header.determining
    same_prompt = d.prompts.get("agent") == prompt_versions(["agent"])["agent"]
    # The prompts the run was given (this vmb's or an earlier one's); one this vmb does not know is a reason.
    verdict.problems += unknown_prompts(d.prompts)
    agent_prompt, memory_prompt = (recorded_prompt(name, d.prompts.get(name)) for name in ("agent", "memory"))
    prompts = None if agent_prompt is None or memory_prompt is None else (agent_prompt, memory_prompt)
    problem = agent_problem(header, records)
    if problem is not None:
        verdict.problems.append(problem)
    imported = 0
    for key, record in records.items():
        if not record.ok:
            if record.score is not None:
                verdict.queries.append((key, "an error record that holds a score"))
            continue
        try:
            if no_conversation(record):
                # vmb import's records: their calls re-executed and re-scored; no conversation to play back.
                imported += 1
                reasons = ([f"it holds no conversation, yet its config.json names the agent {header.agent!r}, not "
                            f"{EXTERNAL_AGENT!r}"] if header.agent != EXTERNAL_AGENT else
                           replay_calls(record, bench.query(record.id)))
                verdict.queries += [(key, reason) for reason in reasons[:SHOWN_DIFFERENCES]]
                continue
            messages = rundir.load_messages(record)
            system = messages[0].get("content") if messages else None
            query = bench.query(record.id)
            shown = memory_problem(header, record, system, query, prompts)
            if shown is not None:
                verdict.queries.append((key, shown))
                continue
            replay = replay_record(record, messages, query, max_rounds=d.max_rounds, text_calls=d.text_calls,
                                   compare_prompt=same_prompt, placed=placed_memory(header.memory, query))
        except (AttributeError, TypeError, ValueError, KeyError, IndexError, RecursionError) as error:
            # A record edited into shapes no run writes (a message that is not an object, say): named, not raised.
            verdict.queries.append((key, f"its record is not one vmb writes ({type(error).__name__}: {error})"))
            continue
        verdict.queries += [(key, reason) for reason in replay.problems[:SHOWN_DIFFERENCES]]
    if header.agent == EXTERNAL_AGENT and len(records) > imported:
        # vmb serve's records: an outside agent's calls, each through vmb's loop, with no model request vmb made (as
        # an offline agent's); replayed and scored like any, but whose agent made them is its submitter's word.
        verdict.unchecked.append(f"who made the calls: an outside agent's run (vmb serve), named {header.model!r} by "
                                 "its submitter; vmb asked no model, so its records cannot show which agent it was")
    if imported:
        verdict.unchecked.append(f"{imported} scored quer{'y holds' if imported == 1 else 'ies hold'} calls without a "
                                 "conversation (vmb import): their calls were re-executed on the default car and "
                                 "re-scored; what the system was given and how it arrived at them could not be")


def recorded_prices(cost: Cost, model: str | None) -> PriceTable | None:
    """The price table metric.json's cost was figured with, as far as it records one (None: no price)."""
    price = cost["price"]
    if price is None or model is None:
        return None
    return PriceTable(price["source"], {model: Price(float(price["input"]), float(price["output"]),
                                                     str(cost.get("currency")))})


def _metric_problem(run: Path, header: RunHeader, attempts: list[tuple[str, int]],
                    records: dict[str, QueryRecord]) -> str | None:
    try:
        written = read_json_file(run / METRIC, METRIC)
        recorded = RunSummary.from_json(written)  # every field of its declared type, or one line naming it
    except (JsonFileError, SummaryFormatError, OSError) as error:
        return f"{METRIC} cannot be read ({str(error).removeprefix(f'{METRIC}: ')})"
    try:
        prices = recorded_prices(recorded.cost, header.model)
        summary = compute_metric([QueryRow.of(r) for r in records.values()], attempts, header.identity(),
                                 run / MEMORY, prices)
    except (ValueError, KeyError, TypeError, AttributeError, UnicodeDecodeError, OSError) as error:
        return f"{METRIC} cannot be checked ({type(error).__name__}: {error})"
    metric = summary.to_json()
    if recorded.cost["price"] is None and "note" in recorded.cost:
        metric["cost"] = recorded.cost  # why there is no price is not a figure
    # The file as written, its format version made explicit (a file from before the key reads as version 1).
    written = {**written, "version": recorded.version}
    if json_values(metric) == json_values(written):
        return None
    return f"{METRIC} does not follow from the records: {first_difference(written, json_values(metric), 'metric', 'recomputed')}"


def validate_run(root: Path, manifest: Manifest, entry: RunEntry, located: Located) -> Verdict:
    verdict = Verdict(entry.path)
    run = root / entry.path
    try:
        header = read_header(run)
    except RunDirError as error:
        verdict.problems.append(str(error))
        return verdict
    verdict.problems += _header_problems(header, entry, manifest)
    if located.problem is not None or located.bench is None:
        verdict.problems.append(located.problem or "its benchmark could not be loaded")
        return verdict
    bench = located.bench
    try:
        attempts = selected_attempts(header, bench, run)
    except RunDirError as error:
        verdict.problems.append(str(error))
        return verdict
    keys = [attempt_key(q.id, t) for q in bench.queries for t in range(1, header.selection.trials + 1)]
    records = _records(run, verdict, {attempt_key(q, t) for q, t in attempts})
    _replay(RunDir(run), header, bench, records, verdict)
    scored = sum(r.ok for r in records.values())
    verdict.coverage = {"benchmark": len(keys), "scored": scored, "errors": len(records) - scored,
                        "pending": len(keys) - len(records)}
    if verdict.coverage != entry.coverage:
        verdict.problems.append(f"the manifest claims {_short(entry.coverage)} of it; it holds {_short(verdict.coverage)}")
    if not manifest.partial and not verdict.complete:
        verdict.problems.append("the bundle says its runs are complete; this one misses queries or holds errors")
        verdict.queries += [(key, "no record of it") for key in keys if key not in records]
    problem = _metric_problem(run, header, attempts, records)
    if problem is not None:
        verdict.problems.append(problem)
    return verdict
