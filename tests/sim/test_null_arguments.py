"""A null argument on any setter: the car's diff is what the reference records (a null leaf left out)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from vmb.score import score_calls
from vmb.sim import World
from vmb.sim.conformance import open_record_file
from vmb.sim.registry import API_BY_NAME


def _accepted_calls(conformance_dir: Path) -> dict[str, list[dict[str, Any]]]:
    found: dict[str, list[dict[str, Any]]] = {}
    for name in ("domain_probes", "probes", "reference_cases"):
        with open_record_file(conformance_dir, f"{name}.jsonl") as handle:
            records = [json.loads(line) for line in handle if line.strip()]
        for record in records:
            for call, ok in zip(record["calls"], record["ok"]):
                if ok:
                    found.setdefault(call["name"], []).append(call["args"])
    return found


def test_hud_switch_null_leaves_the_car_unchanged() -> None:
    world = World()
    result = world.call("carcontrol_HUD_switch", {"switch": None})
    assert result["success"] and world.diff() == {}
    assert world.flat()["HUD.is_on"] is None  # stored as the reference stores it


def test_no_setter_shows_a_null_leaf_in_its_diff(conformance_dir: Path) -> None:
    accepted = _accepted_calls(conformance_dir)
    assert len(accepted) >= 100
    storing_null = set()
    for name, api in API_BY_NAME.items():
        for args in [{}, *accepted.get(name, [])[:20]]:
            for param in api.params:
                world = World()
                world.call(name, {**args, param: None})
                assert None not in world.diff().values(), (name, param)
                storing_null |= {(name, path) for path, value in world.flat().items() if value is None
                                 and World().flat().get(path) is not None}
    assert storing_null == {("carcontrol_HUD_switch", "HUD.is_on")}


def test_a_null_switch_still_scores_as_a_change() -> None:
    # The reference scorer sees the null leaf deleted from the state: a change the reference did not make.
    score = score_calls([], [{"name": "carcontrol_HUD_switch", "args": {"switch": None}}])
    assert not score.exact_match
