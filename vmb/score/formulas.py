"""The paper's per-task metrics as pure functions of a scored task's stored parts: the value comparison
the reference scorer uses, the four path sets of the state diff (``metrics_from_diff``) and the two
call lists (``tool_f1``). ``vmb.score`` makes the sets from the car's final states.

``Metrics`` is every per-task number, named once here; the metric registry (``vmb.results.metrics``)
refers to them by these names, a stored score keeps the rates (``Metrics.rates``) and the reference's
names are ``Metrics.official``:

============================  ======================  =================================
ours                          reference scorer        definition
============================  ======================  =================================
``exact_match``               ``exact_match``         correct == should change, nothing wrongly changed
``field_precision``           ``precision_positive``  TP / (TP + FP)
``field_recall``              ``acc_positive``        TP / should change
``field_f1``                  ``f1_positive``         harmonic mean of the two
``value_precision``           ``precision_change``    correct / (TP + FP)
``value_recall``              ``change_accuracy``     correct / should change
``value_f1``                  ``f1_change``           harmonic mean of the two
``tool_f1``                   ``tool_f1``             F1 of predicted vs reference calls
============================  ======================  =================================

with TP = should change ∩ changed, FP = wrongly changed.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields
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


# Marks the counts behind the rates: reported under the reference's names, not stored with the rates.
_COUNT = {"count": True}


@dataclass(frozen=True)
class Metrics:
    """The per-task numbers (reference names in the module docstring)."""

    exact_match: bool
    tp: int = field(metadata=_COUNT)
    fp: int = field(metadata=_COUNT)
    negative_fp: int = field(metadata=_COUNT)
    correctly_changed: int = field(metadata=_COUNT)
    field_precision: float
    field_recall: float
    field_f1: float
    value_precision: float
    value_recall: float
    value_f1: float
    tool_f1: float

    def rates(self) -> dict[str, Any]:
        """The numbers a stored score lists (``TaskScore.to_dict``'s ``metrics``): all but the counts."""
        return {f.name: getattr(self, f.name) for f in fields(self) if not f.metadata.get("count")}

    def official(self) -> dict[str, Any]:
        """The numbers under the reference scorer's names (as in ``scoring_cases.jsonl``)."""
        return {
            "exact_match": self.exact_match,
            "TP": self.tp,
            "FP": self.fp,
            "negative_FP": self.negative_fp,
            "correctly_changed": self.correctly_changed,
            "precision_positive": self.field_precision,
            "acc_positive": self.field_recall,
            "f1_positive": self.field_f1,
            "precision_change": self.value_precision,
            "change_accuracy": self.value_recall,
            "f1_change": self.value_f1,
            "tool_f1": self.tool_f1,
        }


def metrics_from_diff(
    should_change: Iterable[str],
    changed: Iterable[str],
    correct: Iterable[str],
    wrongly_changed: Iterable[str],
    ref_calls: Sequence[Call],
    pred_calls: Sequence[Call],
) -> Metrics:
    """Recompute every metric from the four stored path sets and the two call lists (no simulator needed)."""
    should = set(should_change)
    return metrics_from_counts(len(should), len(should & set(changed)), len(set(wrongly_changed)), len(set(correct)),
                               ref_calls, pred_calls)


def metrics_from_counts(n_should: int, tp: int, fp: int, right: int, ref_calls: Sequence[Call],
                        pred_calls: Sequence[Call]) -> Metrics:
    """Every metric from the counts (leaves that should change, of them changed (TP), changed that should
    not (FP), and changed to the reference value) and the two call lists."""
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
        tool_f1=tool_f1(ref_calls, pred_calls),
    )
