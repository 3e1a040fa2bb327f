"""Navigation: route guidance to a destination, map display, voice guidance and alerts."""

from vmb.sim.spec import Bool, Enum, Int, Module, Refused, Str, shown
from vmb.sim.state import ModuleState

MODULE = Module(
    "navigation",
    "Navigation system: guide to a destination, map view and zoom, voice guidance, "
    "traffic and speed camera alerts.",
    defaults={
        "current_destination.is_navigating": False,
        "current_destination.name": "",
        "current_destination.route_preference": "fastest",
        "is_on": False,
        "map_view": "2d",
        "map_zoom": 5,
        "speed_camera_enabled": True,
        "traffic_display_enabled": True,
        "voice_mode": "detailed",
        "volume": 50,
    },
    power_leaf="is_on",
)

ROUTES = ("fastest", "shortest", "no_highway", "no_toll")
ROUTE_PREFERENCE = Enum(
    values=ROUTES,
    aliases={"最快": "fastest", "最短": "shortest", "不走高速": "no_highway", "避免收费": "no_toll"},
    default=None,
    description="fastest (default), shortest, no_highway (avoid highways) or no_toll (avoid tolls).",
)


def _clear_destination(car: ModuleState) -> None:
    car.set("current_destination.name", "")
    car.set("current_destination.route_preference", "fastest")
    car.set("current_destination.is_navigating", False)


@MODULE.api(
    "Start route guidance to a destination; switches navigation on.",
    destination=Str(description="Place or address to drive to."),
    route_preference=ROUTE_PREFERENCE,
    # No declared steps: the effect checks in the reference's order (destination, switch on, route);
    # it receives the route as the member an alias stands for, or as given when unrecognised.
    order=(),
)
def navigate_to(car: ModuleState, destination: str, route_preference: str | None) -> None:
    # Quirk: a blank destination is refused before navigation is switched on.
    if not isinstance(destination, str) or not destination.strip():
        raise Refused("destination must not be empty")
    if not car.get("is_on"):
        car.set("is_on", True)
    # Quirk: an empty route_preference counts as omitted (fastest) instead of being refused.
    if route_preference and route_preference not in ROUTES:
        # Quirk: refused after switching on, so navigation stays on.
        raise Refused(f"route_preference must be one of {', '.join(ROUTES)}; got {shown(route_preference)}")
    car.set("current_destination.name", destination.strip())
    # Omitting the preference resets it to fastest rather than keeping the previous route's.
    car.set("current_destination.route_preference", route_preference or "fastest")
    car.set("current_destination.is_navigating", True)


@MODULE.api(
    "Set the map view; switches navigation on.",
    view=Enum(
        values=("2d", "3d", "heading_up", "north_up"),
        description="2d (flat), 3d (perspective), heading_up (driving direction up) or north_up (north up).",
    ),
    # Quirk: switched on before the view is checked, so a refused view leaves navigation on.
    power="start",
)
def set_map_view(car: ModuleState, view: str) -> None:
    car.set("map_view", view)


@MODULE.api(
    "Set the map zoom level (1 widest area to 10 street detail); switches navigation on.",
    zoom=Int(minimum=1, maximum=10, description="Zoom level, 1-10."),
    # Quirk: switched on before the zoom is checked, so a refused zoom leaves navigation on.
    power="start",
)
def set_map_zoom(car: ModuleState, zoom: int) -> None:
    car.set("map_zoom", zoom)


@MODULE.api(
    "Turn speed camera alerts on or off; switches navigation on.",
    enabled=Bool(description="True to warn about speed cameras, false to stay silent."),
    power="start",
)
def set_speed_camera_alert(car: ModuleState, enabled: bool) -> None:
    # The reference converts the flag to a boolean: "true" and 1 are stored as True.
    car.set("speed_camera_enabled", bool(enabled))


@MODULE.api(
    "Show or hide live traffic on the map; switches navigation on.",
    enabled=Bool(description="True to show traffic conditions, false to hide them."),
    power="start",
)
def set_traffic_display(car: ModuleState, enabled: bool) -> None:
    # The reference converts the flag to a boolean: "true" and 1 are stored as True.
    car.set("traffic_display_enabled", bool(enabled))


@MODULE.api(
    "Set how much the voice guidance says; switches navigation on.",
    mode=Enum(
        values=("simple", "detailed", "mute"),
        aliases={"简洁": "simple", "详细": "detailed", "静音": "mute"},
        description="simple (short prompts), detailed (full guidance) or mute (no voice).",
    ),
    # Quirk: switched on before the mode is checked, so a refused mode leaves navigation on.
    power="start",
)
def set_voice_mode(car: ModuleState, mode: str) -> None:
    car.set("voice_mode", mode)


@MODULE.api(
    "Set the voice guidance volume (0 mute to 100 max); switches navigation on.",
    volume=Int(minimum=0, maximum=100, description="Volume, 0-100."),
    # Quirk: switched on before the volume is checked, so a refused volume leaves navigation on.
    power="start",
)
def set_volume(car: ModuleState, volume: int) -> None:
    car.set("volume", volume)


@MODULE.api("Stop route guidance and forget the destination (navigation stays as it is).")
def stop(car: ModuleState) -> None:
    _clear_destination(car)


@MODULE.api(
    "Turn navigation on or off; turning it off also ends route guidance.",
    switch=Bool(description="True to turn on, false to turn off."),
)
def switch(car: ModuleState, switch: bool) -> None:
    # The reference converts the flag to a boolean: "true" and 1 are stored as True.
    car.set("is_on", bool(switch))
    if not switch:
        _clear_destination(car)
