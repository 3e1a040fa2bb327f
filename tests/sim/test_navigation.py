"""navigation: route guidance, map, voice, volume and alerts."""

from vmb.sim import World

P = "carcontrol_navigation_"


def test_navigate_to_switches_on_and_starts_guidance() -> None:
    world = World()
    assert world.call(P + "navigate_to", {"destination": "Riverside Campus"})["success"] is True
    assert world.diff() == {
        "navigation.current_destination.name": "Riverside Campus",
        "navigation.current_destination.is_navigating": True,
        "navigation.is_on": True,
    }


def test_navigate_to_with_each_route_preference() -> None:
    for route in ("fastest", "shortest", "no_highway", "no_toll"):
        world = World()
        assert world.call(P + "navigate_to", {"destination": "Lab", "route_preference": route})["success"]
        assert world.flat()["navigation.current_destination.route_preference"] == route


def test_navigate_to_empty_route_preference_means_fastest() -> None:
    world = World()
    world.call(P + "navigate_to", {"destination": "Lab", "route_preference": "no_highway"})
    result = world.call(P + "navigate_to", {"destination": "Convention Center", "route_preference": ""})
    assert result["success"] is True
    assert world.flat()["navigation.current_destination.route_preference"] == "fastest"


def test_navigate_to_without_preference_resets_it_to_fastest() -> None:
    world = World()
    world.call(P + "navigate_to", {"destination": "Lab", "route_preference": "shortest"})
    world.call(P + "navigate_to", {"destination": "Home"})
    assert world.flat()["navigation.current_destination.route_preference"] == "fastest"


def test_navigate_to_bad_route_is_refused_but_switches_on() -> None:
    for route in ("Fastest", "scenic", "loop"):
        world = World()
        result = world.call(P + "navigate_to", {"destination": "Lab", "route_preference": route})
        assert result["success"] is False
        assert world.diff() == {"navigation.is_on": True}


def test_navigate_to_blank_destination_is_refused_before_switching_on() -> None:
    for destination in ("", "   "):
        world = World()
        assert world.call(P + "navigate_to", {"destination": destination})["success"] is False
        assert world.diff() == {}


def test_map_views_accepted() -> None:
    for view in ("3d", "heading_up", "north_up", "2d"):
        world = World()
        assert world.call(P + "set_map_view", {"view": view})["success"] is True
        assert world.flat()["navigation.map_view"] == view


def test_map_view_wrong_case_is_refused_but_switches_on() -> None:
    for view in ("3D", "2D", "satellite"):
        world = World()
        assert world.call(P + "set_map_view", {"view": view})["success"] is False
        assert world.diff() == {"navigation.is_on": True}


def test_map_zoom_edges() -> None:
    world = World()
    assert world.call(P + "set_map_zoom", {"zoom": 1})["success"] is True
    assert world.flat()["navigation.map_zoom"] == 1
    assert world.call(P + "set_map_zoom", {"zoom": 10})["success"] is True
    assert world.flat()["navigation.map_zoom"] == 10


def test_map_zoom_out_of_range_is_refused_but_switches_on() -> None:
    for zoom in (0, 11, 3.5, "5"):
        world = World()
        assert world.call(P + "set_map_zoom", {"zoom": zoom})["success"] is False
        assert world.diff() == {"navigation.is_on": True}


def test_speed_camera_alert_off_then_truthy_on() -> None:
    world = World()
    assert world.call(P + "set_speed_camera_alert", {"enabled": False})["success"] is True
    assert world.diff() == {"navigation.speed_camera_enabled": False, "navigation.is_on": True}
    world.call(P + "set_speed_camera_alert", {"enabled": 1})
    assert world.flat()["navigation.speed_camera_enabled"] is True


def test_traffic_display_off_then_string_true_on() -> None:
    world = World()
    assert world.call(P + "set_traffic_display", {"enabled": False})["success"] is True
    assert world.flat()["navigation.traffic_display_enabled"] is False
    world.call(P + "set_traffic_display", {"enabled": "true"})
    assert world.flat()["navigation.traffic_display_enabled"] is True
    assert world.flat()["navigation.is_on"] is True


def test_voice_modes_accepted() -> None:
    for mode in ("simple", "mute", "detailed"):
        world = World()
        assert world.call(P + "set_voice_mode", {"mode": mode})["success"] is True
        assert world.flat()["navigation.voice_mode"] == mode


def test_voice_mode_unknown_is_refused_but_switches_on() -> None:
    for mode in ("muted", "Simple", ""):
        world = World()
        assert world.call(P + "set_voice_mode", {"mode": mode})["success"] is False
        assert world.diff() == {"navigation.is_on": True}


def test_volume_edges_and_refusals() -> None:
    world = World()
    assert world.call(P + "set_volume", {"volume": 0})["success"] is True
    assert world.call(P + "set_volume", {"volume": 100})["success"] is True
    assert world.flat()["navigation.volume"] == 100
    assert world.call(P + "set_volume", {"volume": 101})["success"] is False
    assert world.call(P + "set_volume", {"volume": -1})["success"] is False
    assert world.flat()["navigation.volume"] == 100


def test_stop_clears_the_destination_without_switching_on() -> None:
    world = World()
    assert world.call(P + "stop", {})["success"] is True
    assert world.diff() == {}
    world.call(P + "navigate_to", {"destination": "Lab", "route_preference": "no_toll"})
    world.call(P + "stop", {})
    assert world.diff() == {"navigation.is_on": True}


def test_stop_refuses_arguments() -> None:
    world = World()
    assert world.call(P + "stop", {"bogus_param": 1})["success"] is False


def test_switch_off_ends_guidance() -> None:
    world = World()
    world.call(P + "navigate_to", {"destination": "Lab", "route_preference": "shortest"})
    assert world.call(P + "switch", {"switch": False})["success"] is True
    assert world.diff() == {}


def test_switch_converts_truthy_values() -> None:
    for value in (1, "true"):
        world = World()
        world.call(P + "switch", {"switch": value})
        assert world.flat()["navigation.is_on"] is True
