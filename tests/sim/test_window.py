"""The window module: open/close, opening degree, child lock and close-on-lock."""

from __future__ import annotations

from fixtures.sim_table import Row, check, table

P = "carcontrol_window_"
OPEN, DEGREE, CHILD_LOCK, AUTO_CLOSE = P + "set_open", P + "set_open_degree", P + "set_child_lock", P + "set_auto_close_on_lock"
ALL = ["driver", "passenger", "rear_left", "rear_right"]


def windows(leaf: str, value: object, *names: str) -> dict[str, object]:
    return {f"window.{name}.{leaf}": value for name in names}


ROWS = [
    Row(OPEN, {"window": "rear_left", "is_open": True}, True, windows("is_open", True, "rear_left")),
    Row(OPEN, {"window": "rear_left", "is_open": False}, True, {}, ((OPEN, {"window": "rear_left", "is_open": True}),)),
    # groups and the empty string (the driver's window)
    *(Row(OPEN, {"window": window, "is_open": True}, True, windows("is_open", True, *targets))
      for window, targets in (("front", ALL[:2]), ("rear", ALL[2:]), ("all", ALL), ("", ["driver"]))),
    *(Row(OPEN, {"window": "driver", "is_open": raw}, True, windows("is_open", True, "driver")) for raw in ("true", 1)),
    # closing leaves the degree alone
    Row(OPEN, {"window": "driver", "is_open": False}, True, {"window.driver.open_degree": 40},
        ((DEGREE, {"window": "driver", "degree": 40}),)),
    # unknown windows, and wrong case, are refused by every API
    *(Row(api, {"window": bad, **args}, False, {})
      for bad in ("Driver", "ALL", "left", "windshield")
      for api, args in ((OPEN, {"is_open": True}), (CHILD_LOCK, {"enabled": True}), (AUTO_CLOSE, {"enabled": True}),
                        (DEGREE, {"degree": 10}))),
    # a degree opens the window, 0 closes it; 0 to 100, whole numbers
    Row(DEGREE, {"window": "driver", "degree": 15}, True, {"window.driver.is_open": True, "window.driver.open_degree": 15}),
    Row(DEGREE, {"window": "passenger", "degree": 0}, True, {}, ((DEGREE, {"window": "passenger", "degree": 60}),)),
    Row(DEGREE, {"window": "driver", "degree": 0}, True, {},
        state={"window.driver.open_degree": 0, "window.driver.is_open": False}),
    Row(DEGREE, {"window": "driver", "degree": 100}, True,
        {"window.driver.is_open": True, "window.driver.open_degree": 100}),
    *(Row(DEGREE, {"window": "driver", "degree": bad}, False, {}) for bad in (-1, 101, 3.5, "5")),
    Row(DEGREE, {"window": "all", "degree": 20}, True,
        {**windows("is_open", True, *ALL), **windows("open_degree", 20, *ALL)}),
    Row(CHILD_LOCK, {"window": "rear", "enabled": True}, True, windows("child_lock", True, *ALL[2:])),
    Row(CHILD_LOCK, {"window": "rear", "enabled": False}, True, {}, ((CHILD_LOCK, {"window": "rear", "enabled": True}),)),
    Row(CHILD_LOCK, {"window": "", "enabled": "true"}, True, windows("child_lock", True, "driver")),
    Row(AUTO_CLOSE, {"window": "all", "enabled": 1}, True, windows("auto_close_on_lock", True, *ALL)),
    Row(AUTO_CLOSE, {"window": "all", "enabled": True, "bogus_param": 1}, False, {}),
]


@table(ROWS)
def test_window(row: Row) -> None:
    check(row)
