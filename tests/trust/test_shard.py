"""Shards: disjoint slices of whole groups that cover the selection."""

from __future__ import annotations

import pytest

from vmb.harness.shard import Shard, parse_shard


def test_shards_are_disjoint_and_cover_the_groups() -> None:
    groups = [5, 1, 2, 3, 4, 7, 9]
    slices = [Shard(i, 3).groups(groups) for i in (1, 2, 3)]
    assert slices == [[1, 4, 9], [2, 5], [3, 7]]
    assert sorted(g for s in slices for g in s) == sorted(groups)
    assert Shard(4, 4).groups([1, 2]) == []


@pytest.mark.parametrize("text, shard", [("1/2", Shard(1, 2)), (" 3 / 3 ", Shard(3, 3))])
def test_parse_shard(text: str, shard: Shard) -> None:
    assert parse_shard(text) == shard and str(shard) == text.replace(" ", "")


@pytest.mark.parametrize("text", ["0/2", "3/2", "1-2", "a/b", "1/0"])
def test_bad_shards_are_refused(text: str) -> None:
    with pytest.raises(ValueError, match="--shard"):
        parse_shard(text)
