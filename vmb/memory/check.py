"""``vmb memory check``: a memory system probed on a small benchmark of its own, one PASS or FAIL a property.

The probe benchmark is two groups of people in a car (``_SAID``), each line saying one thing no other line
says (its marker words). Each group is built as a run builds it (``MemorySetting.build``: the same chunks,
namespace and build directory) and searched as a run searches it (``load`` and the ``search_memory`` tool's
searcher, a fresh copy per search for a system that declares its search changes its store). Then, per
property (``PROPERTIES``), what the searches returned is held against what the probe put in:

* the store is non-empty after ingest: every probe search of a group returns something, and what they
  return holds some of the group's lines;
* ``top_k`` is honoured: no search returns more results than it asked for;
* dates and speakers survive: the result holding a line's marker words names its speaker and its date (a
  line not found at all, forgotten say, is not this property's failure unless none is found);
* groups are isolated: nothing of one group comes back from the other group's store;
* search changes nothing: the store's files are as built after every search, and a search made again after
  all the others returns what it returned first;
* ingest is ready before search: the last chunk is found by the first search after ingest returns;
* the returned text is bounded: a search's text is at most ``MAX_RESULT_TOKENS`` Mem Tokens, and one result
  is less than half the group's history.

A failed request, or an error the adapter raises, is that property's FAIL with one line, never a traceback;
a system that cannot work as set up (no key, no server) stops the check with its one line.
"""

from __future__ import annotations

import hashlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from vmb.data.loader import Group, History, HistoryLine
from vmb.llm.model import FatalModelError, Model, RequestFailed
from vmb.memory.base import BuildContext
from vmb.memory.plugins import MemoryItem, MemorySystem, render_items

MAX_RESULT_TOKENS = 2048  # a top_k of 5 from the probe's ~30 lines needs a few hundred
TOP_K = 5

# The probe groups: (speaker, timestamp, what they say, its marker words). Every marker word is said once in
# the whole probe; group 1 and group 2 share no name, date or marker.
_SAID: dict[int, list[tuple[str, str, str, str]]] = {
    1: [
        ("Maren Holt", "2025-03-03 08:12", "The seat heating on level two helps my back after the ferry crossing.",
         "ferry crossing"),
        ("Tobias Lind", "2025-03-03 08:15", "Play the cello concerto quietly while we drive to the observatory.",
         "cello observatory"),
        ("Maren Holt", "2025-03-03 17:40", "Keep the cabin at twenty degrees, the greenhouse was stifling.",
         "greenhouse stifling"),
        ("Tobias Lind", "2025-03-04 07:55", "My sunglasses broke at the lighthouse, dim the display please.",
         "sunglasses lighthouse"),
        ("Maren Holt", "2025-03-04 18:20", "The ambient light should glow amber like the old lantern shop.",
         "amber lantern"),
        ("Tobias Lind", "2025-03-05 09:05", "Open the sunroof halfway, I want to smell the orchard blossoms.",
         "orchard blossoms"),
    ],
    2: [
        ("Priya Nair", "2025-04-14 08:30", "Turn the fan to three, the bakery queue made me overheat.",
         "bakery queue"),
        ("Diego Alvarez", "2025-04-14 08:33", "Route us past the stadium so I can see the marathon banners.",
         "stadium marathon"),
        ("Priya Nair", "2025-04-15 19:10", "Lower my seat a little, the planetarium ceiling gave me a stiff neck.",
         "planetarium ceiling"),
        ("Diego Alvarez", "2025-04-15 19:12", "Mute the radio whenever we pass the aquarium tunnel.",
         "aquarium tunnel"),
        ("Priya Nair", "2025-04-16 07:45", "Warm the steering wheel, my fingers froze at the skating rink.",
         "skating rink"),
        ("Diego Alvarez", "2025-04-16 08:05", "Set the mirror tilt for the narrow vineyard lanes again.",
         "vineyard lanes"),
    ],
}


@dataclass(frozen=True)
class ProbeLine:
    line: HistoryLine
    markers: tuple[str, ...]

    @property
    def query(self) -> str:
        """How the probe asks for the line: its marker words and a word of what it is about."""
        return f"What did {self.line.speaker.split()[0]} say about the {' '.join(self.markers)}?"

    def found_in(self, text: str) -> bool:
        return all(marker in text.lower() for marker in self.markers)


def probe_groups() -> dict[int, tuple[Group, list[ProbeLine]]]:
    """The two probe groups (each a ``vmb.data`` group with its history and no queries) and their lines."""
    groups = {}
    for number, said in _SAID.items():
        probes = []
        for speaker, stamp, text, markers in said:
            line = HistoryLine(datetime.fromisoformat(stamp), speaker, text, f"[{stamp}] {speaker}: {text}")
            probes.append(ProbeLine(line, tuple(markers.split())))
        groups[number] = (Group(number, [], History.of_lines([p.line for p in probes])), probes)
    return groups


