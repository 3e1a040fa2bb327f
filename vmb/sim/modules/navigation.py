"""navigation module (draft: to be checked against the conformance records)."""

from vmb.sim.spec import Bool, Int, Module, Refused, Str, Zone, zones
from vmb.sim.state import ModuleState

MODULE = Module(
    "navigation",
    "navigation.",
    defaults={'current_destination.is_navigating': False, 'current_destination.name': '', 'current_destination.route_preference': 'fastest', 'is_on': False, 'map_view': '2d', 'map_zoom': 5, 'speed_camera_enabled': True, 'traffic_display_enabled': True, 'voice_mode': 'detailed', 'volume': 50},
    power_leaf="is_on",
)


@MODULE.api(
    "navigate_to.",
    destination=Str(),
    route_preference=Str(default=None),
)
def navigate_to(car: ModuleState, destination, route_preference) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_map_view.",
    view=Str(),
)
def set_map_view(car: ModuleState, view) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_map_zoom.",
    zoom=Int(),
)
def set_map_zoom(car: ModuleState, zoom) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_speed_camera_alert.",
    enabled=Bool(),
)
def set_speed_camera_alert(car: ModuleState, enabled) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_traffic_display.",
    enabled=Bool(),
)
def set_traffic_display(car: ModuleState, enabled) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_voice_mode.",
    mode=Str(),
)
def set_voice_mode(car: ModuleState, mode) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_volume.",
    volume=Int(),
)
def set_volume(car: ModuleState, volume) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "stop.",

)
def stop(car: ModuleState) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "switch.",
    switch=Bool(),
)
def switch(car: ModuleState, switch) -> None:
    raise Refused("not declared yet")
