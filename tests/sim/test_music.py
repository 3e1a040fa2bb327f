"""music: songs, favourites list, play mode, lyrics and volume."""

from __future__ import annotations

from fixtures.sim_table import Row, check, table

P = "carcontrol_music_"
PLAY, FAVORITE, LYRICS, MODE, VOLUME, SWITCH = (P + "play_song", P + "set_favorite", P + "set_lyrics_display",
                                                P + "set_play_mode", P + "set_volume", P + "switch")
ON = {"music.is_on": True}


def song(name: str, artist: str = "") -> dict[str, object]:
    """The leaves a playing song changes ("" is the default artist, and so no change)."""
    return {"music.current_song.name": name, **({"music.current_song.artist": artist} if artist else {}), **ON}


def playing(name: str) -> tuple[str, dict[str, object]]:
    return (PLAY, {"song_name": name})


LIKED = (FAVORITE, {"favorite": True})
A_AND_B_LIKED = (playing("A"), LIKED, playing("B"), LIKED)

ROWS = [
    Row(PLAY, {"song_name": "9th Symphony", "artist": "Beethoven"}, True, song("9th Symphony", "Beethoven")),
    # a song without an artist clears the previous artist; the title is trimmed
    Row(PLAY, {"song_name": "Take Five"}, True, song("Take Five"),
        ((PLAY, {"song_name": "9th Symphony", "artist": "black"}),), state={"music.current_song.artist": ""}),
    Row(PLAY, {"song_name": "  Clair de Lune "}, True, song("Clair de Lune")),
    # a blank title, or none, is refused before the player is switched on
    *(Row(PLAY, {"song_name": blank}, False, {}) for blank in ("", "   ")),
    Row(PLAY, {"artist": "Beethoven"}, False, {}),
    # a favourite without a song is refused, but the player is switched on
    *(Row(FAVORITE, {"favorite": value}, False, ON) for value in (True, False)),
    # liked twice, the song is in the list once
    Row(FAVORITE, {"favorite": True}, True,
        {**song("2d", "high"), "music.current_song.is_favorited": True, "music.favorite_list[0]": "2d"},
        ((PLAY, {"song_name": "2d", "artist": "high"}), LIKED)),
    # unliked, it leaves the list
    Row(FAVORITE, {"favorite": False}, True, song("Take Five"), (playing("Take Five"), LIKED)),
    # the list keeps its order; a song in it is marked liked when played again, and unliking it removes it
    Row(PLAY, {"song_name": "C"}, True,
        {**song("C"), "music.favorite_list[0]": "A", "music.favorite_list[1]": "B"}, A_AND_B_LIKED,
        state={"music.current_song.is_favorited": False}),
    Row(PLAY, {"song_name": "A"}, True,
        {**song("A"), "music.current_song.is_favorited": True, "music.favorite_list[0]": "A",
         "music.favorite_list[1]": "B"}, (*A_AND_B_LIKED, playing("C"))),
    Row(FAVORITE, {"favorite": False}, True, {**song("A"), "music.favorite_list[0]": "B"},
        (*A_AND_B_LIKED, playing("C"), playing("A"))),
    # truthy values are stored as flags
    *(Row(FAVORITE, {"favorite": raw}, True,
          {**song("Take Five"), "music.current_song.is_favorited": True, "music.favorite_list[0]": "Take Five"},
          (playing("Take Five"),)) for raw in ("true", 1)),
    # lyrics display: coerced to a flag, and the player switched on
    *(Row(LYRICS, {"enabled": raw}, True, {"music.lyrics_display_enabled": True, **ON}) for raw in (True, 1, "true")),
    Row(LYRICS, {"enabled": False}, True, ON, state={"music.lyrics_display_enabled": False}),
    # play modes ("sequential" is the default); a refused one still switches the player on
    Row(MODE, {"mode": "sequential"}, True, ON, state={"music.play_mode": "sequential"}),
    *(Row(MODE, {"mode": mode}, True, {"music.play_mode": mode, **ON}) for mode in ("single_loop", "shuffle", "list_loop")),
    *(Row(MODE, {"mode": bad}, False, ON) for bad in ("Shuffle", "repeat", "loop", "")),
    # volume 0 to 100; a refused one still switches the player on
    *(Row(VOLUME, {"volume": volume}, True, {"music.volume": volume, **ON}) for volume in (0, 100)),
    *(Row(VOLUME, {"volume": bad}, False, ON) for bad in (-1, 101, 3.5)),
    # switching off keeps the current song and the list
    Row(SWITCH, {"switch": False}, True,
        {"music.current_song.name": "Take Five", "music.current_song.is_favorited": True,
         "music.favorite_list[0]": "Take Five"}, (playing("Take Five"), (FAVORITE, {"favorite": "true"}))),
    # Python truthiness: even "false" switches the player on
    *(Row(SWITCH, {"switch": raw}, True, ON) for raw in (1, "true", "false")),
]


@table(ROWS)
def test_music(row: Row) -> None:
    check(row)
