"""Music player: power, volume, play mode, lyrics, the current song and the favourites list."""

from typing import Any

from vmb.sim.spec import Bool, Enum, Int, Module, Refused, Str
from vmb.sim.state import ModuleState

MODULE = Module(
    "music",
    "Music player: play a song, volume, play mode, lyrics display and favourite songs.",
    defaults={
        "current_song.artist": "",
        "current_song.is_favorited": False,
        "current_song.name": "",
        "is_on": False,
        "lyrics_display_enabled": False,
        "play_mode": "sequential",
        "volume": 50,
    },
    power_leaf="is_on",
)

FAVORITES = "favorite_list"


def _switch_on(car: ModuleState) -> None:
    if not car.get("is_on"):
        car.set("is_on", True)


def _favorites(car: ModuleState) -> list[Any]:
    return [car.get(f"{FAVORITES}[{i}]") for i in range(car.count(FAVORITES))]


def _store_favorites(car: ModuleState, songs: list[Any], old_count: int) -> None:
    for i, song in enumerate(songs):
        car.set(f"{FAVORITES}[{i}]", song)
    # A list that shrank drops its tail items, as the reference stores the list whole.
    for i in range(len(songs), old_count):
        car.delete(f"{FAVORITES}[{i}]")


@MODULE.api(
    "Play a song by name, optionally by a given artist; switches the player on.",
    song_name=Str(description="Title of the song (or playlist/podcast) to play."),
    artist=Str(default=None, description="Artist, to pick one version when several share the title."),
)
def play_song(car: ModuleState, song_name: str, artist: str | None) -> None:
    # Quirk: a blank title is refused before the player is switched on.
    if not isinstance(song_name, str) or not song_name.strip():
        raise Refused("song_name must not be empty")
    _switch_on(car)
    if artist and not isinstance(artist, str):
        raise Refused("artist must be text")
    car.set("current_song.name", song_name.strip())
    # An omitted artist clears the previous song's artist.
    car.set("current_song.artist", artist.strip() if artist else "")
    car.set("current_song.is_favorited", song_name in _favorites(car))


@MODULE.api(
    "Add the current song to favourites or remove it; needs a song to be playing; switches the player on.",
    favorite=Bool(description="True to add the current song to favourites, false to remove it."),
    # Quirk: the player is switched on before the precondition, so a refusal still leaves it on.
    power="start",
)
def set_favorite(car: ModuleState, favorite: bool) -> None:
    song = car.get("current_song.name")
    # Precondition: refused while no song has been played.
    if not song:
        raise Refused("no song is playing")
    songs = _favorites(car)
    old_count = len(songs)
    if favorite and song not in songs:
        songs.append(song)
    elif not favorite and song in songs:
        songs.remove(song)
    _store_favorites(car, songs, old_count)
    # The reference converts the flag to a boolean: "true" and 1 are stored as True.
    car.set("current_song.is_favorited", bool(favorite))


@MODULE.api(
    "Show or hide song lyrics on the display; switches the player on.",
    enabled=Bool(description="True to show lyrics, false to hide them."),
    power="start",
)
def set_lyrics_display(car: ModuleState, enabled: bool) -> None:
    # The reference converts the flag to a boolean: "true" and 1 are stored as True.
    car.set("lyrics_display_enabled", bool(enabled))


@MODULE.api(
    "Set how songs follow each other; switches the player on.",
    mode=Enum(
        values=("sequential", "single_loop", "shuffle", "list_loop"),
        aliases={
            "顺序播放": "sequential",
            "单曲循环": "single_loop",
            "随机播放": "shuffle",
            "列表循环": "list_loop",
        },
        description="sequential (list order), single_loop (repeat one song), shuffle (random), "
        "list_loop (repeat the whole list).",
    ),
    # Quirk: switched on before the mode is checked, so a refused mode leaves the player on.
    power="start",
)
def set_play_mode(car: ModuleState, mode: str) -> None:
    car.set("play_mode", mode)


@MODULE.api(
    "Set the music volume (0 mute to 100 max); switches the player on.",
    volume=Int(minimum=0, maximum=100, description="Volume, 0-100."),
    # Quirk: switched on before the volume is checked, so a refused volume leaves the player on.
    power="start",
)
def set_volume(car: ModuleState, volume: int) -> None:
    car.set("volume", volume)


@MODULE.api(
    "Turn the music player on or off (the current song is kept).",
    switch=Bool(description="True to turn on, false to turn off."),
)
def switch(car: ModuleState, switch: bool) -> None:
    # The reference converts the flag to a boolean: "true" and 1 are stored as True.
    car.set("is_on", bool(switch))
