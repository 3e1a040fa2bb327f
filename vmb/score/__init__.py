"""Score a predicted answer against the reference answer from an explicit state diff.

A task is scored on the car's final state, both answers starting from the default car:

* a leaf **should change** when the reference final state differs from the default car;
* a leaf **changed** when the predicted final state differs from the default car;
* a changed leaf is **correct** when it should change and now holds the reference value;
* a changed leaf that should not change is **wrongly changed**.

Values compare as the reference scorer compares them: two strings without regard to case,
anything else with Python ``==`` (so ``1`` equals ``True`` and ``44`` equals ``44.0``). From the
four sets and the two call lists come the paper's metrics (``TaskScore.metrics``), with the reference
scorer's conventions for the edge cases (nothing should change, nothing changed): each is a pure
function of the stored sets and calls, declared and named in ``vmb.score.formulas`` with the value
comparison, so a stored run is re-scored offline from ``TaskScore.to_dict()`` without the simulator;
this module makes the sets from two final states (``score_states``, ``score_calls``).

``vmb.results.metrics.aggregate`` turns scored tasks into the paper's table rows.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from itertools import compress
from operator import is_not
from typing import Any

from vmb.score.formulas import Call, Metrics, metrics_from_counts, metrics_from_diff, values_equal
from vmb.sim import replay
from vmb.sim.registry import DEFAULT_STATE, module_of

State = Mapping[str, Any]


class _Absent:
    """Marks a leaf missing from a state (a list item or station not set yet)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<absent>"


ABSENT: Any = _Absent()


# ---------------------------------------------------------------------------------------------
# One task


