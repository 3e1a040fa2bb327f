"""Token counts with GPT-4o's o200k_base encoding, offline (the pinned ``bpe-openai`` ships it).

The paper counts tokens with this encoding (e.g. 93.29 tokens of gold memory per query,
92,819 history tokens per group); ``vmb stats`` reproduces those figures with :func:`count_tokens`.

Only the package's Rust core is loaded, never its Python wrapper: importing ``bpe_openai`` parses
three vocabularies into Python dicts (~1.4 s and ~140 MB, most commands' whole budget), while the
core builds the one encoding we count with in ~0.2 s and ~67 MB. The figures, beside tiktoken's
and a pure-Python BPE's, are in docs/harness.md ("Token counting").
"""

from __future__ import annotations

import functools
import importlib.machinery
import importlib.util
import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

ENCODING = "o200k_base"
PACKAGE = "bpe_openai"  # installed from requirements.txt (``make venv``); ships the vocabulary inside its core
_CORE = "_bindings"


class TokenizerMissing(RuntimeError):
    """The package that ships the o200k_base encoding is not installed."""


def core_path() -> Path:
    """The core extension's file, found without importing the package around it."""
    spec = importlib.util.find_spec(PACKAGE)
    for location in (spec.submodule_search_locations or []) if spec is not None else []:
        for path in sorted(Path(location).glob(f"{_CORE}.*")):
            if path.suffix in (".so", ".pyd"):
                return path
    raise TokenizerMissing(f"the {ENCODING} tokenizer is not installed: run 'make venv' "
                           f"(pip install -r requirements.txt brings it with bpe-openai)")


@functools.cache
def _encoding() -> Any:
    """The encoder, built on first use and kept (most commands never count tokens)."""
    name = f"{PACKAGE}.{_CORE}"
    loader = importlib.machinery.ExtensionFileLoader(name, str(core_path()))
    spec = importlib.util.spec_from_loader(name, loader)
    assert spec is not None
    core = importlib.util.module_from_spec(spec)
    loader.exec_module(core)
    return core.tokenizer_for_encoding(ENCODING)


def count_tokens(text: str) -> int:
    """Number of o200k_base tokens of ``text``; special-token markup counts as ordinary text."""
    count: int = _encoding().count(text)
    return count


@functools.lru_cache(maxsize=4096)
def text_tokens(text: str) -> int:
    """``count_tokens``, remembered for the last few thousand distinct texts."""
    # One request repeats its system prompt (a whole history under --memory history) in every round of
    # every query of a group: each distinct text is counted once.
    return count_tokens(text)


def schema_tokens(tool: Mapping[str, Any]) -> int:
    """A tool schema as chat templates render it (JSON with the default separators)."""
    return text_tokens(json.dumps(tool, ensure_ascii=False))


def message_tokens(message: Mapping[str, Any]) -> int:
    """One chat message as a model reads or writes it: its text and its tool calls' names and arguments."""
    content = message.get("content")
    total = text_tokens(content) if isinstance(content, str) else 0
    for call in message.get("tool_calls") or []:
        function = call.get("function") or {}
        total += text_tokens(str(function.get("name", ""))) + text_tokens(str(function.get("arguments", "")))
    return total


def request_tokens(messages: Iterable[Mapping[str, Any]], tools: Iterable[Mapping[str, Any]]) -> int:
    """o200k tokens of one chat request as a model sees it: texts, tool calls, tool schemas.

    The scripted server reports these as a request's usage, the prompt suite of ``make bench`` sums
    them and ``vmb estimate`` predicts them: one counter, so an estimate and a run agree.
    """
    return sum(schema_tokens(tool) for tool in tools) + sum(message_tokens(m) for m in messages)
