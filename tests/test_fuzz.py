"""Property-based pass: no option value or file content makes a traceback, only the one-line errors.

Each property feeds generated input to a parser or reader of the CLI (options of run, grid, merge,
generate; price tables and grid specs; the stage files of merge, generate, compare and review) and
accepts a result or the error type that command prints as one line. Examples are few and unhurried
(``max_examples`` modest, no deadline) so the suite stays fast.
"""

from __future__ import annotations

import contextlib
import json
import math
import shutil
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.generate.conftest import SMALL, generate
from vmb.analysis.compare import CompareError, compare_runs
from vmb.cli import BlankValue, build_parser
from vmb.commands.run import config_from_args
from vmb.data import DataError
from vmb.data.metadata import read_metadata
from vmb.errors import OptionError
from vmb.harness import run_benchmark
from vmb.harness.config import RunConfig, parse_groups
from vmb.harness.grid import GridError, load_grid
from vmb.harness.merge import MergeError, merge_runs
from vmb.harness.shard import Shard, parse_shard
from vmb.maker.commands.generate import options_from
from vmb.maker.generate.pipeline import run as run_pipeline
from vmb.maker.generate.plan.options import GenerateOptions, parse_type_shares
from vmb.maker.generate.procedural.backend import ProceduralBackend
from vmb.maker.generate.store import ArtifactError
from vmb.prices import PriceError, cost_figures, load_prices
from vmb.results.rundir import RunDirError
from vmb.usage import Usage

# Derandomized and without an example database: every run (and CI) tries the same examples, so
# the suite never turns red by chance; a deeper search is a local run with larger max_examples.
FUZZ = settings(max_examples=40, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
SLOW_FUZZ = settings(FUZZ, max_examples=12)

scalars = (st.none() | st.booleans() | st.integers(min_value=-2**70, max_value=2**70) | st.floats()
           | st.text(max_size=12))
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=12)
option_text = (st.text(max_size=12) | st.sampled_from(["0", "-1", "1", "nan", "inf", "-inf", "1e308", "1e-320",
                                                       "2", "3/2", "1/0", "0/0", "1-5", "5-1", ",", "１", "٣"]))


@contextlib.contextmanager
def _scratch() -> Iterator[Path]:
    with tempfile.TemporaryDirectory() as name:
        yield Path(name)


@pytest.fixture
def scratch() -> Callable[[], Any]:
    return lambda: _scratch()


# --- option parsers ------------------------------------------------------------------------------

@FUZZ
@given(option_text)
def test_text_option_parsers(text: str) -> None:
    for parse in (parse_groups, parse_shard, parse_type_shares):
        try:
            parse(text)
        except ValueError:
            pass


RUN_OPTIONS = ["--groups", "--limit", "--trials", "--shard", "--concurrency", "--retries", "--timeout",
               "--timeout-retries", "--backoff", "--temperature", "--max-tokens", "--max-rounds", "--memory-days",
               "--progress-every", "--slow-after", "--memory-option", "--thinking", "--server", "--base-url"]


@FUZZ
@given(st.sampled_from(RUN_OPTIONS), option_text)
def test_run_options(option: str, value: str) -> None:
    try:
        args = build_parser().parse_args(["run", "--agent", "oracle", "--out", "x", f"{option}={value}"])
    except SystemExit as stop:  # argparse's own one line (a value that is not an int, say)
        assert stop.code == 2
        return
    except BlankValue:  # an empty value: vmb.cli.main's one line
        return
    try:
        config_from_args(args, use_cache=False)
    except ValueError:
        pass


GENERATE_OPTIONS = ["--groups", "--seed", "--people", "--history-lines", "--background-chains", "--vehicle-chains",
                    "--conflict-density", "--delay-days", "--type-shares", "--start-date", "--concurrency",
                    "--timeout", "--max-tokens", "--stage-temperature", "--stage-model"]


