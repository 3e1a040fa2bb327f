"""The declarations match the reference catalog, default car, schema snapshot and docs."""

from __future__ import annotations

import json
from pathlib import Path

from vmb.sim import World
from vmb.sim.conformance import read_record_json
from vmb.sim.docs import DOC_PATH, SIMULATOR_DOC_PATH, render, with_aliases
from vmb.sim.registry import API_BY_NAME, DEFAULT_STATE, MODULES
from vmb.sim.schema import SNAPSHOT_PATH, all_schemas


def test_catalog_names_parameters_types_and_required(conformance_dir: Path) -> None:
    catalog = read_record_json(conformance_dir, "api_catalog.json")
    assert list(MODULES) == list(catalog)
    for module, apis in catalog.items():
        assert list(MODULES[module].apis.values()) == [API_BY_NAME[name] for name in apis]
        for name, params in apis.items():
            declared = API_BY_NAME[name].params
            assert [p["name"] for p in params] == list(declared), name
            for p in params:
                assert declared[p["name"]].type_name == p["type"], (name, p["name"])
                assert declared[p["name"]].required == p["required"], (name, p["name"])
    assert len(API_BY_NAME) == 111


def test_default_car_is_the_reference_initial_state(conformance_dir: Path) -> None:
    initial = read_record_json(conformance_dir, "initial_state.json")
    assert DEFAULT_STATE == initial
    assert {k: type(v) for k, v in DEFAULT_STATE.items()} == {k: type(v) for k, v in initial.items()}
    assert len(World().flat()) == 215
    assert World().diff() == {}


def test_every_api_and_parameter_has_a_description() -> None:
    for api in API_BY_NAME.values():
        assert api.description.strip() and api.description != f"{api.action}.", api.name
        for pname, param in api.params.items():
            assert param.description.strip(), (api.name, pname)
    for module in MODULES.values():
        assert module.description.strip() and module.description != f"{module.name}.", module.name


def test_tool_schemas_match_snapshot() -> None:
    # Fails when a declaration changes what the model sees; regenerate deliberately with
    # `python -m vmb.sim.schema` and review the diff.
    assert json.loads(SNAPSHOT_PATH.read_text()) == all_schemas()


def test_docs_are_generated_from_declarations() -> None:
    assert DOC_PATH.read_text(encoding="utf-8") == render(), "run: python -m vmb.sim.docs"
    simulator = SIMULATOR_DOC_PATH.read_text(encoding="utf-8")
    assert simulator == with_aliases(simulator), "run: python -m vmb.sim.docs"


def test_tool_schemas_carry_ranges_and_enums() -> None:
    schemas = {s["function"]["name"]: s for s in World.tool_schemas("HUD")}
    level = schemas["carcontrol_HUD_set_brightness_level"]["function"]["parameters"]["properties"]["level"]
    assert (level["type"], level["minimum"], level["maximum"]) == ("integer", 1, 10)
    assert World.tool_schemas("no_such_module") == []
