"""One way to set up a run: ``prepare_run(config) -> RunPlan``, and building one group's memory.

``vmb run``, ``vmb memory ingest`` and ``vmb score`` all start here: the config is validated once,
plugin modules imported, the memory setting resolved (its options checked), the benchmark loaded
and the queries selected; the plan carries the ``determining`` settings and their hash that guard
the run directory. ``MemoryBuilder`` builds a group's memory into the store keyed by everything it
depends on (``build_key``), or finds it there, for the runner and for ``vmb memory ingest`` alike.
"""

from __future__ import annotations

import functools
import hashlib
import shutil
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from vmb.doubles.offline import NoopModel
from vmb.errors import VmbError
from vmb.harness.config import RunConfig, check_groups, package_versions
from vmb.harness.shard import Shard
from vmb.llm.model import Endpoint, Model
from vmb.memory import find, get_memory_setting, load_plugins
from vmb.memory.base import BuildContext, BuildCost, BuildHealth, MemorySetting
from vmb.memory.buildfile import BUILD_FILE, BuildFileError, BuildRecord, pace_of, read_build
from vmb.memory.options import every_option, parse_options
from vmb.prompts import prompt_versions
from vmb.results.header import Determining, RunHeader, RunIdentity, Selection, config_hash
from vmb.results.rundir import json_values, write_json

if TYPE_CHECKING:  # the loader is imported where a benchmark is loaded, not with this module
    from vmb.data import Benchmark, Group, Query

@functools.lru_cache(maxsize=4)
def load_benchmark_once(root: str) -> Benchmark:
    """Loaded once per process: a notebook running several settings parses the release once.

    Histories are parsed when first read: a setting that never reads them never holds them.
    """
    from vmb.data import load_benchmark

    return load_benchmark(root, parse_histories=False)


def select_queries(bench: Benchmark, groups: list[int] | None, limit: int | None,
                   shard: Shard | None = None) -> list[Query]:
    """The queries a run selects, in (group, index) order: of ``groups`` (None: all), the first ``limit``,
    then this ``shard``'s groups of those. ``vmb run`` selects with it and every reader of a run
    (``vmb.harness.counted``) counts with it."""
    check_groups(groups, [g.number for g in bench.groups])
    chosen = [q for q in bench.queries if groups is None or q.group in groups]
    chosen = chosen if limit is None else chosen[:limit]
    if shard is not None:
        mine = set(shard.groups([q.group for q in chosen]))
        chosen = [q for q in chosen if q.group in mine]
    return chosen


def check_reference_calls(root: Path, queries: list[Query]) -> None:
    """Refuse queries whose reference answer calls an API the simulator does not have: the reference
    car would stay the default one, so doing nothing would score as solving them."""
    from vmb.data import DataError
    from vmb.sim.registry import API_BY_NAME

    unknown = [(q, c["name"]) for q in queries for c in q.calls if c["name"] not in API_BY_NAME]
    if unknown:
        query, name = unknown[0]
        raise DataError(root / "qa_data" / f"qa_{query.group}.json", query.id,
                        f"the reference answer calls {name!r}, which the simulator does not have "
                        f"({len(unknown)} such call(s) in the selection; vmb verify --data {root} lists them); "
                        "such a query cannot be scored")


def check_listed_groups(root: Path, groups: list[int]) -> None:
    """Refuse a generated benchmark holding history or QA files of groups its metadata does not list
    (files left from another benchmark would be run as if they belonged to it)."""
    from vmb.data import DataError
    from vmb.data.metadata import read_metadata

    metadata = read_metadata(root)
    if metadata is None:
        return
    listed = {g.group for g in metadata.groups}
    extra = sorted(set(groups) - listed)
    if extra:
        shown = ", ".join(map(str, extra[:5])) + (", ..." if len(extra) > 5 else "")
        raise DataError(metadata.path, None, f"lists {len(listed)} group(s), but {root} also holds the files of "
                        f"group(s) {shown}, which it does not list; remove them or regenerate into an empty directory")


