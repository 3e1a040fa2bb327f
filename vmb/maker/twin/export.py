"""The twin written in the source's layout, its metadata and licence note (read back by
``vmb.data.metadata.read_twin``)."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

from vmb.data import load_benchmark, parse_call
from vmb.data.loader import HISTORY_DIR, QA_DIR, QA_KEY
from vmb.data.locate import data_checksum
from vmb.data.metadata import METADATA, TWIN_MAKER, read_twin
from vmb.maker.twin.build import GroupTwin, twin_group
from vmb.maker.twin.names import People, lowercase_words
from vmb.outdir import claim_output_dir

NOTICE = "NOTICE"
# The release's licence and attribution, which a twin of it carries (it is a derived work).
LICENCE = ("This benchmark is a twin made by `vmb twin` from VehicleMemBench (arXiv 2603.23840;\n"
           "github.com/isyuhaochen/VehicleMemBench, dataset callalilya/VehicleMemBench), released under the\n"
           "Apache License 2.0. Changed from the source: people's names, dates (a whole number of weeks per group)\n"
           "and the values of the answers listed in metadata.json; every other word is the source's.\n")


def _json_style(path: Path) -> dict[str, Any]:
    """How the source wrote its QA file (indent, ASCII escapes), so the twin's differs only where it must."""
    text = path.read_text(encoding="utf-8")
    data = json.loads(text)
    for indent in (4, 2, 1, None):
        for ascii_only in (False, True):
            made = json.dumps(data, indent=indent, ensure_ascii=ascii_only)
            if text in (made, made + "\n"):
                return {"indent": indent, "ensure_ascii": ascii_only, "newline": text.endswith("\n")}
    return {"indent": 4, "ensure_ascii": False, "newline": True}


def _write(out: Path, twin: GroupTwin, source: Path, ends_with_newline: bool) -> None:
    style = _json_style(source / QA_DIR / f"qa_{twin.group}.json")
    newline = style.pop("newline")
    (out / HISTORY_DIR / f"history_{twin.group}.txt").write_text(
        "\n".join(twin.history) + ("\n" if ends_with_newline else ""), encoding="utf-8")
    (out / QA_DIR / f"qa_{twin.group}.json").write_text(
        json.dumps({QA_KEY: twin.queries}, **style) + ("\n" if newline else ""), encoding="utf-8")


def summary(groups: list[dict[str, Any]]) -> dict[str, Any]:
    """Queries changed, overall and per reasoning type, and why the others kept their value."""
    records = [q for g in groups for q in g["queries"]]
    by_type: dict[str, list[int]] = {}
    for record in records:
        counts = by_type.setdefault(record["reasoning_type"], [0, 0])
        counts[0] += record["changed"]
        counts[1] += 1
    reasons = Counter(r for q in records if not q["changed"] for r in (q["kept"] or ["no call takes a new value"]))
    said = {key: sum(g.get(key, 0) for g in groups) for key in ("months_moved", "short_forms_renamed", "other_names_kept")}
    return {"queries": len(records), "changed": sum(q["changed"] for q in records), **said,
            "by_type": {t: {"changed": c, "queries": n} for t, (c, n) in sorted(by_type.items())},
            "kept_reasons": dict(reasons.most_common())}


def make_twin(source: Path, seed: int, out: Path) -> dict[str, Any]:
    """Write the twin of the benchmark under ``source`` to ``out`` (new, empty or a twin's, whose files are
    replaced: ``vmb.outdir``); return its summary."""
    bench = load_benchmark(source)
    texts = [line.raw for g in bench.groups for line in g.lines] + [
        q.gold_memory + "\n" + q.query for q in bench.queries]
    people = People.of({s for g in bench.groups for s in g.speakers}, lowercase_words("\n".join(texts)))
    claim_output_dir(out, "vmb twin", made_before=lambda path: read_twin(path) is not None)
    for folder in (HISTORY_DIR, QA_DIR):  # the twin's own files; nothing else of the directory goes
        shutil.rmtree(out / folder, ignore_errors=True)
    (out / HISTORY_DIR).mkdir()
    (out / QA_DIR).mkdir()
    groups = []
    for group in bench.groups:
        twin = twin_group(group, people, seed)
        _write(out, twin, source, group.history_text.endswith("\n"))
        groups.append(twin.metadata)
    left = sorted({name for group in groups for name in group["names_left"]})
    made = {**summary(groups), "source_names_left": left}
    body = {"generator": TWIN_MAKER, "seed": seed, "source": {"path": str(source), "data_sha256": data_checksum(source)},
            "data_sha256": data_checksum(out), "licence": "Apache-2.0 (the source's; see NOTICE)",
            "summary": made, "groups": groups}
    (out / NOTICE).write_text(LICENCE, encoding="utf-8")
    (out / METADATA).write_text(json.dumps(body, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return made


@cache
def release_calls(data_dir: Path) -> dict[str, list[dict[str, Any]]]:
    """Query id -> the source's reference calls, parsed, for a twin under ``data_dir``; {} for no twin."""
    twin = read_twin(data_dir)
    if twin is None:
        return {}
    return {q.id: [parse_call(raw, twin.path, q.id) for raw in q.release_answer] for q in twin.queries()}
