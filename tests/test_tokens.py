"""vmb.tokens: o200k_base counts, offline, exact across the pieces long texts are cut into."""

from __future__ import annotations

from pathlib import Path

import pytest

from vmb.data import load_benchmark
from vmb.tokens import _encoding, _pieces, count_tokens


@pytest.fixture(scope="module")
def bench(release_dir: Path):
    return load_benchmark(release_dir)


def test_small_texts() -> None:
    assert count_tokens("") == 0
    assert count_tokens("hello world") == 2
    assert count_tokens("Set the seat heating to level 2.") == count_tokens("Set the seat heating to level 2.")


def test_special_token_markup_is_plain_text() -> None:
    # A history or prompt may contain the literal text; it must be counted, not refused.
    assert count_tokens("<|endoftext|>") > 1


def test_encoder_built_once() -> None:
    assert _encoding() is _encoding()
    assert _encoding().name == "o200k_base"


def test_gold_memory_mean_is_the_papers(bench) -> None:
    total = sum(count_tokens(q.gold_memory) for q in bench.queries)
    assert total == 46_644  # 93.288 per query; the paper prints 93.29
    assert round(total / len(bench.queries), 2) == 93.29


def test_history_counts_are_exact_across_cuts(bench) -> None:
    whole = _encoding()
    counts = []
    for group in bench.groups:
        assert len(_pieces(group.history_text)) > 1  # every history is long enough to be cut
        counts.append(count_tokens(group.history_text))
        assert counts[-1] == len(whole.encode_ordinary(group.history_text))
    assert sum(counts) == 4_640_943  # 92,818.86 per group; the paper prints 92,819


def test_text_beyond_the_encoders_limits(bench) -> None:
    # Four histories joined are over 1,000,000 characters, more than bpe-openai encodes at once.
    parts = [g.history_text for g in bench.groups[:4]]
    joined = "\n".join(parts)
    assert len(joined) > 1_000_000
    assert count_tokens(joined) == sum(count_tokens(p + "\n") for p in parts[:-1]) + count_tokens(parts[-1])


def test_pieces_cover_the_text() -> None:
    text = "".join(f"line {i} / more text\n" for i in range(20_000)) + "/slash\n" * 10_000 + "tail"
    pieces = _pieces(text)
    assert "".join(pieces) == text
    assert len(pieces) > 5
    # Cuts come only after a line break followed by neither white space nor "/".
    assert all(p.endswith("\n") and not nxt[0].isspace() and nxt[0] != "/" for p, nxt in zip(pieces, pieces[1:]))