def first_days(group: Group, days: int) -> Group:
    """The group as if its history ended after its first ``days`` days (``--memory-days``)."""
    from vmb.data import Group, History

    lines = [line for day in group.days[:days] for line in day.lines]
    return Group(group.number, group.queries, History.of_lines(lines))


@dataclass
class RunPlan:
    """A run, resolved: its config, memory setting, benchmark, selected queries and determining settings."""

    config: RunConfig
    memory_setting: MemorySetting
    data_root: Path
    bench: Benchmark
    selected: list[Query]  # in (group, index) order (this shard's groups only)
    determining: Determining
    # The benchmark's checksum in the form vmb wrote before CHECKSUM_VERSION 2 (vmb.data.locate.DataIdentity)
    legacy_data_sha256: str = ""

    def upgraded(self, stored: Determining) -> Determining:
        """``upgraded_determining``, reading a checksum of this benchmark in its legacy form as today's: a run an
        earlier vmb started on the same files still resumes."""
        if self.legacy_data_sha256 and stored.data_sha256 == self.legacy_data_sha256:
            stored = replace(stored, data_sha256=self.determining.data_sha256)
        return upgraded_determining(stored)

    @property
    def hash(self) -> str:
        return self.determining.hash

    @property
    def identity(self) -> RunIdentity:
        """Who ran what, as metric.json names the run."""
        return self.determining.identity()

    @property
    def attempts(self) -> list[tuple[Query, int]]:
        """Every (query, trial) the run covers: each selected query ``--trials`` times."""
        return [(q, trial) for q in self.selected for trial in range(1, self.config.trials + 1)]

    @property
    def endpoint(self) -> Endpoint:
        return Endpoint(base_url=self.config.base_url, model=self.config.model)

    def memory_group(self, group: Group) -> Group:
        """The group as its memory is built from it: only its first days with ``--memory-days``."""
        days = self.config.memory_days
        return group if days is None else first_days(group, days)

    def group_numbers(self) -> list[int]:
        return sorted({q.group for q in self.selected})

    def header(self) -> RunHeader:
        """``config.json``: the hash, the determining settings, the selection, the rest for the reader."""
        now = time.strftime("%Y-%m-%dT%H:%M:%S%z")
        config = self.config
        selection = Selection(groups=config.groups, limit=config.limit, trials=config.trials,
                              shard=None if config.shard is None else str(config.shard), queries=len(self.selected))
        return RunHeader(hash=self.hash, determining=self.determining, selection=selection,
                         operational={**config.operational(), "data": str(self.data_root.resolve())},
                         packages=package_versions(), created=now, updated=now)


def prepare_run(config: RunConfig) -> RunPlan:
    """Validate the config, import its plugins, resolve the memory setting, load and select the data."""
    from vmb.data import resolve_data_dir
    from vmb.data.locate import data_identity, note_if_not_release

    config.validate()
    load_plugins(config.plugins)
    setting = get_memory_setting(config.memory, config.memory_options)
    root = Path(resolve_data_dir(config.data, note=False))
    identity = data_identity(root)  # read once: the run's data checksum and whether it is the release
    note_if_not_release(root, identity)
    bench = load_benchmark_once(str(root))
    check_listed_groups(root, [g.number for g in bench.groups])
    prompts = prompt_versions(["agent", "memory", *setting.prompts])
    selected = select_queries(bench, config.groups, config.limit)
    check_reference_calls(root, selected)
    if config.shard is not None:
        selected = select_queries(bench, config.groups, config.limit, config.shard)
    if setting.reads_history:
        for number in sorted({q.group for q in selected}):
            bench.group(number).history  # noqa: B018 (a malformed history stops the run before any request)
    return RunPlan(config=config, memory_setting=setting, data_root=root, bench=bench, selected=selected,
                   determining=config.determining(prompts, identity.checksum, every_option(setting.options)),
                   legacy_data_sha256=identity.legacy)