@FUZZ
@given(st.sampled_from(GENERATE_OPTIONS), option_text, st.booleans())
def test_generate_options(option: str, value: str, llm: bool) -> None:
    backend = ["--backend", "llm", "--base-url", "http://127.0.0.1:9/v1", "--model", "m"] if llm else []
    try:
        args = build_parser().parse_args(["generate", "--out", "x", *backend, f"{option}={value}"])
    except SystemExit as stop:
        assert stop.code == 2
        return
    except BlankValue:
        return
    try:
        options_from(args)
    except OptionError:
        pass


@FUZZ
@given(st.sampled_from([f for f in RunConfig.__dataclass_fields__ if f != "out"]), json_values)
def test_run_config_fields(name: str, value: Any) -> None:
    try:
        RunConfig(**{"out": "x", "agent": "oracle", name: value}).validate()
    except ValueError:
        pass


@FUZZ
@given(st.sampled_from([f for f in GenerateOptions.__dataclass_fields__ if f != "llm"]), json_values)
def test_generate_option_fields(name: str, value: Any) -> None:
    try:
        GenerateOptions(**{name: value})
    except OptionError:
        pass


# --- TOML readers --------------------------------------------------------------------------------

def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf") if math.isinf(value) else repr(value)
    if isinstance(value, (int, str)):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    return "{ " + ", ".join(f"{json.dumps(k)} = {_toml_value(v)}" for k, v in value.items()) + " }"


toml_values = st.recursive(st.booleans() | st.integers(min_value=-2**63, max_value=2**63 - 1) | st.floats()
                           | st.text(max_size=10),
                           lambda inner: st.lists(inner, max_size=3)
                           | st.dictionaries(st.text(min_size=1, max_size=8), inner, max_size=3), max_leaves=8)


def _toml(entries: dict[str, Any], tables: dict[str, dict[str, Any]]) -> str:
    lines = [f"{json.dumps(k)} = {_toml_value(v)}" for k, v in entries.items()]
    for table, body in tables.items():
        lines.append(f"[{table}]")
        lines += [f"{json.dumps(k)} = {_toml_value(v)}" for k, v in body.items()]
    return "\n".join(lines) + "\n"


PRICE_KEYS = st.sampled_from(["currency", "models", "input", "output", "cache"]) | st.text(min_size=1, max_size=6)


@FUZZ
@given(st.dictionaries(PRICE_KEYS, toml_values, max_size=3),
       st.dictionaries(st.sampled_from(['models."m"', "models", 'models."gpt"']),
                       st.dictionaries(PRICE_KEYS, toml_values, max_size=3), max_size=2),
       st.binary(max_size=40) | st.just(b""))
def test_price_tables(scratch: Callable[[], Any], entries: dict[str, Any], tables: dict[str, dict[str, Any]],
                      noise: bytes) -> None:
    with scratch() as root:
        path = root / "prices.toml"
        path.write_bytes(_toml(entries, tables).encode("utf-8") + noise)
        try:
            table = load_prices(path)
        except PriceError:
            return
        for model in table.prices:
            cost = cost_figures(table, model, queries=Usage(10**12, 10**12), build=Usage(10**12, 1), attempts=3,
                                solved=1)
            assert all(math.isfinite(v) for v in cost.values() if isinstance(v, float))


GRID_KEYS = st.sampled_from(["root", "memory", "trials", "run", "models", "name", "base_url", "agent", "label",
                             "groups", "concurrency", "plugins", "prices", "shard", "setting", "options"])
GRID_SETTINGS = st.sampled_from(["groups", "concurrency", "plugins", "prices", "trials", "shard", "limit", "timeout",
                                 "cache_dir", "text_calls", "retries", "data"])


@FUZZ
@given(st.fixed_dictionaries({"root": st.just("g") | toml_values,
                              "memory": st.just(["gold"]) | toml_values}),
       st.dictionaries(GRID_KEYS, toml_values, max_size=2),
       st.dictionaries(GRID_SETTINGS, toml_values, max_size=3),
       st.dictionaries(GRID_KEYS, toml_values, max_size=3))
