"""Token counts with GPT-4o's o200k_base encoding, offline (the ``bpe-openai`` package ships it).

The paper counts tokens with this encoding (e.g. 93.29 tokens of gold memory per query,
92,819 history tokens per group); ``vmb stats`` reproduces those figures with :func:`count_tokens`.
"""

from __future__ import annotations

import functools
import re
import warnings
from typing import Any

ENCODING = "o200k_base"
# bpe-openai refuses one input of 1,000,000 characters or more and one result above its token
# limit (200,000 for o200k_base). A piece of at most 40,000 characters stays below both, since one
# character is at most 4 UTF-8 bytes and BPE never makes more tokens than bytes.
_PIECE_CHARS = 40_000
# Where a text may be cut without changing its token count: right after a line break followed by a
# character that is neither white space nor "/". o200k_base's pre-tokenizer always ends a piece
# there (no piece runs from a line break into such a character; only punctuation pieces take
# trailing line breaks and slashes), and BPE merges only within pieces, so the counts add up.
_CUT = re.compile(r"\n(?=[^\s/])")


@functools.cache
def _encoding() -> Any:
    # Imported here and built once: loading the vocabulary takes ~0.1 s and most commands never
    # count tokens.
    # bpe-openai reads its vocabularies (on import, and when building one) with a deprecated
    # importlib.resources call; the warning is the package's to fix and says nothing to our users.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        import bpe_openai

        return bpe_openai.get_encoding(ENCODING)


def _pieces(text: str) -> list[str]:
    """``text`` cut at safe boundaries into pieces of about ``_PIECE_CHARS`` characters at most."""
    pieces: list[str] = []
    start = 0
    while len(text) - start > _PIECE_CHARS:
        # The last safe cut within the allowed length, else the first one after it.
        cut = None
        for match in _CUT.finditer(text, start + 1, start + _PIECE_CHARS):
            cut = match.end()
        if cut is None:
            later = _CUT.search(text, start + _PIECE_CHARS)
            if later is None:
                break
            cut = later.end()
        pieces.append(text[start:cut])
        start = cut
    pieces.append(text[start:])
    return pieces


def count_tokens(text: str) -> int:
    """Number of o200k_base tokens of ``text``; special-token markup counts as ordinary text."""
    encoding = _encoding()
    return sum(len(encoding.encode_ordinary(piece)) for piece in _pieces(text))