def upgraded_determining(stored: Determining) -> Determining:
    """A run directory's stored ``determining`` as this vmb writes it, so that a run an earlier vmb
    started still resumes: its memory options parsed with every default filled in (earlier versions
    recorded them as given, then only those differing from their defaults). Options it cannot read are
    left as they are (and so are not this run's)."""
    setting = find(stored.memory)
    if setting is None:
        return stored
    try:
        options = parse_options(setting.name, setting.Options, stored.memory_options)
    except VmbError:
        return stored
    return replace(stored, memory_options=every_option(options))


def same_run(one: Determining, other: Determining) -> bool:
    """Whether two stored ``determining`` records are one run's, whichever version of vmb wrote each."""
    return bool(json_values(upgraded_determining(one).to_json()) == json_values(upgraded_determining(other).to_json()))


def builder_identity(d: Determining) -> dict[str, Any]:
    """Who builds a run's memory, as its build key holds it: the agent, its model and how the model is asked."""
    return {"agent": d.agent, "model": d.model, "base_url": d.base_url, "request_params": d.request_params,
            "text_calls": d.text_calls}


def built_by(plan: RunPlan, builder: RunConfig) -> tuple[RunPlan, RunPlan]:
    """A run whose agent is not its memory's builder (``vmb serve``'s outside agent), with the model ``builder``
    names (the options ``vmb run`` takes; no model: the ``noop`` agent): the run's plan, its settings naming the
    builder (``memory_built_by``), and the plan ``vmb run`` makes of ``builder``, whose ``MemoryBuilder`` keys and
    finds the memories ``vmb run`` and ``vmb memory ingest`` build with that model."""
    builder.validate()
    d = plan.determining
    building = replace(plan, config=builder, determining=builder.determining(d.prompts, d.data_sha256, d.memory_options))
    return replace(plan, determining=replace(d, memory_built_by=builder_identity(building.determining))), building


@dataclass(frozen=True)
class BuiltMemory:
    store: Path  # the directory holding the group's built memory
    reused: bool  # found built, not built now
    record: BuildRecord  # its build.json

    @property
    def cost(self) -> BuildCost:
        return self.record.cost

    @property
    def health(self) -> BuildHealth | None:
        """None for a build made before builds recorded it."""
        return self.record.health


class BuildWatcher(Protocol):
    """Who follows builds as they go (the run's progress): a build of so many days starts (its number is
    returned), a day of it is read, it ends."""

    def build_started(self, days: int) -> int: ...
    def build_day(self, build: int) -> None: ...
    def build_ended(self, build: int, unread: int) -> None: ...  # the days it did not report read (failed, or not told)


