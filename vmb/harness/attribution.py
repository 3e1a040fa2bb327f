"""A scored query's stage (``vmb.results.stages``), computed the one way everywhere it is stored.

The agent loop's records are attributed as each query finishes (``vmb.harness.runner``), again when
a run is re-scored (``vmb score``), and records of older runs that carry none when they are read for
analysis (``vmb.analysis.load_runs``): all three call ``attribution_of``.
"""

from __future__ import annotations

import functools
from pathlib import Path

from vmb.data.loader import Benchmark, Group, Query
from vmb.harness.agent import system_prompt
from vmb.harness.plan import first_days
from vmb.results.behaviour import behaviour_of
from vmb.results.record import QueryRecord
from vmb.results.record_parts import Attribution
from vmb.results.recorded import recorded_evidence
from vmb.results.rundir import read_inside
from vmb.results.stages import Fact, attribute_record, query_facts
from vmb.results.stores import Stores
from vmb.results.taxonomy import record_failure


@functools.lru_cache(maxsize=1)
def _prompt_prefix() -> str:
    """The system prompt before its memory part (the agent prompt ends with ``$memory``)."""
    return system_prompt("").strip()


@functools.lru_cache(maxsize=16)
def _stored_prompt(run_dir: Path, name: str) -> str:
    # A summary or history run's queries of one group share one stored prompt: read it once.
    return read_inside(run_dir, name)


def system_text(run_dir: Path, record: QueryRecord) -> str:
    """The system prompt of a record (long ones are stored once per run under ``system_prompts/``)."""
    system = next((m for m in record.messages if m.get("role") == "system"), None)
    if system is None:
        return ""
    if "content_file" in system:
        return _stored_prompt(run_dir, str(system["content_file"]))
    return str(system.get("content") or "")


def prompt_memory(system_text: str) -> str:
    """The memory part of a system prompt the agent loop wrote (all of it, for a prompt it did not)."""
    prompt = system_text.strip()
    prefix = _prompt_prefix()
    return prompt[len(prefix):].strip() if prompt.startswith(prefix) else prompt


def run_stores(bench: Benchmark, memory: str, memory_dir: Path, memory_days: int | None) -> Stores:
    """What a run's memory setting holds per query: its built stores, or the history its memory saw."""
    def group(number: int) -> Group:
        found = bench.group(number)
        return found if memory_days is None else first_days(found, memory_days)

    return Stores(memory, memory_dir, group)


def facts_of(bench: Benchmark, query: Query) -> tuple[Fact, ...]:
    """The evidence of a query: its facts, with the history lines a generated benchmark records for them."""
    return query_facts(query.calls, query.gold_memory, bench.group(query.group).speakers, query.query,
                       recorded_evidence(bench, query))


def attribution_of(record: QueryRecord, bench: Benchmark, stores: Stores, run_dir: Path) -> Attribution:
    """The stage of one scored record of the run in ``run_dir`` whose memory is ``stores``."""
    query = bench.query(record.id)
    people = bench.group(record.group).speakers
    failure = record_failure(record, behaviour_of(record), query.gold_memory, people)
    return attribute_record(record, facts_of(bench, query), people, stores.texts(query), prompt_memory(system_text(run_dir, record)),
                            None if failure is None else failure.error_type)
