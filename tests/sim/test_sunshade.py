"""The sunshade module: open/close, opening level and close-on-lock."""

from __future__ import annotations

from fixtures.sim_table import Row, check, table

P = "carcontrol_sunshade_"
OPEN, DEGREE, AUTO_CLOSE = P + "set_open", P + "set_open_degree", P + "set_auto_close_on_lock"
BOTH_AUTO_CLOSE = {"sunshade.front.auto_close_on_lock": True, "sunshade.rear.auto_close_on_lock": True}


def opened(*shades: str, degree: str | None = None) -> dict[str, object]:
    out: dict[str, object] = {}
    for shade in shades:
        out[f"sunshade.{shade}.is_open"] = True
        if degree is not None:
            out[f"sunshade.{shade}.open_degree"] = degree
    return out


ROWS = [
    # zones, groups and the empty string (the front sunshade)
    *(Row(OPEN, {"sunshade": shade, "is_open": True}, True, opened(*targets))
      for shade, targets in (("front", ["front"]), ("rear", ["rear"]), ("all", ["front", "rear"]), ("", ["front"]))),
    *(Row(OPEN, {"sunshade": "front", "is_open": raw}, True, opened("front")) for raw in ("true", 1)),
    Row(OPEN, {"sunshade": "all", "is_open": False}, True, {}, ((OPEN, {"sunshade": "all", "is_open": True}),)),
    # unknown sunshades, and wrong case, are refused by every API
    *(Row(api, {"sunshade": bad, **args}, False, {})
      for bad in ("Front", "ALL", "driver", "roof")
      for api, args in ((OPEN, {"is_open": True}), (DEGREE, {"degree": "low"}), (AUTO_CLOSE, {"enabled": True}))),
    # an opening level opens the sunshade; "close" shuts it
    Row(DEGREE, {"sunshade": "all", "degree": "low"}, True, opened("front", "rear", degree="low")),
    *(Row(DEGREE, {"sunshade": "rear", "degree": degree}, True, opened("rear", degree=degree))
      for degree in ("min", "low", "medium", "high", "max")),
    Row(DEGREE, {"sunshade": "front", "degree": "close"}, True, {}, ((DEGREE, {"sunshade": "front", "degree": "max"}),)),
    *(Row(DEGREE, {"sunshade": "front", "degree": bad}, False, {}) for bad in ("Low", "LOW", "open", "", "half")),
    # close-on-lock always applies to both sunshades, whichever is named
    *(Row(AUTO_CLOSE, {"sunshade": shade, "enabled": "true"}, True, BOTH_AUTO_CLOSE) for shade in ("front", "rear", "all", "")),
    *(Row(AUTO_CLOSE, {"sunshade": "front", "enabled": False}, True, {}, ((AUTO_CLOSE, {"sunshade": shade, "enabled": "true"}),))
      for shade in ("front", "rear", "all", "")),
    Row(OPEN, {"sunshade": "", "is_open": False, "bogus_param": 1}, False, {}),
]


@table(ROWS)
def test_sunshade(row: Row) -> None:
    check(row)
