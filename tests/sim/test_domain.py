"""Inputs no reference answer shows: aliases, booleans for integers, falsy zones, null switches.

The whole input domain is replayed against the reference in ``tests/test_conformance.py``
(domain_probes.jsonl); these tests pin each class of behaviour on its own.
"""

from __future__ import annotations

from typing import Any

import pytest

from vmb.sim import World
from vmb.sim.registry import API_BY_NAME
from vmb.sim.schema import all_schemas
from vmb.sim.spec import Enum, Int, Zone

ALIASED = [
    (api.name, pname, word, target)
    for api in API_BY_NAME.values()
    for pname, param in api.params.items()
    if isinstance(param, (Enum, Zone))
    for word, target in param.aliases.items()
]


def _args_with(api_name: str, pname: str, value: Any) -> dict[str, Any]:
    """Valid arguments for ``api_name`` with ``pname`` set to ``value``."""
    valid: dict[str, Any] = {}
    for name, param in API_BY_NAME[api_name].params.items():
        if isinstance(param, Zone):
            valid[name] = next(iter(param.groups))
        elif isinstance(param, Enum):
            valid[name] = param.values[-1]
        elif isinstance(param, Int):
            valid[name] = 1 if param.minimum is None else param.minimum
        elif param.required:
            valid[name] = {"boolean": True, "string": "News FM"}[param.json_type]
    valid[pname] = value
    return valid


def test_every_module_family_has_aliases() -> None:
    modules = {name.split("_")[1] for name, *_ in ALIASED}
    assert modules == {
        "seat", "airConditioner", "door", "window", "light", "footPedal", "sunshade", "wiper",
        "navigation", "music", "video", "overheadScreen",
    }


@pytest.mark.parametrize("api_name, pname, word, target", ALIASED)
def test_alias_acts_as_its_canonical_value(api_name: str, pname: str, word: str, target: str) -> None:
    by_alias, by_name = World(), World()
    got = by_alias.call(api_name, _args_with(api_name, pname, word))
    want = by_name.call(api_name, _args_with(api_name, pname, target))
    assert got["success"] is want["success"] is True
    # The canonical value is what gets stored, never the word itself.
    assert by_alias.diff() == by_name.diff()
    assert word not in by_alias.diff().values()


def test_schemas_advertise_canonical_values_only() -> None:
    words = {word for _, _, word, _ in ALIASED}
    for schemas in all_schemas().values():
        for schema in schemas:
            for prop in schema["function"]["parameters"]["properties"].values():
                assert not words & set(prop.get("enum", ())), schema["function"]["name"]


def test_mirror_refuses_the_aliases_only_its_description_lists() -> None:
    # The reference documents 左/右/两侧 for mirrors, but its code refuses them.
    for side in ("左", "右", "两侧"):
        world = World()
        result = world.call("carcontrol_rearviewMirror_set_height_position", {"side": side, "value": 5})
        assert result["success"] is False
        assert world.diff() == {}


@pytest.mark.parametrize(
    "api_name, args, diff",
    [
        ("carcontrol_music_set_volume", {"volume": True}, {"music.volume": True, "music.is_on": True}),
        ("carcontrol_navigation_set_volume", {"volume": False}, {"navigation.volume": False, "navigation.is_on": True}),
        ("carcontrol_seat_set_backrest_angle", {"seat": "driver", "value": True}, {"seat.driver.backrest_angle": True}),
        ("carcontrol_frontTrunk_set_open_degree", {"degree": True}, {"frontTrunk.open_degree": True, "frontTrunk.is_on": True}),
        # false is 0: the sunroof locks as at degree 0, and False == 0 leaves no visible change.
        ("carcontrol_sunroof_set_open_degree", {"degree": False}, {"sunroof.is_locked": True}),
    ],
)
def test_json_booleans_pass_as_integers_and_are_stored(api_name: str, args: dict[str, Any], diff: dict[str, Any]) -> None:
    world = World()
    assert world.call(api_name, args)["success"] is True
    assert world.diff() == diff
    for path, value in diff.items():
        assert type(world.flat()[path]) is type(value)


def test_boolean_outside_the_range_is_refused() -> None:
    world = World()
    # false is 0, below the HUD's minimum of 1 (the HUD is switched on before the check).
    assert world.call("carcontrol_HUD_set_height_level", {"level": False})["success"] is False
    assert world.diff() == {"HUD.is_on": True}


@pytest.mark.parametrize("blank", ["", None, 0, False, 0.0])
def test_falsy_zone_means_the_default_zone(blank: Any) -> None:
    world = World()
    assert world.call("carcontrol_airConditioner_set_temperature", {"zone": blank, "temperature": 20})["success"]
    assert world.diff() == {"airConditioner.driver.temperature": 20, "airConditioner.driver.is_on": True}
    assert world.call("carcontrol_wiper_set_open", {"wiper": blank, "is_on": True})["success"]
    assert world.diff()["wiper.front.is_on"] is True


@pytest.mark.parametrize("bad", [True, 1, 2.5, "Driver"])
def test_truthy_non_zone_is_refused(bad: Any) -> None:
    world = World()
    assert world.call("carcontrol_door_set_locked", {"door": bad, "locked": True})["success"] is False
    assert world.diff() == {}


def test_null_switch_is_stored_as_given() -> None:
    world = World()
    assert world.call("carcontrol_HUD_switch", {"switch": None})["success"] is True
    assert world.flat()["HUD.is_on"] is None
    # Coercing switches turn null into False, the default: no change at all.
    assert world.call("carcontrol_bluetooth_set_connection", {"connected": None})["success"] is True
    # The diff leaves a null leaf out, as the reference's state does; flat() (what the scorer reads) keeps it.
    assert world.diff() == {}


def test_quality_ignores_surrounding_whitespace_and_stores_the_member() -> None:
    world = World()
    assert world.call("carcontrol_video_set_quality", {"quality": " 高清 720P "})["success"] is True
    assert world.diff() == {"video.quality": "720p", "video.is_on": True}


def test_route_alias_is_resolved_and_blank_route_means_fastest() -> None:
    world = World()
    nav = "carcontrol_navigation_navigate_to"
    assert world.call(nav, {"destination": "Airport", "route_preference": "避免收费"})["success"] is True
    assert world.flat()["navigation.current_destination.route_preference"] == "no_toll"
    assert world.call(nav, {"destination": "Airport", "route_preference": None})["success"] is True
    assert world.flat()["navigation.current_destination.route_preference"] == "fastest"
    # A truthy non-route is refused after navigation has switched on.
    other = World()
    assert other.call(nav, {"destination": "Airport", "route_preference": True})["success"] is False
    assert other.diff() == {"navigation.is_on": True}


def test_refusals_quote_huge_names_and_values_cut() -> None:
    world = World()
    huge = "x" * 10_000_000
    for name, args in (
        (huge, {}),
        ("carcontrol_HUD_switch", {huge: True}),
        ("carcontrol_seat_set_folded", {"seat": huge, "folded": True}),
        ("carcontrol_music_set_play_mode", {"mode": huge}),
        ("carcontrol_HUD_set_height_level", {"level": huge}),
    ):
        message = world.call(name, args)["message"]
        assert len(message) < 300 and "(10,000,002 characters)" in message, message[:300]


def test_replay_treats_non_objects_as_refused_calls() -> None:
    from vmb.sim import replay

    world, ok = replay([None, "carcontrol_HUD_switch", {"name": "carcontrol_HUD_switch", "args": {"switch": True}}])
    assert ok == [False, False, True]
    assert world.diff() == {"HUD.is_on": True}