@dataclass(frozen=True)
class Outcome:
    name: str
    passed: bool
    detail: str

    def line(self) -> str:
        return f"{'PASS' if self.passed else 'FAIL'}  {self.name}" + (f": {self.detail}" if self.detail else "")


@dataclass
class _Store:
    """One probe group built: where, its searcher, and the first search after ingest."""

    group: Group
    probes: list[ProbeLine]
    directory: Path
    searcher: Any = None  # the group's ``_Searcher`` (None: the build failed)
    first: list[MemoryItem] | None = None  # the first search after ingest: the last chunk's probe
    first_failure: str | None = None  # that search's failed request
    built: str = ""  # the digest of its files as built, before any search


Asked = tuple[int, str, int]  # a search: group, query, top_k


@dataclass
class _Session:
    """The built probe groups, what their searches returned (each search is made once, a slow system's
    searches take seconds, unless asked ``fresh``), and the failed requests of one property's searches."""

    stores: dict[int, _Store]
    answers: dict[Asked, list[MemoryItem]] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)

    async def search(self, store: _Store, query: str, top_k: int, *, fresh: bool = False) -> list[MemoryItem] | None:
        """What the group's store returns, or None with the failed request's line kept."""
        asked = (store.group.number, query, top_k)
        if asked in self.answers and not fresh:
            return self.answers[asked]
        try:
            items: list[MemoryItem] = await store.searcher.items(query, top_k)
        except Exception as failure:  # noqa: BLE001 - an adapter's own error is what the check is there to show
            self.failures.append(f"searching group {store.group.number} for {query!r}: {_said(failure)}")
            return None
        self.answers.setdefault(asked, items)
        return items


def _said(failure: Exception) -> str:
    """A failed request's own line; an adapter's error named with its kind (a KeyError's text alone is a key)."""
    return str(failure) if isinstance(failure, (RequestFailed, FatalModelError)) else \
        f"{type(failure).__name__}: {failure}"


