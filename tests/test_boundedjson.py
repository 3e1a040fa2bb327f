"""The one JSON reader of what comes from outside: strict JSON, size and depth capped, one line naming the file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from vmb.boundedjson import (
    MAX_DEPTH,
    JsonFileError,
    JsonLimit,
    JsonTooDeep,
    decode_prefix,
    load_json_text,
    loads_model_json,
    read_json_file,
    text_depth,
)


@pytest.mark.parametrize("text, expected", [
    ("1", 0), ("[]", 1), ('{"a": [1, {"b": []}]}', 4), ('"[[[[["', 0), ('["]\\"[[", [2]]', 2),
    ('{"a\\\\": "{"}', 1),
])
def test_text_depth_counts_brackets_outside_strings(text: str, expected: int) -> None:
    assert text_depth(text) == expected
    assert text_depth(text) == _parsed_depth(json.loads(text))


def _parsed_depth(value: object) -> int:
    if isinstance(value, dict):
        value = list(value.values())
    return 1 + max(map(_parsed_depth, value), default=0) if isinstance(value, list) else 0


def test_a_file_nested_100000_deep_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "metric.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(JsonFileError, match=rf"^{path}: the JSON nests deeper than {MAX_DEPTH} levels$"):
        read_json_file(path)


def test_the_depth_limit_is_exact() -> None:
    assert load_json_text("[" * MAX_DEPTH + "]" * MAX_DEPTH, "x") is not None
    with pytest.raises(JsonFileError, match="deeper than"):
        load_json_text("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "x")


def test_a_file_over_its_size_is_not_read_further(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_text("[" + "0," * 1000 + "0]")
    with pytest.raises(JsonFileError, match=r"big.json: larger than 100 bytes; not read"):
        read_json_file(path, max_bytes=100)
    assert len(read_json_file(path, max_bytes=10_000)) == 1001


@pytest.mark.parametrize("data, says", [
    (b"\xff\xfe{}", "not UTF-8 text (byte 0)"),
    ('{"a": NaN}', "NaN is not a JSON value"),
    ("[Infinity]", "Infinity is not a JSON value"),
    ('{"a": 1', "not JSON (Expecting ',' delimiter at line 1 column 8)"),
    ("", "not JSON (Expecting value at line 1 column 1)"),
])
def test_what_is_not_strict_json_is_named(data: str | bytes, says: str) -> None:
    with pytest.raises(JsonFileError) as caught:
        load_json_text(data, "run/results.jsonl", line=3)
    assert str(caught.value) == f"run/results.jsonl line 3: {says}"


def test_model_text_errors_are_value_errors_for_the_model() -> None:
    with pytest.raises(JsonTooDeep):
        loads_model_json("[" * 5000 + "]" * 5000)
    with pytest.raises(JsonLimit):
        loads_model_json("[NaN]")
    assert decode_prefix('xx {"a": 1} tail', 3) == ({"a": 1}, 11)
    with pytest.raises(JsonTooDeep):
        decode_prefix("[" * 100_000, 0)
