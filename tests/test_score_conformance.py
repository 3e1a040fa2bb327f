"""vmb.score reproduces the reference scorer on every recorded scoring case."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from vmb.score import score_calls
from vmb.sim.conformance import open_record_file
from vmb.sim.registry import module_of

TOLERANCE = 1e-9


def _disagreements(ours: dict[str, Any], official: dict[str, Any]) -> list[str]:
    out = []
    for key, want in official.items():
        got = ours[key]
        if isinstance(want, bool) or isinstance(got, bool):
            same = bool(got) == bool(want)
        else:
            same = abs(got - want) <= TOLERANCE
        if not same:
            out.append(f"{key}: reference={want!r} ours={got!r}")
    return out


def test_every_scoring_case_matches_the_reference_scorer(conformance_dir: Path) -> None:
    with open_record_file(conformance_dir, "scoring_cases.jsonl") as handle:
        cases = [json.loads(line) for line in handle if line.strip()]
    assert len(cases) == 2000
    failures = []
    for case in cases:
        score = score_calls(case["ref_calls"], case["pred_calls"])
        wrong = _disagreements(score.official(), case["official"])
        if wrong:
            # The modules help tell a simulator gap (see `python -m vmb.sim.conformance
            # --module NAME`) from a scorer bug.
            modules = sorted({str(module_of(c["name"])) for c in case["ref_calls"] + case["pred_calls"]})
            failures.append(f"{case['id']} [{case['kind']}] modules={modules}: " + "; ".join(wrong))
    assert not failures, f"{len(failures)} of {len(cases)} cases disagree:\n" + "\n".join(failures[:20])
