"""vmb.tokens: o200k_base counts, offline, from the tokenizer core alone."""

from __future__ import annotations

import itertools
import subprocess
import sys
from pathlib import Path

import pytest

from vmb.data import load_benchmark
from vmb.tokens import _encoding, count_tokens


@pytest.fixture(scope="module")
def bench(release_dir: Path):  # the paper's token figures are the release's
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


def test_counting_never_imports_the_python_wrapper() -> None:
    # The wrapper parses three vocabularies in Python on import (~140 MB); only its core is loaded.
    code = "import sys; from vmb.tokens import count_tokens; count_tokens('hi'); print('bpe_openai' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_gold_memory_mean_is_the_papers(bench) -> None:
    total = sum(count_tokens(q.gold_memory) for q in bench.queries)
    assert total == 46_644  # 93.288 per query; the paper prints 93.29
    assert round(total / len(bench.queries), 2) == 93.29


def test_history_counts_are_the_papers(bench) -> None:
    counts = [count_tokens(group.history_text) for group in bench.groups]
    assert sum(counts) == 4_640_943  # 92,818.86 per group; the paper prints 92,819


def test_long_texts_add_up(small_benchmark: Path) -> None:
    # Over 1,000,000 characters of history (the small generated benchmark's, over and over: counting is the subject,
    # not the release's figures above); o200k_base cuts after a line break that a name follows, so the joined
    # count is the sum of the parts'.
    histories = [g.history_text for g in load_benchmark(small_benchmark).groups]
    parts = list(itertools.islice(itertools.cycle(histories), 1 + 1_000_000 // min(map(len, histories))))
    joined = "\n".join(parts)
    assert len(joined) > 1_000_000
    assert count_tokens(joined) == sum(count_tokens(p + "\n") for p in parts[:-1]) + count_tokens(parts[-1])
