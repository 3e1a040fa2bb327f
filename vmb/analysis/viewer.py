"""``vmb view``: a static viewer of runs, one folder that opens from the file system (no server).

``write_viewer(runset, bench, out)`` writes ``out/index.html`` (the page, its script and style
inline), ``out/data/index.js`` (one row per (run, query): identity, outcome, error type, stage;
each query's text once; the paired comparison of every two runs) and
``out/data/detail/r<run>_g<group>.js`` (everything about the queries of one group in one run:
the query, gold memory, the memory the agent saw with the evidence marked, every round with its
tool calls, the final answer, the state diff, the score, the error type and the stage). The page
loads the index at once and a detail file only when one of its queries is opened, so ten runs of
500 queries stay quick; data files are loaded with ``<script>`` tags, which browsers allow from
``file://`` where ``fetch`` is refused.

Everything shown is untrusted (model replies, tool arguments, data files): the page builds its
elements with ``textContent`` only, never HTML from data, and the data files escape ``<``, ``>``,
``&`` and the JavaScript line separators, so no text can end the script that carries it.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

import pandas as pd

from vmb.analysis.compare import Outcome, compare_outcomes
from vmb.analysis.runs import QueryContext, RunSet, memory_seen
from vmb.analysis.style import reasoning_label
from vmb.data import Benchmark
from vmb.outdir import claim_output_dir
from vmb.results import metrics
from vmb.results.record import QueryRecord
from vmb.results.record_view import leaf_verdict
from vmb.results.stages import evidence_spans

ASSETS = "viewer_assets"
# Memory text beyond this many characters is shown as excerpts around the evidence.
FULL_TEXT = 30_000
CONTEXT = 600  # characters kept on each side of an evidence span in an excerpt
HEAD = 2_000  # characters kept from the start of a long text
ANSWER_SNIPPET = 300  # characters of the final answer the table's search reads


@dataclass(frozen=True)
class ViewerResult:
    index: Path
    runs: int
    rows: int
    files: int
    bytes: int


def script_json(value: Any) -> str:
    """JSON that is also safe inside any ``<script>``: no ``</script>``, ``<!--`` or line separator survives."""
    text = json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    for char, escaped in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"), ("\u2028", "\\u2028"),
                          ("\u2029", "\\u2029")):
        text = text.replace(char, escaped)
    return text


def _plain(value: Any) -> Any:
    """A DataFrame cell as JSON: missing values as null."""
    if isinstance(value, (list, tuple)):
        return list(value)
    try:
        if pd.isna(value):
            return None
    except (TypeError, ValueError):
        pass
    if hasattr(value, "item"):
        return value.item()
    return value


def marked(text: str, spans: Sequence[tuple[int, int]]) -> list[dict[str, Any]]:
    """``text`` as pieces for the page: ``{"t": text, "m": [[start, end], ...]}`` and ``{"gap": n}``.

    A long text keeps its head and the surroundings of each evidence span; the rest is a gap.
    """
    if len(text) <= FULL_TEXT:
        return [{"t": text, "m": [list(s) for s in spans]}]
    keep = [(0, HEAD)] + [(max(0, a - CONTEXT), min(len(text), b + CONTEXT)) for a, b in spans]
    windows: list[tuple[int, int]] = []
    for start, end in sorted(keep):
        if windows and start <= windows[-1][1]:
            windows[-1] = (windows[-1][0], max(end, windows[-1][1]))
        else:
            windows.append((start, end))
    pieces: list[dict[str, Any]] = []
    shown = 0
    for start, end in windows:
        if start > shown:
            pieces.append({"gap": start - shown})
        inside = [[max(a, start) - start, min(b, end) - start] for a, b in spans if a < end and b > start]
        pieces.append({"t": text[start:end], "m": inside})
        shown = end
    if shown < len(text):
        pieces.append({"gap": len(text) - shown})
    return pieces


def _rounds(record: QueryRecord) -> list[dict[str, Any]]:
    """Each model turn: its text, its reasoning, and its tool calls with how they were read and their results."""
    replies = {m.get("tool_call_id"): m.get("content") for m in record.messages if m.get("role") == "tool"}
    turns = [m for m in record.messages if m.get("role") == "assistant"]
    out = []
    for number, message in enumerate(turns):
        calls = [{"name": r.name, "kind": r.kind, "ok": r.ok, "args": r.args, "arguments": r.arguments,
                  "read_as": r.read_as, "result": replies.get(r.id)}
                 for r in record.tool_results if r.round == number]
        reasoning = record.rounds[number].reasoning if number < len(record.rounds) else None
        out.append({"text": message.get("content"), "reasoning": reasoning, "tool_calls": calls})
    return out


def query_detail(runset: RunSet, run: str, record: QueryRecord, row: dict[str, Any], context: QueryContext,
                 bench: Benchmark) -> dict[str, Any]:
    """Everything the page shows about one query of one run."""
    info = runset.run(run)
    query = bench.query(record.id)
    people = context.people(record.group)
    facts = context.facts(record)
    injected, results = memory_seen(info, record)
    memory_calls = [r for r in record.tool_results if r.kind == "memory"]
    score = record.score
    diff = [] if score is None else [
        {"path": path, **{k: values.get(k) for k in ("default", "expected", "predicted")},
         "verdict": leaf_verdict(path, score)} for path, values in sorted(score.leaves.items())]
    return {
        "id": record.key, "query": record.query, "reasoning_type": reasoning_label(record.reasoning_type),
        "gold": marked(query.gold_memory, evidence_spans(query.gold_memory, facts, people)),
        "reference": query.calls,
        "injected": marked(injected, evidence_spans(injected, facts, people)),
        "retrieved": [{"call": {"name": c.name, "args": c.args},
                       "text": marked(text, evidence_spans(text, facts, people))}
                      for c, text in zip(memory_calls, results)],
        "rounds": _rounds(record), "final_answer": record.final_answer, "diff": diff,
        "status": record.status, "error": record.error,
        "solved": None if score is None else score.exact_match,
        "scores": [] if score is None else [[m.name, _plain(row.get(m.column))] for m in metrics.METRICS if m.shown],
        **{k: _plain(row.get(k)) for k in ("error_category", "error_detail", "stage", "stage_detail")},
    }


def _pairs(runset: RunSet, names: list[str]) -> dict[str, Any]:
    """``vmb compare`` of every two runs (a ``RunSet`` holds runs of one benchmark), keyed ``"i,j"`` by their
    positions."""
    queries = runset.queries[runset.queries["status"] == "ok"]
    outcomes = {}
    for name in names:
        mine = queries[queries["run"] == name]
        rates = mine.groupby("query_id").agg(group=("group", "first"), reasoning_type=("reasoning_type", "first"),
                                             rate=("exact_match", lambda s: float(s.astype(float).mean())))
        outcomes[name] = [Outcome(q, int(r.group), r.reasoning_type, r.rate) for q, r in rates.iterrows()]
    out = {}
    for i, a in enumerate(names):
        for j in range(i + 1, len(names)):
            result = compare_outcomes(outcomes[a], outcomes[names[j]])
            if result["shared"]:
                out[f"{i},{j}"] = result
    return out


INDEX_COLUMNS = ("run", "query_id", "trial", "status", "exact_match", "error_category", "stage", "answer")


def write_viewer(runset: RunSet, bench: Benchmark, out: Path, runs: Iterable[str] | None = None) -> ViewerResult:
    """Write the viewer of ``runs`` (default: every run of ``runset``) into ``out`` (replacing an earlier one:
    ``out`` is new, empty or the viewer's own, ``vmb.outdir``)."""
    claim_output_dir(out, "vmb view")
    names = list(runs) if runs is not None else list(runset.runs["run"])
    position = {name: i for i, name in enumerate(names)}
    context = QueryContext(bench)
    data_dir = out / "data"
    detail_dir = data_dir / "detail"
    if detail_dir.exists():
        shutil.rmtree(detail_dir)
    detail_dir.mkdir(parents=True)
    frame = runset.queries[runset.queries["run"].isin(position)]
    rows: list[list[Any]] = []
    queries: dict[str, Any] = {}
    details: dict[tuple[int, int], dict[str, Any]] = {}
    for row in frame.to_dict("records"):
        run, key = row["run"], row["query_id"] if row["trial"] == 1 else f"{row['query_id']}~{row['trial']}"
        record = runset.record(run, key)
        answer = (record.final_answer or "")[:ANSWER_SNIPPET]
        rows.append([position[run], row["query_id"], row["trial"], row["status"], _plain(row["exact_match"]),
                     _plain(row["error_category"]), _plain(row["stage"]), answer])
        queries.setdefault(row["query_id"], {"text": record.query, "group": int(row["group"]),
                                             "type": row["reasoning_type"], "modules": list(row["modules"])})
        target = details.setdefault((position[run], int(row["group"])), {})
        target[key] = query_detail(runset, run, record, row, context, bench)
    files = 0
    for (run_index, group), entries in details.items():
        (detail_dir / f"r{run_index}_g{group}.js").write_text(
            f"VMB.detail({run_index},{group},{script_json(entries)});\n", encoding="utf-8")
        files += 1
    table = runset.runs.set_index("run")
    index = {
        "columns": list(INDEX_COLUMNS),
        "runs": [{"name": n, "label": str(table.loc[n, "model"]), "memory": str(table.loc[n, "memory"]),
                  "memory_label": str(table.loc[n, "memory_label"]),
                  "scored": int(table.loc[n, "scored"])} for n in names],
        "types": {t: reasoning_label(t) for t in sorted({q["type"] for q in queries.values()})},
        "queries": queries, "rows": rows, "pairs": _pairs(runset, names),
    }
    (data_dir / "index.js").write_text(f"VMB.index({script_json(index)});\n", encoding="utf-8")
    assets = resources.files("vmb.analysis").joinpath(ASSETS)
    page = assets.joinpath("index.html").read_text(encoding="utf-8")
    page = page.replace("/*STYLE*/", assets.joinpath("viewer.css").read_text(encoding="utf-8"))
    page = page.replace("/*SCRIPT*/", assets.joinpath("viewer.js").read_text(encoding="utf-8"))
    (out / "index.html").write_text(page, encoding="utf-8")
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    return ViewerResult(out / "index.html", len(names), len(rows), files + 2, size)