@dataclass(frozen=True)
class TaskScore:
    """One scored task: the state diff itself, the calls, and the metrics derived from them.

    ``leaves`` holds, for every path that should change or changed, the values behind the
    verdict: ``default`` (the default car), ``expected`` (after the reference calls) and
    ``predicted``; a key is omitted when the leaf does not exist in that state.
    ``n_calls`` is the number of calls the agent made, when it differs from ``len(pred_calls)``
    (a harness may count memory searches too); ``call_count`` resolves it.
    """

    should_change: list[str]
    changed: list[str]
    correct: list[str]
    wrongly_changed: list[str]
    leaves: dict[str, dict[str, Any]]
    ref_calls: list[dict[str, Any]] = field(default_factory=list)
    pred_calls: list[dict[str, Any]] = field(default_factory=list)
    task_id: str | None = None
    reasoning_type: str | None = None
    n_calls: int | None = None

    @cached_property
    def metrics(self) -> Metrics:
        return metrics_from_diff(self.should_change, self.changed, self.correct, self.wrongly_changed,
                                 self.ref_calls, self.pred_calls)

    @property
    def exact_match(self) -> bool:
        """Solved: the final state is the reference's on every leaf."""
        return self.metrics.exact_match

    @property
    def call_count(self) -> int:
        return len(self.pred_calls) if self.n_calls is None else self.n_calls

    @property
    def modules(self) -> list[str]:
        return target_modules(self.ref_calls)

    def official(self) -> dict[str, Any]:
        """The numbers under the reference scorer's names (as in ``scoring_cases.jsonl``)."""
        return self.metrics.official()

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form. ``metrics`` is for readers only: ``from_dict`` recomputes it."""
        return {
            "task_id": self.task_id,
            "reasoning_type": self.reasoning_type,
            "ref_calls": self.ref_calls,
            "pred_calls": self.pred_calls,
            "n_calls": self.n_calls,
            "should_change": self.should_change,
            "changed": self.changed,
            "correct": self.correct,
            "wrongly_changed": self.wrongly_changed,
            "leaves": self.leaves,
            "metrics": self.metrics.rates(),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TaskScore:
        return cls(
            should_change=list(data["should_change"]),
            changed=list(data["changed"]),
            correct=list(data["correct"]),
            wrongly_changed=list(data["wrongly_changed"]),
            leaves={path: dict(values) for path, values in data["leaves"].items()},
            ref_calls=list(data.get("ref_calls", [])),
            pred_calls=list(data.get("pred_calls", [])),
            task_id=data.get("task_id"),
            reasoning_type=data.get("reasoning_type"),
            n_calls=data.get("n_calls"),
        )


def score_states(
    ref_state: State,
    pred_state: State,
    ref_calls: Sequence[Call] | None = None,
    pred_calls: Sequence[Call] | None = None,
    *,
    task_id: str | None = None,
    reasoning_type: str | None = None,
) -> TaskScore:
    """Score two final flat states (canonical path → value), both reached from the default car.

    The calls only feed the tool-call F1 and the stored record; without them it is 0.
    """
    default = DEFAULT_STATE
    should_change: list[str] = []
    changed: list[str] = []
    correct: list[str] = []
    wrongly_changed: list[str] = []
    leaves: dict[str, dict[str, Any]] = {}
    tp = 0
    for path in sorted(_departures(ref_state) | _departures(pred_state)):
        base = default.get(path, ABSENT)
        want = ref_state.get(path, ABSENT)
        got = pred_state.get(path, ABSENT)
        should = not values_equal(base, want)
        if should:
            # The reference counts a leaf that should appear or disappear as changed only when it
            # did appear or disappear; a leaf that should be modified must still exist.
            did = (got is ABSENT) == (want is ABSENT) and not values_equal(base, got)
        else:
            did = not values_equal(base, got)
        if not (should or did):
            continue
        if should:
            should_change.append(path)
        if did:
            changed.append(path)
            if not should:
                wrongly_changed.append(path)
            else:
                tp += 1
                if values_equal(want, got):
                    correct.append(path)
        leaf = {}
        if base is not ABSENT:
            leaf["default"] = base
        if want is not ABSENT:
            leaf["expected"] = want
        if got is not ABSENT:
            leaf["predicted"] = got
        leaves[path] = leaf
    stored_ref, stored_pred = [_stored(c) for c in ref_calls or ()], [_stored(c) for c in pred_calls or ()]
    score = TaskScore(
        should_change=should_change,
        changed=changed,
        correct=correct,
        wrongly_changed=wrongly_changed,
        leaves=leaves,
        ref_calls=stored_ref,
        pred_calls=stored_pred,
        task_id=task_id,
        reasoning_type=reasoning_type,
    )
    # The counts are at hand: set the metrics now rather than rebuild the four sets later.
    score.__dict__["metrics"] = metrics_from_counts(len(should_change), tp, len(wrongly_changed), len(correct),
                                                    stored_ref, stored_pred)
    return score


# The default car's leaves in their order, for ``_departures``'s fast path.
_DEFAULT_PATHS = list(DEFAULT_STATE)
_DEFAULT_VALUES = list(DEFAULT_STATE.values())


def _departures(state: State) -> set[str]:
    """The paths where ``state`` may depart from the default car: a leaf not holding the default's
    own object, a leaf the default car lacks, or a leaf of the default car it lacks.

    A state copied from the default car (as ``World.flat()`` is) lists the default's leaves first, in
    their order, then any it added: then the objects are compared pairwise in C. Any other mapping
    takes the general path. Both give the same set.
    """
    paths = list(state)
    n = len(_DEFAULT_PATHS)
    if paths[:n] == _DEFAULT_PATHS:
        found = set(compress(paths, map(is_not, state.values(), _DEFAULT_VALUES)))
        found.update(paths[n:])
        return found
    found = {p for p, v in state.items() if v is not DEFAULT_STATE.get(p, ABSENT)}
    found.update(DEFAULT_STATE.keys() - state.keys())
    return found


def _stored(call: Any) -> Any:
    """A call as a score record keeps it: a copy of an object, anything else as given."""
    return dict(call) if isinstance(call, Mapping) else call


def _call_list(calls: Any, what: str) -> list[Any]:
    if isinstance(calls, (list, tuple)):
        return list(calls)
    raise ValueError(f"{what} must be a list of calls ({{name, args}} objects), got {type(calls).__name__}")


def score_calls(
    ref_calls: Sequence[Call],
    pred_calls: Sequence[Call],
    *,
    task_id: str | None = None,
    reasoning_type: str | None = None,
) -> TaskScore:
    """Replay both call lists from the default car and score the final states.

    Each list must be a list (or tuple), else ``ValueError``. An item that is not an object
    (``None``, a string) is an invalid call: the simulator refuses it, it still counts as a
    call, and it matches no reference call.
    """
    ref_calls = _call_list(ref_calls, "ref_calls")
    pred_calls = _call_list(pred_calls, "pred_calls")
    ref_world, _ = replay(ref_calls)
    pred_world, _ = replay(pred_calls)
    return score_states(
        ref_world.flat(),
        pred_world.flat(),
        ref_calls,
        pred_calls,
        task_id=task_id,
        reasoning_type=reasoning_type,
    )


# ---------------------------------------------------------------------------------------------
# Targets


def target_modules(ref_calls: Iterable[Call]) -> list[str]:
    """The modules a task targets: those of its reference calls (unknown API names skipped)."""
    names = (str(c.get("name", "")) for c in ref_calls if isinstance(c, Mapping))
    return sorted({m for name in names if (m := module_of(name)) is not None})