class MemoryBuilder:
    """Builds groups' memories for one plan, with the run's model (or none, for the offline agents)."""

    def __init__(self, plan: RunPlan, model: Model | None, watcher: BuildWatcher | None = None) -> None:
        self.plan = plan
        self.model: Model = model if model is not None else NoopModel()
        self.by_a_model = model is not None  # an offline agent's build (no model) writes no memory by design
        self.watcher = watcher

    def build_key(self, group: Group) -> str:
        ident = {
            "params": self.plan.memory_setting.build_params(),
            "prompts": prompt_versions(list(self.plan.memory_setting.prompts)),
            **builder_identity(self.plan.determining),
            "history_sha256": hashlib.sha256(group.history_text.encode("utf-8")).hexdigest(),
        }
        return config_hash(ident)

    def store_dir(self, group: Group) -> Path:
        """Where the group's built memory is kept for reuse by later runs (under the cache root)."""
        key = self.build_key(group)
        return self.plan.config.cache_root() / "memory" / self.plan.memory_setting.name / key[:16] / f"group_{group.number}"

    def stored(self, group: Group) -> bool:
        """Whether the group's memory is in the store already (then nothing is built for it)."""
        return (self.store_dir(group) / BUILD_FILE).exists()

    def outline(self, groups: Sequence[Group]) -> str:
        """What building ``groups`` takes, said before it starts: the days of history, the model calls and, when
        earlier builds of the setting on this endpoint measured its pace, the model time at that pace (else the
        time follows once the first day is read: ``vmb.harness.progress``)."""
        setting = self.plan.memory_setting
        days = sum(len(g.days) for g in groups)
        per_day = setting.day_requests()
        if setting.day is None:
            calls = "the model calls the system makes itself"
        elif per_day == 1:
            calls = f"{days:,} model calls (one a day)"
        else:
            calls = f"{days:,} to {days * per_day:,} model calls (1 to {per_day} a day)"
        return f"memory build: {len(groups)} group(s) to build from {days:,} days of history, {calls}; {self._time(days)}"

    def _time(self, days: int) -> str:
        """The time ``days`` of history take at the pace of earlier builds on this endpoint, or when it is said."""
        # Here, not at the top: the progress module brings the model client, which vmb score never loads.
        from vmb.harness.progress import duration

        setting, d = self.plan.memory_setting, self.plan.determining
        pace = pace_of(self.plan.config.cache_root() / "memory" / setting.name, d.model or "", d.base_url or "") \
            if self.plan.config.agent == "model" else None
        if pace is None:
            return "the time it takes is said once the first day is read"
        return (f"about {duration(days * pace.per_day)} of model time at the pace {pace.builds} earlier build(s) of "
                f"{setting.name} measured on this endpoint ({pace.per_call:.1f} s a model call, "
                f"{pace.calls_per_day:.1f} a day); the first day read measures it again")

    async def build_group(self, group: Group, destination: Path | None = None) -> BuiltMemory:
        """The group's memory in the store (built now unless it is there), or built into ``destination``."""
        store = destination or self.store_dir(group)
        reused = (store / BUILD_FILE).exists()
        if reused:
            try:
                return BuiltMemory(store, True, read_build(store))
            except BuildFileError:
                pass  # a damaged record of the build: the store is not trusted, and is built again (as a killed one)
        await self._build(group, self.build_key(group), store)
        return BuiltMemory(store, False, read_build(store))

    async def _build(self, group: Group, key: str, destination: Path) -> None:
        setting = self.plan.memory_setting
        scratch = destination.with_name(destination.name + ".building")
        shutil.rmtree(scratch, ignore_errors=True)
        scratch.mkdir(parents=True)
        ctx = BuildContext(model=self.model, directory=scratch, text_calls=self.plan.config.text_calls,
                           endpoint=self.plan.endpoint)
        watcher = self.watcher
        if watcher is not None:
            number = watcher.build_started(len(group.days))
            ctx.on_day = lambda: watcher.build_day(number)
        start = time.perf_counter()
        try:
            await setting.build(group, ctx)
        finally:
            if watcher is not None:
                watcher.build_ended(number, max(len(group.days) - ctx.health.days, 0))
        ctx.cost.seconds = round(time.perf_counter() - start, 3)
        if self.by_a_model:
            # A build with no model (an offline agent's) writes no memory by design: its empty summary says nothing
            # of a memory setting, and fifty warnings of it would hide one that does. What it kept is still
            # measured and recorded. Whoever the agent is (vmb serve's outside agent too), a model's build is checked.
            ctx.health.check()
        d = self.plan.determining
        record = BuildRecord(key, group.number, setting.name, setting.build_params(), ctx.cost, ctx.health,
                             d.model or "", d.base_url or "")
        write_json(scratch / BUILD_FILE, record.to_json())
        # The directory appears complete or not at all: a killed build is redone from scratch.
        shutil.rmtree(destination, ignore_errors=True)
        scratch.rename(destination)
