"""radio: station by name and/or frequency, volume 0-100, all switching the radio on first."""

from __future__ import annotations

from fixtures.sim_table import Row, check, table

P = "carcontrol_radio_"
PLAY, VOLUME, SWITCH = P + "play_station", P + "set_volume", P + "switch"
ON = {"radio.is_on": True}


def station(name: str, frequency: str) -> dict[str, object]:
    return {"radio.current_station.name": name, "radio.current_station.frequency": frequency, **ON}


ROWS = [
    # a name alone stores an empty frequency, a frequency alone an empty name, and a new one replaces both
    Row(PLAY, {"name": "Jazz station"}, True, station("Jazz station", "")),
    Row(PLAY, {"frequency": "98.5"}, True, station("", "98.5")),
    Row(PLAY, {"name": "Classical Mornings", "frequency": "89.5 FM"}, True, station("Classical Mornings", "89.5 FM")),
    Row(PLAY, {"frequency": "98.5"}, True, station("", "98.5"),
        ((PLAY, {"name": "Classical Mornings", "frequency": "89.5 FM"}),)),
    # a preset fills in the other half
    Row(PLAY, {"name": "News FM"}, True, station("News FM", "98.7MHz")),
    Row(PLAY, {"frequency": "103.2MHz"}, True, station("Music FM", "103.2MHz")),
    # neither a name nor a frequency: refused, but the radio is switched on
    *(Row(PLAY, args, False, ON) for args in ({}, {"frequency": ""}, {"name": "", "frequency": ""})),
    Row(PLAY, {"name": "", "frequency": "fan"}, True, station("", "fan")),
    # volume 0 to 100 (50 is the default); a refused one still switches the radio on
    *(Row(VOLUME, {"volume": volume}, True, {"radio.volume": volume, **ON}) for volume in (0, 100)),
    *(Row(VOLUME, {"volume": bad}, False, ON) for bad in (-1, 101, 3.5, "5")),
    Row(VOLUME, {"volume": 10, "bogus_param": 1}, False, {}),
    # the switch is coerced to a flag; switching off keeps the station
    *(Row(SWITCH, {"switch": raw}, True, ON) for raw in (1, "true")),
    Row(SWITCH, {"switch": False}, True, {"radio.current_station.frequency": "98.5", "radio.current_station.name": ""},
        ((SWITCH, {"switch": 1}), (PLAY, {"frequency": "98.5"}))),
]


@table(ROWS)
def test_radio(row: Row) -> None:
    check(row)
