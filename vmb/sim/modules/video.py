"""Video player: power, volume, quality, fullscreen, scene and the current video."""

from vmb.sim.spec import Bool, Enum, Int, Module, Refused, Str
from vmb.sim.state import ModuleState

MODULE = Module(
    "video",
    "In-car video player: play a video, volume, picture quality, fullscreen and foreground/background.",
    defaults={
        "current_video.is_playing": False,
        "current_video.name": "",
        "is_fullscreen": False,
        "is_on": False,
        "quality": "480p",
        "scene": "foreground",
        "volume": 50,
    },
    power_leaf="is_on",
)


@MODULE.api(
    "Play a video by name; switches the player on.",
    video_name=Str(description="Title of the video to play."),
)
def play_video(car: ModuleState, video_name: str) -> None:
    # Quirk: a blank title is refused before the player is switched on.
    if not isinstance(video_name, str) or not video_name.strip():
        raise Refused("video_name must not be empty")
    if not car.get("is_on"):
        car.set("is_on", True)
    car.set("current_video.name", video_name.strip())
    car.set("current_video.is_playing", True)


@MODULE.api(
    "Show the video fullscreen or windowed; switches the player on.",
    fullscreen=Bool(description="True for fullscreen, false for windowed."),
    power="start",
)
def set_fullscreen(car: ModuleState, fullscreen: bool) -> None:
    # The reference converts the flag to a boolean: "true" and 1 are stored as True.
    car.set("is_fullscreen", bool(fullscreen))


@MODULE.api(
    "Set the video picture quality (resolution); switches the player on.",
    quality=Enum(
        values=("270p", "480p", "720p", "1080p"),
        aliases={
            f"{word} {size}{p}": f"{size}p"
            for word, size in (("流畅", 270), ("标清", 480), ("高清", 720), ("蓝光", 1080))
            for p in ("p", "P")
        },
        # The reference strips surrounding whitespace from the quality before matching it.
        strip=True,
        description="Resolution: 270p, 480p, 720p or 1080p.",
    ),
    # Quirk: switched on before the quality is checked, so a refused quality leaves the player on.
    power="start",
)
def set_quality(car: ModuleState, quality: str) -> None:
    car.set("quality", quality)


@MODULE.api(
    "Play the video in the foreground (main display) or in the background; switches the player on.",
    scene=Enum(
        values=("foreground", "background"),
        aliases={"前景": "foreground", "后景": "background"},
        description="foreground (video has the display) or background (other screens on top).",
    ),
    # Quirk: switched on before the scene is checked, so a refused scene leaves the player on.
    power="start",
)
def set_scene(car: ModuleState, scene: str) -> None:
    car.set("scene", scene)


@MODULE.api(
    "Set the video volume (0 mute to 100 max); switches the player on.",
    volume=Int(minimum=0, maximum=100, description="Volume, 0-100."),
    # Quirk: switched on before the volume is checked, so a refused volume leaves the player on.
    power="start",
)
def set_volume(car: ModuleState, volume: int) -> None:
    car.set("volume", volume)


@MODULE.api(
    "Turn the video player on or off; turning it off stops the current video.",
    switch=Bool(description="True to turn on, false to turn off."),
)
def switch(car: ModuleState, switch: bool) -> None:
    # The reference converts the flag to a boolean: "true" and 1 are stored as True.
    car.set("is_on", bool(switch))
    if not switch:
        car.set("current_video.name", "")
        car.set("current_video.is_playing", False)
