"""navigation: route guidance, map, voice, volume and alerts."""

from __future__ import annotations

from fixtures.sim_table import Row, check, table

P = "carcontrol_navigation_"
GO, VIEW, ZOOM, CAMERA, TRAFFIC = (P + "navigate_to", P + "set_map_view", P + "set_map_zoom",
                                   P + "set_speed_camera_alert", P + "set_traffic_display")
VOICE, VOLUME, STOP, SWITCH = P + "set_voice_mode", P + "set_volume", P + "stop", P + "switch"
ON = {"navigation.is_on": True}


def guiding(destination: str, route: str = "fastest") -> dict[str, object]:
    """The leaves guidance to ``destination`` changes ("fastest" is the default route)."""
    return {"navigation.current_destination.name": destination, "navigation.current_destination.is_navigating": True,
            **({"navigation.current_destination.route_preference": route} if route != "fastest" else {}), **ON}


ROWS = [
    Row(GO, {"destination": "Riverside Campus"}, True, guiding("Riverside Campus")),
    *(Row(GO, {"destination": "Lab", "route_preference": route}, True, guiding("Lab", route))
      for route in ("shortest", "no_highway", "no_toll")),
    Row(GO, {"destination": "Lab", "route_preference": "fastest"}, True, guiding("Lab"),
        state={"navigation.current_destination.route_preference": "fastest"}),
    # an empty preference, or none, means the fastest route
    Row(GO, {"destination": "Convention Center", "route_preference": ""}, True, guiding("Convention Center"),
        ((GO, {"destination": "Lab", "route_preference": "no_highway"}),)),
    Row(GO, {"destination": "Home"}, True, guiding("Home"), ((GO, {"destination": "Lab", "route_preference": "shortest"}),)),
    # a bad route is refused, but the navigation is switched on; a blank destination is refused before
    *(Row(GO, {"destination": "Lab", "route_preference": bad}, False, ON) for bad in ("Fastest", "scenic", "loop")),
    *(Row(GO, {"destination": blank}, False, {}) for blank in ("", "   ")),
    # map views ("2d" is the default); a refused one still switches the navigation on
    *(Row(VIEW, {"view": view}, True, {"navigation.map_view": view, **ON}) for view in ("3d", "heading_up", "north_up")),
    Row(VIEW, {"view": "2d"}, True, ON, state={"navigation.map_view": "2d"}),
    *(Row(VIEW, {"view": bad}, False, ON) for bad in ("3D", "2D", "satellite")),
    # zoom 1 to 10
    *(Row(ZOOM, {"zoom": zoom}, True, {"navigation.map_zoom": zoom, **ON}) for zoom in (1, 10)),
    *(Row(ZOOM, {"zoom": bad}, False, ON) for bad in (0, 11, 3.5, "5")),
    # the alerts (on by default): off, then a truthy value back on
    Row(CAMERA, {"enabled": False}, True, {"navigation.speed_camera_enabled": False, **ON}),
    Row(CAMERA, {"enabled": 1}, True, ON, ((CAMERA, {"enabled": False}),), state={"navigation.speed_camera_enabled": True}),
    Row(TRAFFIC, {"enabled": False}, True, {"navigation.traffic_display_enabled": False, **ON}),
    Row(TRAFFIC, {"enabled": "true"}, True, ON, ((TRAFFIC, {"enabled": False}),),
        state={"navigation.traffic_display_enabled": True}),
    # voice modes ("detailed" is the default)
    *(Row(VOICE, {"mode": mode}, True, {"navigation.voice_mode": mode, **ON}) for mode in ("simple", "mute")),
    Row(VOICE, {"mode": "detailed"}, True, ON, state={"navigation.voice_mode": "detailed"}),
    *(Row(VOICE, {"mode": bad}, False, ON) for bad in ("muted", "Simple", "")),
    # volume 0 to 100
    *(Row(VOLUME, {"volume": volume}, True, {"navigation.volume": volume, **ON}) for volume in (0, 100)),
    *(Row(VOLUME, {"volume": bad}, False, {"navigation.volume": 100, **ON}, ((VOLUME, {"volume": 100}),))
      for bad in (101, -1)),
    # stop clears the destination without switching on; it takes no arguments
    Row(STOP, {}, True, {}),
    Row(STOP, {}, True, ON, ((GO, {"destination": "Lab", "route_preference": "no_toll"}),)),
    Row(STOP, {"bogus_param": 1}, False, {}),
    # switching off ends guidance
    Row(SWITCH, {"switch": False}, True, {}, ((GO, {"destination": "Lab", "route_preference": "shortest"}),)),
    *(Row(SWITCH, {"switch": raw}, True, ON) for raw in (1, "true")),
]


@table(ROWS)
def test_navigation(row: Row) -> None:
    check(row)
