"""video: play by name, quality, scene, fullscreen and volume."""

from vmb.sim import World

P = "carcontrol_video_"


def test_play_video_switches_on_and_plays() -> None:
    world = World()
    assert world.call(P + "play_video", {"video_name": "lecture"})["success"] is True
    assert world.diff() == {
        "video.current_video.name": "lecture",
        "video.current_video.is_playing": True,
        "video.is_on": True,
    }


def test_play_video_blank_name_is_refused_before_switching_on() -> None:
    for name in ("", "  "):
        world = World()
        assert world.call(P + "play_video", {"video_name": name})["success"] is False
        assert world.diff() == {}


def test_fullscreen_converts_and_switches_on() -> None:
    for value, stored in ((True, True), (1, True), ("true", True), (False, False)):
        world = World()
        assert world.call(P + "set_fullscreen", {"fullscreen": value})["success"] is True
        assert world.flat()["video.is_fullscreen"] is stored
        assert world.flat()["video.is_on"] is True


def test_quality_values_accepted() -> None:
    for quality in ("270p", "480p", "720p", "1080p"):
        world = World()
        assert world.call(P + "set_quality", {"quality": quality})["success"] is True
        assert world.flat()["video.quality"] == quality


def test_quality_unknown_or_wrong_case_is_refused_but_switches_on() -> None:
    for quality in ("1080P", "4k", ""):
        world = World()
        assert world.call(P + "set_quality", {"quality": quality})["success"] is False
        assert world.diff() == {"video.is_on": True}


def test_scene_background_and_back() -> None:
    world = World()
    assert world.call(P + "set_scene", {"scene": "background"})["success"] is True
    assert world.flat()["video.scene"] == "background"
    assert world.call(P + "set_scene", {"scene": "foreground"})["success"] is True
    assert world.diff() == {"video.is_on": True}


def test_scene_unknown_or_wrong_case_is_refused_but_switches_on() -> None:
    for scene in ("Foreground", "fullscreen", ""):
        world = World()
        assert world.call(P + "set_scene", {"scene": scene})["success"] is False
        assert world.diff() == {"video.is_on": True}


def test_volume_edges() -> None:
    world = World()
    assert world.call(P + "set_volume", {"volume": 0})["success"] is True
    assert world.flat()["video.volume"] == 0
    assert world.call(P + "set_volume", {"volume": 100})["success"] is True
    assert world.flat()["video.volume"] == 100


def test_volume_out_of_range_is_refused_but_switches_on() -> None:
    for volume in (-1, 101, 3.5):
        world = World()
        assert world.call(P + "set_volume", {"volume": volume})["success"] is False
        assert world.diff() == {"video.is_on": True}


def test_unknown_parameter_changes_nothing() -> None:
    world = World()
    assert world.call(P + "set_volume", {"volume": 40, "bogus_param": 1})["success"] is False
    assert world.diff() == {}


def test_switch_off_stops_the_video() -> None:
    world = World()
    world.call(P + "play_video", {"video_name": "tutorial"})
    assert world.call(P + "switch", {"switch": False})["success"] is True
    assert world.diff() == {}


def test_switch_converts_truthy_values() -> None:
    for value in (1, "true"):
        world = World()
        world.call(P + "switch", {"switch": value})
        assert world.flat()["video.is_on"] is True