def _digest(directory: Path) -> str:
    """The store's files and their bytes, as one digest (what a search must not change)."""
    digest = hashlib.sha256()
    for path in sorted(p for p in directory.rglob("*") if p.is_file()):
        digest.update(str(path.relative_to(directory)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


async def check_memory(system: MemorySystem[Any], model: Model, scratch: Path) -> list[Outcome]:
    """Build the probe groups with ``system`` under ``scratch`` (``model`` for a build that asks one) and hold
    what its searches return against every property; one outcome each, in ``PROPERTIES`` order. A build that
    fails fails every property with its line."""
    stores = {}
    for number, (group, probes) in probe_groups().items():
        store = _Store(group, probes, scratch / f"group_{number}")
        store.directory.mkdir(parents=True)
        try:  # a system that cannot work as set up (FatalModelError: no key, no server) stops the check in one line
            await system.build(group, BuildContext(model=model, directory=store.directory, text_calls=True))
        except FatalModelError:
            raise
        except Exception as failure:  # noqa: BLE001 - a failed request, or the adapter's own error
            return [Outcome(name, False, f"ingesting group {number} failed: {_said(failure)}") for name in PROPERTIES]
        store.searcher = system.load(group, store.directory)
        store.built = _digest(store.directory)
        stores[number] = store
        first = _Session(stores)
        store.first = await first.search(store, probes[-1].query, TOP_K)
        store.first_failure = next(iter(first.failures), None)
    outcomes: list[Outcome] = []
    answers: dict[Asked, list[MemoryItem]] = {}
    for name, check in PROPERTIES.items():
        session = _Session(stores, answers)
        passed, detail = await check(session)
        if session.failures:  # a search that failed is the property's failure, whatever the rest showed
            passed, detail = False, f"{session.failures[0]}" + (f" (and {len(session.failures) - 1} more)"
                                                                 if len(session.failures) > 1 else "")
        outcomes.append(Outcome(name, passed, detail))
    return outcomes


async def _non_empty(session: _Session) -> tuple[bool, str]:
    empty, searches, unfound = [], 0, []
    for number, store in session.stores.items():
        found = False
        for probe in store.probes:
            searches += 1
            items = await session.search(store, probe.query, TOP_K)
            if not items:
                empty.append(f"group {number}: {probe.query!r}")
            found = found or any(p.found_in(item.text) for item in items or [] for p in store.probes)
        if not found:
            unfound.append(f"group {number}")
    if empty:
        return False, f"{len(empty)} of {searches} searches returned nothing (first: {empty[0]})"
    if unfound:  # something came back, but nothing the group said: a stock answer, or another store
        return False, f"no search of {', '.join(unfound)} returned anything the group said"
    return True, f"{searches} of {searches} searches returned memories, the group's lines among them"


async def _top_k(session: _Session) -> tuple[bool, str]:
    over = []
    for store in session.stores.values():
        for top_k in (1, 2, 3):
            items = await session.search(store, store.probes[0].query, top_k)
            if items is not None and len(items) > top_k:
                over.append(f"group {store.group.number}: top_k {top_k} returned {len(items)} results")
    return (False, "; ".join(over[:3])) if over else (True, "top_k 1, 2 and 3 returned at most 1, 2 and 3 results")


def _date_said(line: HistoryLine, text: str) -> bool:
    """Whether ``text`` gives the line's date: ISO, or its month's name with the day."""
    day, month = line.timestamp.day, line.timestamp.strftime("%B").lower()
    lowered = text.lower()
    return line.timestamp.date().isoformat() in text or f"{month} {day}" in lowered or f"{day} {month}" in lowered


async def _dates_and_speakers(session: _Session) -> tuple[bool, str]:
    lost, missing, total = [], [], 0
    for store in session.stores.values():
        for probe in store.probes:
            total += 1
            items = await session.search(store, probe.query, TOP_K) or []
            holding = next((item.text for item in items if probe.found_in(item.text)), None)
            if holding is None:
                missing.append(probe.line.raw)
                continue
            gone = [what for what, kept in (("speaker", probe.line.speaker in holding),
                                            ("date", _date_said(probe.line, holding))) if not kept]
            if gone:
                lost.append(f"{probe.line.raw!r} came back as {holding[:120]!r}, without its {' and '.join(gone)}")
    found = total - len(missing)
    unseen = f"; {len(missing)} not found (forgotten or not retrieved: not this property's)" if missing else ""
    if lost:
        return False, f"{len(lost)} of {found} lines found lost who or when{unseen}; first: {lost[0]}"
    if not found:
        return False, "no search found its line, so nothing shows who said it or when"
    return True, f"{found} of {found} lines found came back with their speaker and date{unseen}"


async def _isolated(session: _Session) -> tuple[bool, str]:
    leaks = []
    for number, store in session.stores.items():
        other = session.stores[3 - number]
        for probe in other.probes:
            items = await session.search(store, probe.query, TOP_K) or []
            leaked = next((item.text for item in items if probe.found_in(item.text)
                           or probe.line.speaker in item.text), None)
            if leaked is not None:
                leaks.append(f"group {number}'s store answered group {3 - number}'s {probe.query!r} with "
                             f"{leaked[:120]!r}")
    if leaks:
        return False, f"{len(leaks)} searches found the other group's lines; first: {leaks[0]}"
    return True, "neither group's store returned anything of the other's"


async def _unchanged(session: _Session) -> tuple[bool, str]:
    changed = []
    for store in session.stores.values():
        asked = store.probes[0].query
        first = await session.search(store, asked, TOP_K)  # made before every other search but the first
        for other in store.probes[1:]:
            await session.search(store, other.query, TOP_K, fresh=True)
        again = await session.search(store, asked, TOP_K, fresh=True)
        if _digest(store.directory) != store.built:
            changed.append(f"group {store.group.number}: searching changed the store's files (a system whose "
                           "search changes its state declares mutates_on_search = True and searches a copy)")
        elif first is not None and again is not None and [i.text for i in first] != [i.text for i in again]:
            changed.append(f"group {store.group.number}: the same search returned other results after the others")
    if changed:
        return False, "; ".join(changed)
    return True, "the files stay as built, and a search repeated after the others returns the same"


async def _ready(session: _Session) -> tuple[bool, str]:
    session.failures += [store.first_failure for store in session.stores.values() if store.first_failure]
    late = [f"group {n}" for n, store in session.stores.items()
            if not any(store.probes[-1].found_in(item.text) for item in store.first or [])]
    if late:
        return False, f"the first search after ingest did not find the last chunk ({', '.join(late)})"
    return True, "the first search after ingest found the last chunk of each group"


async def _bounded(session: _Session) -> tuple[bool, str]:
    from vmb.tokens import count_tokens

    over = []
    for number, store in session.stores.items():
        history = count_tokens(store.group.history.text)
        five = await session.search(store, store.probes[0].query, TOP_K)
        one = await session.search(store, store.probes[0].query, 1)
        if five is not None and (tokens := count_tokens(render_items(five))) > MAX_RESULT_TOKENS:
            over.append(f"group {number}: top_k {TOP_K} returned {tokens} Mem Tokens (at most {MAX_RESULT_TOKENS})")
        if one is not None and (tokens := count_tokens(render_items(one))) * 2 > history:
            over.append(f"group {number}: top_k 1 returned {tokens} Mem Tokens of a {history}-token history")
    if over:
        return False, "; ".join(over[:2])
    return True, f"top_k {TOP_K} within {MAX_RESULT_TOKENS} Mem Tokens, one result under half the history"


# Each property the check holds a system to, as its line names it, in the order the lines come.
PROPERTIES: dict[str, Callable[[_Session], Awaitable[tuple[bool, str]]]] = {
    "store non-empty after ingest": _non_empty,
    "top_k honoured": _top_k,
    "dates and speakers survive": _dates_and_speakers,
    "groups isolated": _isolated,
    "search changes nothing": _unchanged,
    "ingest ready before search": _ready,
    "returned text bounded": _bounded,
}
