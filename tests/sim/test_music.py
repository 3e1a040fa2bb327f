"""music: songs, favourites list, play mode, lyrics and volume."""

from vmb.sim import World

P = "carcontrol_music_"


def test_play_song_with_artist_switches_on() -> None:
    world = World()
    result = world.call(P + "play_song", {"song_name": "9th Symphony", "artist": "Beethoven"})
    assert result["success"] is True
    assert world.diff() == {
        "music.current_song.name": "9th Symphony",
        "music.current_song.artist": "Beethoven",
        "music.is_on": True,
    }


def test_play_song_without_artist_clears_the_previous_artist() -> None:
    world = World()
    world.call(P + "play_song", {"song_name": "9th Symphony", "artist": "black"})
    world.call(P + "play_song", {"song_name": "Take Five"})
    assert world.flat()["music.current_song.name"] == "Take Five"
    assert world.flat()["music.current_song.artist"] == ""


def test_play_song_trims_the_title() -> None:
    world = World()
    world.call(P + "play_song", {"song_name": "  Clair de Lune "})
    assert world.flat()["music.current_song.name"] == "Clair de Lune"


def test_play_song_blank_title_is_refused_before_switching_on() -> None:
    for title in ("", "   "):
        world = World()
        assert world.call(P + "play_song", {"song_name": title})["success"] is False
        assert world.diff() == {}


def test_play_song_requires_song_name() -> None:
    world = World()
    assert world.call(P + "play_song", {"artist": "Beethoven"})["success"] is False
    assert world.diff() == {}


def test_favorite_without_a_song_is_refused_but_switches_on() -> None:
    for value in (True, False):
        world = World()
        assert world.call(P + "set_favorite", {"favorite": value})["success"] is False
        assert world.diff() == {"music.is_on": True}


def test_favorite_adds_the_song_once_to_the_list() -> None:
    world = World()
    world.call(P + "play_song", {"song_name": "2d", "artist": "high"})
    assert world.call(P + "set_favorite", {"favorite": True})["success"] is True
    assert world.call(P + "set_favorite", {"favorite": True})["success"] is True
    flat = world.flat()
    assert flat["music.current_song.is_favorited"] is True
    assert flat["music.favorite_list[0]"] == "2d"
    assert "music.favorite_list[1]" not in flat


def test_favorite_false_removes_the_song_from_the_list() -> None:
    world = World()
    world.call(P + "play_song", {"song_name": "Take Five"})
    world.call(P + "set_favorite", {"favorite": True})
    assert world.call(P + "set_favorite", {"favorite": False})["success"] is True
    assert world.diff() == {"music.current_song.name": "Take Five", "music.is_on": True}


def test_favorite_list_keeps_order_and_replaying_a_favourite_marks_it() -> None:
    world = World()
    for song in ("A", "B"):
        world.call(P + "play_song", {"song_name": song})
        world.call(P + "set_favorite", {"favorite": True})
    world.call(P + "play_song", {"song_name": "C"})
    assert world.flat()["music.current_song.is_favorited"] is False
    world.call(P + "play_song", {"song_name": "A"})
    assert world.flat()["music.current_song.is_favorited"] is True
    world.call(P + "set_favorite", {"favorite": False})
    assert world.flat()["music.favorite_list[0]"] == "B"
    assert "music.favorite_list[1]" not in world.flat()


def test_favorite_converts_truthy_values() -> None:
    for value in ("true", 1):
        world = World()
        world.call(P + "play_song", {"song_name": "Take Five"})
        assert world.call(P + "set_favorite", {"favorite": value})["success"] is True
        assert world.flat()["music.current_song.is_favorited"] is True


def test_lyrics_display_converts_and_switches_on() -> None:
    for value, stored in ((True, True), (1, True), ("true", True), (False, False)):
        world = World()
        assert world.call(P + "set_lyrics_display", {"enabled": value})["success"] is True
        assert world.flat()["music.lyrics_display_enabled"] is stored
        assert world.flat()["music.is_on"] is True


def test_play_modes_accepted() -> None:
    for mode in ("sequential", "single_loop", "shuffle", "list_loop"):
        world = World()
        assert world.call(P + "set_play_mode", {"mode": mode})["success"] is True
        assert world.flat()["music.play_mode"] == mode


def test_play_mode_unknown_or_wrong_case_is_refused_but_switches_on() -> None:
    for mode in ("Shuffle", "repeat", "loop", ""):
        world = World()
        assert world.call(P + "set_play_mode", {"mode": mode})["success"] is False
        assert world.diff() == {"music.is_on": True}


def test_volume_edges() -> None:
    world = World()
    assert world.call(P + "set_volume", {"volume": 0})["success"] is True
    assert world.flat()["music.volume"] == 0
    assert world.call(P + "set_volume", {"volume": 100})["success"] is True
    assert world.flat()["music.volume"] == 100


def test_volume_out_of_range_is_refused_but_switches_on() -> None:
    for volume in (-1, 101, 3.5):
        world = World()
        assert world.call(P + "set_volume", {"volume": volume})["success"] is False
        assert world.diff() == {"music.is_on": True}


def test_switch_off_keeps_the_current_song() -> None:
    world = World()
    world.call(P + "play_song", {"song_name": "Take Five"})
    world.call(P + "set_favorite", {"favorite": "true"})
    assert world.call(P + "switch", {"switch": False})["success"] is True
    assert world.diff() == {
        "music.current_song.name": "Take Five",
        "music.current_song.is_favorited": True,
        "music.favorite_list[0]": "Take Five",
    }


def test_switch_converts_with_python_truthiness() -> None:
    # Any non-empty string is truthy, so even "false" switches the player on.
    for value in (1, "true", "false"):
        world = World()
        world.call(P + "switch", {"switch": value})
        assert world.flat()["music.is_on"] is True
