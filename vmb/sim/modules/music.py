"""music module (draft: to be checked against the conformance records)."""

from vmb.sim.spec import Bool, Int, Module, Refused, Str, Zone, zones
from vmb.sim.state import ModuleState

MODULE = Module(
    "music",
    "music.",
    defaults={'current_song.artist': '', 'current_song.is_favorited': False, 'current_song.name': '', 'is_on': False, 'lyrics_display_enabled': False, 'play_mode': 'sequential', 'volume': 50},
    power_leaf="is_on",
)


@MODULE.api(
    "play_song.",
    song_name=Str(),
    artist=Str(default=None),
)
def play_song(car: ModuleState, song_name, artist) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_favorite.",
    favorite=Bool(),
)
def set_favorite(car: ModuleState, favorite) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_lyrics_display.",
    enabled=Bool(),
)
def set_lyrics_display(car: ModuleState, enabled) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_play_mode.",
    mode=Str(),
)
def set_play_mode(car: ModuleState, mode) -> None:
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
