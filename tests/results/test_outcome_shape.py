"""One outcome shape: a summary row holds the record's fields as the record declares them, and the
scorer's numbers as the formula declares them."""

from __future__ import annotations

import typing

from vmb.results.record import QueryRecord
from vmb.results.summary import ROW_FIELDS, QueryRow
from vmb.score.formulas import Metrics
from vmb.usage import Usage


def test_a_rows_record_fields_are_the_records_declared_types() -> None:
    record, row = typing.get_type_hints(QueryRecord), typing.get_type_hints(QueryRow)
    assert {"id", "group", "status", "error", "call_count", "trial"} <= set(ROW_FIELDS)
    assert {name: row[name] for name in ROW_FIELDS} == {name: record[name] for name in ROW_FIELDS}
    assert row["mem_tokens"] == tuple[int, ...] and record["mem_tokens"] == list[int]
    assert row["score"] == Metrics | None  # the formula's numbers, not a copy of them


def test_a_row_of_a_record_copies_its_fields_by_name() -> None:
    record = QueryRecord(id="qa_3#2", group=3, index=2, reasoning_type="state_shift", status="error",
                         error="request failed", error_kind="request_failed", call_count=4, text_calls=1,
                         mem_tokens=[7, 9], trial=2, usage=Usage(prompt_tokens=10, completion_tokens=2, requests=3))
    row = QueryRow.of(record, ["seat"])
    assert {name: getattr(row, name) for name in ROW_FIELDS} == {name: getattr(record, name) for name in ROW_FIELDS}
    assert (row.mem_tokens, row.modules, row.score, row.exact_match, row.key) == ((7, 9), ("seat",), None, None,
                                                                                 ("qa_3#2", 2))
    assert (row.usage.prompt_tokens, row.usage.requests) == (10, 3)
