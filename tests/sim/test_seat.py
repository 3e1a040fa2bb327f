"""Seat module: positions, comfort levels, folding, zones and the reference quirks."""

from __future__ import annotations

from fixtures.sim_table import Row, check, table

S = "carcontrol_seat_"
POSITIONS = {S + f"set_{leaf}": leaf for leaf in (
    "backrest_angle", "cushion_angle", "cushion_extension", "foot_support_height", "headrest_height",
    "horizontal_position", "leg_support_height", "vertical_position")}
# API → (level parameter, level leaf, on/off leaf, highest); the lowest level, 1, is the default
LEVELS = {
    S + "set_heating_level": ("level", "heating_level", "heating_mode", 3),
    S + "set_massage_level": ("level", "massage_level", "massage_mode", 3),
    S + "set_ventilation_speed": ("speed", "ventilation_speed", "ventilation_enabled", 5),
}
SWITCHES = {S + "set_heating_mode": "heating_mode", S + "set_massage_mode": "massage_mode",
            S + "set_ventilation_enabled": "ventilation_enabled"}
FOLD = S + "set_folded"
SEATS = ["driver", "passenger", "rear_left", "rear_right"]


def seats(leaf: str, value: object, *names: str) -> dict[str, object]:
    return {f"seat.{name}.{leaf}": value for name in names}


ROWS = [
    # positions: 0 to 100 (50 the default), whole numbers only
    *(row for api, leaf in POSITIONS.items() for row in (
        Row(api, {"seat": "driver", "value": 73}, True, seats(leaf, 73, "driver")),
        *(Row(api, {"seat": "passenger", "value": edge}, True, seats(leaf, edge, "passenger")) for edge in (0, 100)),
        *(Row(api, {"seat": "passenger", "value": bad}, False, seats(leaf, 100, "passenger"),
              ((api, {"seat": "passenger", "value": 100}),)) for bad in (-1, 101)),
        *(Row(api, {"seat": "driver", "value": bad}, False, {}) for bad in ("5", 3.5)),
    )),
    # seat groups
    Row(S + "set_headrest_height", {"seat": "all", "value": 44}, True, seats("headrest_height", 44, *SEATS)),
    Row(S + "set_horizontal_position", {"seat": "front", "value": 100}, True,
        seats("horizontal_position", 100, *SEATS[:2])),
    Row(S + "set_vertical_position", {"seat": "rear", "value": 10}, True, seats("vertical_position", 10, *SEATS[2:])),
    # unknown, empty and wrong-case seats; an unknown parameter
    *(Row(S + "set_backrest_angle", {"seat": bad, "value": 40}, False, {})
      for bad in ("", "Driver", "DRIVER", "right", "front_left", "feet")),
    Row(S + "set_backrest_angle", {"seat": "driver", "value": 40, "bogus": 1}, False, {}),
    # a level switches its function on; at the default level only the switch differs; a refused one switches nothing
    *(row for api, (param, leaf, switch, highest) in LEVELS.items() for row in (
        Row(api, {"seat": "driver", param: highest}, True, {f"seat.driver.{leaf}": highest, f"seat.driver.{switch}": True}),
        Row(api, {"seat": "driver", param: 1}, True, {f"seat.driver.{switch}": True}),
        *(Row(api, {"seat": "driver", param: bad}, False, {}) for bad in (0, highest + 1, "2", 1.5)),
    )),
    Row(S + "set_heating_level", {"seat": "front", "level": 2}, True,
        {**seats("heating_level", 2, *SEATS[:2]), **seats("heating_mode", True, *SEATS[:2])}),
    # the switches on and off; truthy values stored as flags
    *(row for api, leaf in SWITCHES.items() for row in (
        Row(api, {"seat": "rear_left", "enabled": True}, True, seats(leaf, True, "rear_left")),
        Row(api, {"seat": "rear_left", "enabled": False}, True, {}, ((api, {"seat": "rear_left", "enabled": True}),)),
        *(Row(api, {"seat": "driver", "enabled": raw}, True, seats(leaf, True, "driver")) for raw in ("true", 1)),
    )),
    # switching heating off keeps the level
    Row(S + "set_heating_mode", {"seat": "driver", "enabled": False}, True, {"seat.driver.heating_level": 3},
        ((S + "set_heating_level", {"seat": "driver", "level": 3}),)),
    # folding: the rear pair, one of them back; truthy values; front seats fold too (domain_probes.jsonl: "driver")
    Row(FOLD, {"seat": "rear", "folded": True}, True, seats("folded", True, *SEATS[2:])),
    Row(FOLD, {"seat": "rear_right", "folded": False}, True, seats("folded", True, "rear_left"),
        ((FOLD, {"seat": "rear", "folded": True}),)),
    *(Row(FOLD, {"seat": "rear", "folded": raw}, True, seats("folded", True, *SEATS[2:])) for raw in ("true", 1)),
    *(Row(FOLD, {"seat": seat, "folded": True}, True, seats("folded", True, *folded))
      for seat, folded in (("driver", ["driver"]), ("front", SEATS[:2]), ("all", SEATS))),
    *(Row(FOLD, {"seat": bad, "folded": True}, False, {}) for bad in ("", None, 0, "Rear", "rear-left")),
]


@table(ROWS)
def test_seat(row: Row) -> None:
    check(row)
