"""video: play by name, quality, scene, fullscreen and volume."""

from __future__ import annotations

from fixtures.sim_table import Row, check, table

P = "carcontrol_video_"
PLAY, FULLSCREEN, QUALITY, SCENE, VOLUME, SWITCH = (P + "play_video", P + "set_fullscreen", P + "set_quality",
                                                    P + "set_scene", P + "set_volume", P + "switch")
ON = {"video.is_on": True}

ROWS = [
    Row(PLAY, {"video_name": "lecture"}, True,
        {"video.current_video.name": "lecture", "video.current_video.is_playing": True, **ON}),
    # a blank name is refused before the player is switched on
    *(Row(PLAY, {"video_name": blank}, False, {}) for blank in ("", "  ")),
    # fullscreen: coerced to a flag, and the player switched on
    *(Row(FULLSCREEN, {"fullscreen": raw}, True, {"video.is_fullscreen": True, **ON}) for raw in (True, 1, "true")),
    Row(FULLSCREEN, {"fullscreen": False}, True, ON, state={"video.is_fullscreen": False}),
    # qualities ("480p" is the default); a refused one still switches the player on
    *(Row(QUALITY, {"quality": quality}, True, {"video.quality": quality, **ON}) for quality in ("270p", "720p", "1080p")),
    Row(QUALITY, {"quality": "480p"}, True, ON, state={"video.quality": "480p"}),
    *(Row(QUALITY, {"quality": bad}, False, ON) for bad in ("1080P", "4k", "")),
    # background, and back to foreground (the default)
    Row(SCENE, {"scene": "background"}, True, {"video.scene": "background", **ON}),
    Row(SCENE, {"scene": "foreground"}, True, ON, ((SCENE, {"scene": "background"}),)),
    *(Row(SCENE, {"scene": bad}, False, ON) for bad in ("Foreground", "fullscreen", "")),
    # volume 0 to 100
    *(Row(VOLUME, {"volume": volume}, True, {"video.volume": volume, **ON}) for volume in (0, 100)),
    *(Row(VOLUME, {"volume": bad}, False, ON) for bad in (-1, 101, 3.5)),
    Row(VOLUME, {"volume": 40, "bogus_param": 1}, False, {}),
    # switching off stops the video
    Row(SWITCH, {"switch": False}, True, {}, ((PLAY, {"video_name": "tutorial"}),)),
    *(Row(SWITCH, {"switch": raw}, True, ON) for raw in (1, "true")),
]


@table(ROWS)
def test_video(row: Row) -> None:
    check(row)
