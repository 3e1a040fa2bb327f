"""Splitting a run across machines by group, so each machine builds only its own groups' memories.

``--shard I/N`` (I from 1 to N) takes every N-th group of the selection, starting with the I-th, in
ascending group order: the slices are disjoint, cover the selection, and differ in size by at most
one group. The split depends only on the selection, so every machine computes the same one.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from vmb.errors import OptionError

_SHARD = re.compile(r"\s*(\d+)\s*/\s*(\d+)\s*")


@dataclass(frozen=True)
class Shard:
    index: int  # 1..count
    count: int

    def __str__(self) -> str:
        return f"{self.index}/{self.count}"

    def groups(self, groups: Sequence[int]) -> list[int]:
        """This slice of ``groups`` (taken in ascending order)."""
        return sorted(set(groups))[self.index - 1::self.count]


def parse_shard(text: str) -> Shard:
    """``"2/4"`` → ``Shard(2, 4)``; I must be between 1 and N."""
    match = _SHARD.fullmatch(text)
    if match is None:
        raise OptionError(f"--shard takes I/N (e.g. 1/4), got {text!r}")
    index, count = int(match.group(1)), int(match.group(2))
    if not 1 <= index <= count:
        raise OptionError(f"--shard {text}: I must be between 1 and N")
    return Shard(index, count)


def shard_dir(out: str | Path, shard: Shard) -> Path:
    """Where a slice of the run ``out`` is written: ``OUT/shards/I-of-N``."""
    from vmb.results.rundir import SHARDS  # not at the top: `vmb --help` reads this module, the run directory's not

    return Path(out) / SHARDS / f"{shard.index}-of-{shard.count}"


def claim_sliced_run(slice_dir: str | Path, shard: Shard | None) -> None:
    """A slice's directory ``OUT/shards/I-of-N`` makes ``OUT`` a run's (``vmb.outdir``): merge writes the
    joined run there, and nothing else's may sit beside the slices."""
    from vmb.outdir import claim_output_dir
    from vmb.results.rundir import RUN_OWNER, SHARDS, earlier_run

    if shard is not None and Path(slice_dir).parent.name == SHARDS:
        claim_output_dir(Path(slice_dir).parent.parent, RUN_OWNER, made_before=earlier_run)
