"""The paper's per-task metrics as pure functions of a scored task's stored parts: the value comparison
the reference scorer uses, the four path sets of the state diff (``metrics_from_diff``) and the two
call lists (``tool_f1``). ``vmb.score`` makes the sets from the car's final states."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

Call = Mapping[str, Any]


def values_equal(a: Any, b: Any) -> bool:
    """Leaf equality as the reference scorer sees it: strings ignore case, the rest uses ``==``."""
    if isinstance(a, str) and isinstance(b, str):
        return a.lower() == b.lower()
    return bool(a == b)


# ---------------------------------------------------------------------------------------------
# Tool-call F1


# One encoder for every call key (json.dumps would build one per call with these options).
_encode_call = json.JSONEncoder(sort_keys=True, ensure_ascii=False, default=repr).encode


def call_key(call: Call) -> str:
    """Canonical text of one call: its name and arguments as JSON with sorted keys.

    JSON keeps the types apart, as the reference does: ``1``, ``true``, ``1.0`` and ``"1"`` are
    four different arguments here, although the state comparison treats ``1`` and ``true`` alike.
    An item that is not an object (an invalid call) is keyed as itself, so it matches no call.
    """
    body = [call.get("name"), call.get("args", {})] if isinstance(call, Mapping) else call
    return _encode_call(body)


def tool_f1(ref_calls: Sequence[Call], pred_calls: Sequence[Call]) -> float:
    """F1 between predicted and reference calls, counted as the reference scorer counts them.

    A predicted call is a hit when the same call (name + arguments) is among the reference
    calls; each distinct call is a hit at most once. A reference answer that makes the same call
    twice therefore caps this score below 1 even for a perfect copy (0.5 for ``[A, A]``), which
    the recorded reference scores confirm.
    """
    pred = [call_key(c) for c in pred_calls]
    ref = {call_key(c) for c in ref_calls}
    hits = len(set(pred) & ref)
    precision = hits / len(pred) if pred else 0.0
    recall = hits / len(ref_calls) if ref_calls else 0.0
    return _harmonic(precision, recall)


def _harmonic(precision: float, recall: float) -> float:
    total = precision + recall
    return 2 * precision * recall / total if total > 0 else 0.0


# ---------------------------------------------------------------------------------------------
# State metrics


@dataclass(frozen=True)
class Metrics:
    """The per-task numbers, named as in ``TaskScore`` (reference names in the module docstring)."""

    exact_match: bool
    tp: int
    fp: int
    negative_fp: int
    correctly_changed: int
    field_precision: float
    field_recall: float
    field_f1: float
    value_precision: float
    value_recall: float
    value_f1: float


def metrics_from_diff(
    should_change: Iterable[str],
    changed: Iterable[str],
    correct: Iterable[str],
    wrongly_changed: Iterable[str],
) -> Metrics:
    """Recompute every state metric from the four stored path sets (no simulator needed)."""
    should = set(should_change)
    return metrics_from_counts(len(should), len(should & set(changed)), len(set(wrongly_changed)), len(set(correct)))


def metrics_from_counts(n_should: int, tp: int, fp: int, right: int) -> Metrics:
    """Every state metric from the counts: leaves that should change, of them changed (TP), changed
    that should not (FP), and changed to the reference value."""
    acted = tp + fp
    if n_should:
        field_recall = tp / n_should
        value_recall = right / n_should
        field_precision = tp / acted if acted else 0.0
        value_precision = right / acted if acted else 0.0
    else:
        # Nothing should change: perfect when nothing changed, zero otherwise (reference rule).
        clean = 1.0 if fp == 0 else 0.0
        field_recall = value_recall = field_precision = value_precision = clean
    return Metrics(
        exact_match=fp == 0 and right == n_should,
        tp=tp,
        fp=fp,
        negative_fp=n_should - tp,
        correctly_changed=right,
        field_precision=field_precision,
        field_recall=field_recall,
        field_f1=_harmonic(field_precision, field_recall),
        value_precision=value_precision,
        value_recall=value_recall,
        value_f1=_harmonic(value_precision, value_recall),
    )