def test_grid_specs(scratch: Callable[[], Any], top: dict[str, Any], extra: dict[str, Any], run: dict[str, Any],
                    model: dict[str, Any]) -> None:
    with scratch() as root:
        path = root / "grid.toml"
        text = _toml({**top, **extra}, {"run": run}) + "[[models]]\n" + "\n".join(
            f"{json.dumps(k)} = {_toml_value(v)}" for k, v in ({"agent": "oracle"} | model).items()) + "\n"
        path.write_text(text, encoding="utf-8")
        try:
            load_grid(path)
        except GridError:
            pass


# --- stage files -------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def slices(tmp_path_factory: pytest.TempPathFactory, small_benchmark: Path) -> tuple[Path, Path]:
    root = tmp_path_factory.mktemp("fuzz-slices")
    made = []
    for index in (1, 2):
        made.append(run_benchmark(out=str(root / f"s/shards/{index}-of-2"), agent="oracle", memory="gold",
                                  groups=[1, 2], shard=Shard(index, 2), data=str(small_benchmark),
                                  cache_dir=str(root / "cache"), progress=False).path)
    return made[0], made[1]


line_damage = (st.binary(max_size=60) | json_values.map(lambda v: json.dumps(v).encode())
               | st.sampled_from([b"{", b"[]", b"{}", b"\xff\xfe", b'{"id": "qa_1#0", "status": "ok"}']))


@SLOW_FUZZ
@given(st.sampled_from(["config.json", "results.jsonl"]), st.lists(line_damage, min_size=1, max_size=3),
       st.booleans())
def test_merge_reads_damaged_slices(scratch: Callable[[], Any], slices: tuple[Path, Path], name: str,
                                    lines: list[bytes], keep: bool) -> None:
    with scratch() as root:
        copies = [root / "run/shards" / s.name for s in slices]
        for source, copy in zip(slices, copies):
            shutil.copytree(source, copy)
        target = copies[1] / name
        original = target.read_bytes() if keep and name == "results.jsonl" else b""
        target.write_bytes(original + b"\n".join(lines))
        try:
            merge_runs(copies, root / "run")
        except (MergeError, RunDirError, DataError, ValueError):
            pass


@SLOW_FUZZ
@given(line_damage)
def test_compare_reads_a_damaged_config(scratch: Callable[[], Any], slices: tuple[Path, Path], text: bytes) -> None:
    with scratch() as root:
        b = root / "b"
        shutil.copytree(slices[1], b)
        (b / "config.json").write_bytes(text)
        try:
            compare_runs(slices[0], b)
        except CompareError:
            pass


@pytest.fixture(scope="module")
def small_generated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return generate(tmp_path_factory.mktemp("fuzz-gen") / "small")


STAGE_FILES = ["stages/run.json", "stages/failures.jsonl", "stages/revisions.json", "review/decisions.json",
               "stages/chains.jsonl", "stages/export.jsonl", "metadata.json"]
decision_ids = st.sampled_from(["qa:g1:c0", "personas:g2", "chains:g9:c1", "dialogue:g1:2025-01-01", "qa:g1",
                                "x", "qa:g١:c0", "qa:g1:c0:extra"]) | st.text(max_size=10)
decisions = st.dictionaries(st.sampled_from(["reject", "rejects"]),
                            st.dictionaries(decision_ids, json_values, max_size=2) | json_values, max_size=2)


@SLOW_FUZZ
@given(st.sampled_from(STAGE_FILES), line_damage | decisions.map(lambda v: json.dumps(v).encode()), st.booleans())
def test_generate_reads_damaged_stage_files(scratch: Callable[[], Any], small_generated: Path, name: str,
                                            content: bytes, append: bool) -> None:
    with scratch() as root:
        out = root / "g"
        shutil.copytree(small_generated, out)
        target = out / name
        target.parent.mkdir(parents=True, exist_ok=True)
        before = target.read_bytes() if append and target.exists() else b""
        target.write_bytes(before + content + (b"\n" if append else b""))
        try:
            run_pipeline(SMALL, out, ProceduralBackend(), log=lambda _: None)
        except ArtifactError:
            pass
        try:
            read_metadata(out)
        except DataError:
            pass
