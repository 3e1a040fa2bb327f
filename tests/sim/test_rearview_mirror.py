"""rearviewMirror: per-side settings; accepted calls switch the targeted mirror(s) on."""

from __future__ import annotations

from fixtures.sim_table import Row, check, table

RM = "carcontrol_rearviewMirror_"
HEIGHT, HORIZONTAL, POWER = RM + "set_height_position", RM + "set_horizontal_position", RM + "set_power"
FLAGS = {RM + "set_auto_fold_on_lock": "auto_fold_on_lock", RM + "set_auto_reverse_tilt": "auto_reverse_tilt",
         RM + "set_heating_enabled": "heating_enabled"}


def mirrors(*sides: str, **leaves: object) -> dict[str, object]:
    """Each side's ``leaves`` set and the mirror switched on."""
    return {key: value for side in sides
            for key, value in (*((f"rearviewMirror.{side}.{leaf}", v) for leaf, v in leaves.items()),
                               (f"rearviewMirror.{side}.is_on", True))}


ROWS = [
    Row(HEIGHT, {"side": "left", "value": 66}, True, mirrors("left", height_position=66)),
    Row(HORIZONTAL, {"side": "both", "value": 84}, True, mirrors("left", "right", horizontal_position=84)),
    # left, right and both only
    *(Row(RM + "set_heating_enabled", {"side": bad, "enabled": True}, False, {})
      for bad in ("all", "", "Left", "driver", "front")),
    Row(POWER, {"side": "all", "is_on": True}, False, {}),
    # positions 0 (the default) to 100; a refused value does not switch the mirror on
    *(row for api, leaf in ((HEIGHT, "height_position"), (HORIZONTAL, "horizontal_position")) for row in (
        Row(api, {"side": "right", "value": 0}, True, mirrors("right"), state={f"rearviewMirror.right.{leaf}": 0}),
        Row(api, {"side": "right", "value": 100}, True, mirrors("right", **{leaf: 100})),
        *(Row(api, {"side": "right", "value": bad}, False, {}) for bad in (-1, 101, 3.5, "5")),
    )),
    Row(HEIGHT, {"side": "left", "value": -5}, False, {}),
    # the flags are coerced and switch the mirror on; disabling one still switches it on
    *(Row(api, {"side": "right", "enabled": raw}, True, mirrors("right", **{leaf: True}))
      for api, leaf in FLAGS.items() for raw in (True, "true", 1)),
    Row(RM + "set_auto_fold_on_lock", {"side": "both", "enabled": False}, True, mirrors("left", "right")),
    Row(POWER, {"side": "right", "is_on": True}, True, mirrors("right")),
    Row(POWER, {"side": "both", "is_on": 1}, True, mirrors("left", "right"), ((POWER, {"side": "right", "is_on": True}),)),
    Row(POWER, {"side": "both", "is_on": False}, True, {}, ((POWER, {"side": "both", "is_on": 1}),)),
]


@table(ROWS)
def test_rearview_mirror(row: Row) -> None:
    check(row)
