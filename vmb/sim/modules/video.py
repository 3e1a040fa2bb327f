"""video module (draft: to be checked against the conformance records)."""

from vmb.sim.spec import Bool, Int, Module, Refused, Str, Zone, zones
from vmb.sim.state import ModuleState

MODULE = Module(
    "video",
    "video.",
    defaults={'current_video.is_playing': False, 'current_video.name': '', 'is_fullscreen': False, 'is_on': False, 'quality': '480p', 'scene': 'foreground', 'volume': 50},
    power_leaf="is_on",
)


@MODULE.api(
    "play_video.",
    video_name=Str(),
)
def play_video(car: ModuleState, video_name) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_fullscreen.",
    fullscreen=Bool(),
)
def set_fullscreen(car: ModuleState, fullscreen) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_quality.",
    quality=Str(),
)
def set_quality(car: ModuleState, quality) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_scene.",
    scene=Str(),
)
def set_scene(car: ModuleState, scene) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_volume.",
    volume=Int(),
)
def set_volume(car: ModuleState, volume) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "switch.",
    switch=Bool(),
)
def switch(car: ModuleState, switch) -> None:
    raise Refused("not declared yet")
