"""radio: station by name and/or frequency, volume 0-100, all switching the radio on first."""

from vmb.sim import World

P = "carcontrol_radio_"


def test_play_station_by_name_stores_empty_frequency() -> None:
    world = World()
    assert world.call(P + "play_station", {"name": "Jazz station"})["success"] is True
    assert world.diff() == {
        "radio.current_station.name": "Jazz station",
        "radio.current_station.frequency": "",
        "radio.is_on": True,
    }


def test_play_station_by_frequency_stores_empty_name() -> None:
    world = World()
    assert world.call(P + "play_station", {"frequency": "98.5"})["success"] is True
    assert world.flat()["radio.current_station.frequency"] == "98.5"
    assert world.flat()["radio.current_station.name"] == ""


def test_play_station_with_both_and_then_replaced() -> None:
    world = World()
    world.call(P + "play_station", {"name": "Classical Mornings", "frequency": "89.5 FM"})
    assert world.flat()["radio.current_station.name"] == "Classical Mornings"
    world.call(P + "play_station", {"frequency": "98.5"})
    assert world.flat()["radio.current_station.name"] == ""
    assert world.flat()["radio.current_station.frequency"] == "98.5"


def test_play_station_preset_fills_in_the_other_half() -> None:
    world = World()
    world.call(P + "play_station", {"name": "News FM"})
    assert world.flat()["radio.current_station.frequency"] == "98.7MHz"
    world.call(P + "play_station", {"frequency": "103.2MHz"})
    assert world.flat()["radio.current_station.name"] == "Music FM"


def test_play_station_without_name_or_frequency_is_refused_but_radio_stays_on() -> None:
    for args in ({}, {"frequency": ""}, {"name": "", "frequency": ""}):
        world = World()
        assert world.call(P + "play_station", args)["success"] is False
        assert world.diff() == {"radio.is_on": True}


def test_play_station_empty_name_with_frequency_is_accepted() -> None:
    world = World()
    assert world.call(P + "play_station", {"name": "", "frequency": "fan"})["success"] is True
    assert world.flat()["radio.current_station.frequency"] == "fan"


def test_volume_edges() -> None:
    world = World()
    assert world.call(P + "set_volume", {"volume": 0})["success"] is True
    assert world.flat()["radio.volume"] == 0
    assert world.call(P + "set_volume", {"volume": 100})["success"] is True
    assert world.flat()["radio.volume"] == 100


def test_volume_out_of_range_or_wrong_type_is_refused_but_radio_stays_on() -> None:
    for volume in (-1, 101, 3.5, "5"):
        world = World()
        assert world.call(P + "set_volume", {"volume": volume})["success"] is False
        assert world.diff() == {"radio.is_on": True}


def test_unknown_parameter_changes_nothing() -> None:
    world = World()
    assert world.call(P + "set_volume", {"volume": 10, "bogus_param": 1})["success"] is False
    assert world.diff() == {}


def test_switch_converts_to_bool_and_off_keeps_the_station() -> None:
    world = World()
    assert world.call(P + "switch", {"switch": 1})["success"] is True
    assert world.flat()["radio.is_on"] is True
    world.call(P + "play_station", {"frequency": "98.5"})
    assert world.call(P + "switch", {"switch": False})["success"] is True
    assert world.diff() == {"radio.current_station.frequency": "98.5", "radio.current_station.name": ""}


def test_switch_string_true_is_stored_as_true() -> None:
    world = World()
    world.call(P + "switch", {"switch": "true"})
    assert world.flat()["radio.is_on"] is True
