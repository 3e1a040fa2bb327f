"""airConditioner: four zones; setters switch their zones on only when the call is accepted."""

from vmb.sim import World

P = "carcontrol_airConditioner_"
SEATS = ("driver", "passenger", "rear_left", "rear_right")


def test_temperature_for_all_zones_switches_them_on() -> None:
    world = World()
    assert world.call(P + "set_temperature", {"zone": "all", "temperature": 20})["success"] is True
    expected = {}
    for seat in SEATS:
        expected[f"airConditioner.{seat}.temperature"] = 20
        expected[f"airConditioner.{seat}.is_on"] = True
    assert world.diff() == expected


def test_zone_groups_front_and_rear() -> None:
    world = World()
    world.call(P + "set_temperature", {"zone": "front", "temperature": 27})
    assert world.diff() == {
        "airConditioner.driver.temperature": 27,
        "airConditioner.driver.is_on": True,
        "airConditioner.passenger.temperature": 27,
        "airConditioner.passenger.is_on": True,
    }
    world = World()
    world.call(P + "set_power", {"zone": "rear", "is_on": True})
    assert world.diff() == {"airConditioner.rear_left.is_on": True, "airConditioner.rear_right.is_on": True}


def test_empty_zone_means_driver() -> None:
    world = World()
    assert world.call(P + "set_fan_speed", {"zone": "", "speed": 7})["success"] is True
    assert world.diff() == {"airConditioner.driver.fan_speed": 7, "airConditioner.driver.is_on": True}


def test_unknown_or_wrong_case_zone_is_refused_and_changes_nothing() -> None:
    for zone in ("Driver", "ALL", "feet", "left"):
        world = World()
        assert world.call(P + "set_temperature", {"zone": zone, "temperature": 22})["success"] is False
        assert world.diff() == {}


def test_temperature_edges() -> None:
    world = World()
    assert world.call(P + "set_temperature", {"zone": "driver", "temperature": 15})["success"] is True
    assert world.flat()["airConditioner.driver.temperature"] == 15
    assert world.call(P + "set_temperature", {"zone": "driver", "temperature": 35})["success"] is True
    assert world.flat()["airConditioner.driver.temperature"] == 35


def test_temperature_out_of_range_is_refused_without_switching_on() -> None:
    for temperature in (14, 36, 22.5, "22"):
        world = World()
        result = world.call(P + "set_temperature", {"zone": "all", "temperature": temperature})
        assert result["success"] is False
        assert world.diff() == {}


def test_fan_speed_edges_and_refusals() -> None:
    world = World()
    assert world.call(P + "set_fan_speed", {"zone": "passenger", "speed": 1})["success"] is True
    assert world.call(P + "set_fan_speed", {"zone": "passenger", "speed": 10})["success"] is True
    assert world.flat()["airConditioner.passenger.fan_speed"] == 10
    for speed in (0, 11, 3.5, "5"):
        world = World()
        assert world.call(P + "set_fan_speed", {"zone": "all", "speed": speed})["success"] is False
        assert world.diff() == {}


def test_air_directions_accepted() -> None:
    directions = ("face", "feet", "window", "face_feet", "face_window", "feet_window", "face_feet_window")
    for direction in directions:
        world = World()
        assert world.call(P + "set_air_direction", {"zone": "rear_left", "direction": direction})["success"]
        assert world.flat()["airConditioner.rear_left.air_direction"] == direction
        assert world.flat()["airConditioner.rear_left.is_on"] is True


def test_air_direction_refusals_change_nothing() -> None:
    for direction in ("foot", "Face", "windshield", ""):
        world = World()
        result = world.call(P + "set_air_direction", {"zone": "driver", "direction": direction})
        assert result["success"] is False
        assert world.diff() == {}


def test_modes_accepted() -> None:
    for mode in ("purify", "dehumidify", "defrost", "swing", "defog", "auto"):
        world = World()
        assert world.call(P + "set_mode", {"zone": "rear_right", "mode": mode})["success"] is True
        assert world.flat()["airConditioner.rear_right.mode"] == mode


def test_mode_refusals_change_nothing() -> None:
    for mode in ("cool", "Auto", ""):
        world = World()
        assert world.call(P + "set_mode", {"zone": "all", "mode": mode})["success"] is False
        assert world.diff() == {}


def test_circulation_outside_and_refusals() -> None:
    world = World()
    assert world.call(P + "set_circulation", {"zone": "all", "circulation": "outside"})["success"] is True
    assert world.flat()["airConditioner.rear_right.circulation"] == "outside"
    world = World()
    assert world.call(P + "set_circulation", {"zone": "all", "circulation": "Outside"})["success"] is False
    assert world.diff() == {}


def test_set_power_off_after_on() -> None:
    world = World()
    world.call(P + "set_power", {"zone": "all", "is_on": True})
    assert world.call(P + "set_power", {"zone": "front", "is_on": False})["success"] is True
    assert world.diff() == {"airConditioner.rear_left.is_on": True, "airConditioner.rear_right.is_on": True}


def test_set_power_converts_truthy_values() -> None:
    for value in (1, "true"):
        world = World()
        assert world.call(P + "set_power", {"zone": "driver", "is_on": value})["success"] is True
        assert world.flat()["airConditioner.driver.is_on"] is True


def test_setter_keeps_a_zone_that_is_already_on() -> None:
    world = World()
    world.call(P + "set_power", {"zone": "driver", "is_on": True})
    result = world.call(P + "set_mode", {"zone": "driver", "mode": "swing"})
    assert result["changes"] == {"airConditioner.driver.mode": "swing"}


def test_missing_zone_is_refused() -> None:
    world = World()
    assert world.call(P + "set_temperature", {"temperature": 22})["success"] is False
    assert world.diff() == {}
