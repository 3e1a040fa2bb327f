"""How people name each setting and say its values, in our own words (the procedural content).

``DEVICES`` maps a setting (API name) to its device family (one setting per family in a group, so
no two settings of a group answer to the same words), the names people use for it, the unit its
numbers are said in, and the switch that turns its device on (for answers that need both calls).
The catalog phrase of ``vmb.maker.generate.settings`` is not among the names: people say "the seat
warmer", not "seat heating level".
"""

from __future__ import annotations

from dataclasses import dataclass
from random import Random
from typing import Any

from vmb.data.spoken_words import END_PHRASES, SPOKEN_VALUES, SWITCH_WORDS
from vmb.maker.generate.settings import Setting, settings


@dataclass(frozen=True)
class Device:
    family: str
    names: tuple[str, ...]
    unit: str  # "level", "percent", "degrees", "position", "word" (enums), "switch" (booleans), "text"
    switch: str | None = None  # the API that turns the device on, for two-call answers
    share: float = 1.0  # relative weight among its module's settings


def _d(family: str, names: str, unit: str, switch: str | None = None, share: float = 1.0) -> Device:
    return Device(family, tuple(n.strip() for n in names.split("|")), unit,
                  f"carcontrol_{switch}" if switch else None, share)


DEVICES: dict[str, Device] = {f"carcontrol_{k}": v for k, v in {
    "HUD_set_brightness_level": _d("hud", "the head-up display|the brightness of the windshield projection|the HUD glow|the projected speed readout", "level", "HUD_switch", 2),
    "HUD_set_height_level": _d("hud-height", "the HUD height|the projection height|where the HUD sits on the glass", "level", None, 1.5),
    "HUD_switch": _d("hud", "the head-up display|the windshield projection", "switch", None, 0.5),
    "centerInformationDisplay_set_auto_brightness": _d("screen-auto", "the screen's light sensor|self-dimming on the main screen", "switch", None, 0.5),
    "centerInformationDisplay_set_brightness": _d("screen", "the big touchscreen|the main screen|the middle display", "percent", None, 2),
    "centerInformationDisplay_set_language": _d("screen-lang", "the touchscreen menus|the main screen's menus", "word", None, 0.7),
    "centerInformationDisplay_set_power": _d("screen", "the big touchscreen|the main screen", "switch", None, 0.3),
    "centerInformationDisplay_set_time_format": _d("screen-clock", "the clock on the touchscreen|the main screen's clock", "word", None, 0.5),
    "instrumentPanel_set_auto_brightness": _d("dash-auto", "the dashboard's self-dimming|automatic dimming behind the wheel", "switch", None, 0.3),
    "instrumentPanel_set_behavior_mode": _d("dash-mode", "the gauge lighting|the way the dash lights behave", "word", None, 0.5),
    "instrumentPanel_set_brightness": _d("dash", "the gauges|the dash cluster|the cluster behind the wheel", "level", None, 2.5),
    "instrumentPanel_set_color": _d("dash-color", "the dash accent|the gauge color|the cluster's tint", "word", None, 1.5),
    "instrumentPanel_set_language": _d("dash-lang", "the gauge cluster text|the dash readouts", "word", None, 0.4),
    "instrumentPanel_set_theme": _d("dash-theme", "the cluster layout|what the dash shows in the middle", "word", None, 1.2),
    "instrumentPanel_set_time_format": _d("dash-clock", "the dash clock|the clock behind the wheel", "word", None, 0.4),
    "rearviewMirror_set_auto_fold_on_lock": _d("mirror-fold", "the folding side mirrors|mirrors tucking in when I lock up", "switch", None, 0.5),
    "rearviewMirror_set_auto_reverse_tilt": _d("mirror-tilt", "the mirrors dipping in reverse|the reverse mirror tilt", "switch", None, 0.6),
    "rearviewMirror_set_heating_enabled": _d("mirror-heat", "the mirror defrosters|the heated side mirrors", "switch", None, 1),
    "rearviewMirror_set_height_position": _d("mirror-height", "the side mirror height|how high the mirrors point", "position", None, 1.2),
    "rearviewMirror_set_horizontal_position": _d("mirror-angle", "the side mirror angle|how far out the mirrors swing", "position", None, 1),
    "rearviewMirror_set_power": _d("mirror-power", "the mirror motors|the power mirrors", "switch", None, 0.2),
    "navigation_navigate_to": _d("route", "the route|directions|the navigation", "text", None, 2.5),
    "navigation_set_map_view": _d("map-view", "the map orientation|how the map is drawn|the map perspective", "word", "navigation_switch", 2.5),
    "navigation_set_map_zoom": _d("map-zoom", "the map zoom|how close the map is zoomed|the map scale", "level", None, 1.2),
    "navigation_set_speed_camera_alert": _d("cameras", "the speed-trap warnings|the camera alerts", "switch", None, 0.8),
    "navigation_set_traffic_display": _d("traffic", "the traffic overlay|the red and green traffic lines", "switch", None, 0.8),
    "navigation_set_voice_mode": _d("nav-voice", "the navigation voice|the lady giving directions|the turn-by-turn voice", "word", "navigation_switch", 2.2),
    "navigation_set_volume": _d("nav-volume", "the directions volume|how loud the guidance talks", "percent", None, 1),
    "navigation_switch": _d("route-power", "the navigation system|the nav unit", "switch", None, 0.3),
    "seat_set_backrest_angle": _d("backrest", "the seat back|my recline|the backrest tilt", "position", None, 1.3),
    "seat_set_cushion_angle": _d("cushion-tilt", "the seat tilt|the cushion angle", "position", None, 0.8),
    "seat_set_cushion_extension": _d("cushion-ext", "the thigh support|the cushion extension", "position", None, 0.8),
    "seat_set_folded": _d("fold", "folding the seat flat|the flat-folded seat", "switch", None, 0.2),
    "seat_set_foot_support_height": _d("foot-rest", "the footrest|the foot support", "position", None, 0.8),
    "seat_set_headrest_height": _d("headrest", "the headrest|the head cushion", "position", None, 1),
    "seat_set_heating_level": _d("seat-heat", "the seat warmer|the heated seat|the bum warmer", "level", "seat_set_heating_mode", 1.3),
    "seat_set_heating_mode": _d("seat-heat", "the seat warmer|the heated seat", "switch", None, 0.4),
    "seat_set_horizontal_position": _d("seat-slide", "how far back the seat slides|the seat track", "position", None, 0.8),
    "seat_set_leg_support_height": _d("leg-rest", "the leg rest|the calf support", "position", None, 1.3),
    "seat_set_massage_level": _d("massage", "the massage strength|the back massager|the massage rollers", "level", "seat_set_massage_mode", 1.8),
    "seat_set_massage_mode": _d("massage", "the seat massage|the back massager", "switch", None, 0.4),
    "seat_set_ventilation_enabled": _d("seat-fan", "the seat cooling|the ventilated seat", "switch", None, 0.4),
    "seat_set_ventilation_speed": _d("seat-fan", "the seat cooling fan|the ventilated seat|the air through the seat", "level", "seat_set_ventilation_enabled", 1.4),
    "seat_set_vertical_position": _d("seat-height", "the seat height|how high I sit", "position", None, 1),
    "radio_play_station": _d("station", "the radio station|the station", "text", None, 1),
    "radio_set_volume": _d("radio-volume", "the radio volume|how loud the radio plays", "percent", "radio_switch", 1),
    "radio_switch": _d("radio", "the radio", "switch", None, 0.4),
    "airConditioner_set_air_direction": _d("vents", "the vents|where the air blows|the airflow", "word", None, 1.6),
    "airConditioner_set_circulation": _d("recirc", "the air intake|recirculation", "word", None, 1.2),
    "airConditioner_set_fan_speed": _d("fan", "the blower|the fan|how hard the air blows", "level", "airConditioner_set_power", 1),
    "airConditioner_set_mode": _d("ac-mode", "the climate program|the climate mode", "word", "airConditioner_set_power", 1.1),
    "airConditioner_set_power": _d("ac", "the air conditioning|the climate system", "switch", None, 0.4),
    "airConditioner_set_temperature": _d("temperature", "the cabin temperature|the thermostat|the climate", "degrees", "airConditioner_set_power", 1.8),
    "footPedal_set_switch": _d("pedal", "the foot pedal|the pedal", "switch", None, 0.3),
    "video_play_video": _d("video-title", "the video|the movie", "text", None, 1),
    "video_set_fullscreen": _d("video-full", "full screen video|the video filling the screen", "switch", None, 0.5),
    "video_set_quality": _d("video-quality", "the video resolution|the streaming quality|the picture quality", "word", "video_switch", 1.6),
    "video_set_scene": _d("video-scene", "playing video behind the map", "word", None, 0.4),
    "video_set_volume": _d("video-volume", "the video sound|how loud videos play", "percent", "video_switch", 1),
    "video_switch": _d("video", "the video player", "switch", None, 0.3),
    "window_set_auto_close_on_lock": _d("window-lock", "the windows closing when I lock|the auto-close windows", "switch", None, 0.7),
    "window_set_child_lock": _d("child-lock", "the child lock on the windows|the kid lock", "switch", None, 1),
    "window_set_open": _d("window", "my window|the window", "switch", None, 0.5),
    "door_set_locked": _d("door-lock", "the door locks|the locks", "switch", None, 0.5),
    "sunshade_set_auto_close_on_lock": _d("shade-lock", "the sunshade closing on lock", "switch", None, 0.5),
    "sunshade_set_open": _d("shade", "the roof shade|the sunshade", "switch", None, 0.5),
    "wiper_set_open": _d("wipers", "the wipers|the wiper blades", "switch", None, 0.5),
    "wiper_set_speed": _d("wiper-speed", "the wiper pace|how fast the wipers sweep", "level", None, 0.7),
    "music_play_song": _d("song", "the song|that track", "text", None, 1),
    "music_set_lyrics_display": _d("lyrics", "the lyrics on screen|the scrolling words", "switch", None, 0.8),
    "music_set_play_mode": _d("play-mode", "the playback order|how the playlist runs|the track order", "word", "music_switch", 1.3),
    "music_set_volume": _d("music-volume", "the music volume|how loud the music is|the stereo", "percent", "music_switch", 1.5),
    "music_switch": _d("music", "the music player|the stereo", "switch", None, 0.3),
    "overheadScreen_set_brightness_level": _d("rear-screen", "the ceiling screen|the fold-down screen in the back", "level", "overheadScreen_switch", 1.5),
    "overheadScreen_set_language": _d("rear-lang", "the back screen's menus|the ceiling screen text", "word", None, 0.5),
    "overheadScreen_set_time_format": _d("rear-clock", "the clock on the ceiling screen", "word", None, 0.3),
    "overheadScreen_switch": _d("rear-screen", "the ceiling screen|the fold-down screen", "switch", None, 0.3),
    "steeringWheel_set_heating_enabled": _d("wheel-heat", "the wheel warmer|the heated steering wheel", "switch", None, 1),
    "steeringWheel_set_heating_level": _d("wheel-heat", "the wheel warmer|the heated rim|the wheel warmer setting", "level", "steeringWheel_set_heating_enabled", 2),
    "steeringWheel_set_view_display_enabled": _d("wheel-screen", "the little screen on the wheel|the wheel display", "switch", None, 0.5),
    "light_set_ambient_color": _d("ambient", "the mood lighting color|the cabin glow|the color of the interior lights", "word", "light_set_ambient_enabled", 3.5),
    "light_set_ambient_enabled": _d("ambient", "the mood lighting|the cabin glow", "switch", None, 0.4),
    "light_set_auto_headlight": _d("auto-lights", "the automatic headlights|the light sensor for the headlights", "switch", None, 0.5),
    "light_set_daytime_running": _d("drl", "the daytime running lights|the DRLs", "switch", None, 0.5),
    "light_set_fog_light": _d("fog", "the fog lamps|the foglights", "switch", None, 0.6),
    "light_set_low_beam_enabled": _d("beams", "the dipped headlights|the low beams", "switch", None, 0.3),
    "light_set_low_beam_level": _d("beam-level", "the dipped beam brightness|how strong the dipped beams are", "word", None, 0.5),
    "light_set_position": _d("parking-lights", "the parking lights|the side lights", "switch", None, 0.3),
    "light_set_reading_light": _d("reading", "the reading lamp|the map light", "switch", None, 0.5),
    "light_set_reading_light_brightness": _d("reading", "the reading lamp|the map light|the little overhead lamp", "level", "light_set_reading_light", 1.5),
    "light_set_tail": _d("tail", "the tail lights|the rear lights", "switch", None, 0.3),
}.items()}

# Shares of the modules among the queries' first calls (the paper's Table 4 where it prints one).
MODULE_SHARES: dict[str, float] = {
    "navigation": 19.2, "seat": 17.0, "light": 12.8, "airConditioner": 12.8, "instrumentPanel": 8.4, "music": 8.2,
    "HUD": 5.5, "centerInformationDisplay": 4.0, "rearviewMirror": 4.0, "steeringWheel": 4.0, "video": 4.0,
    "overheadScreen": 2.2, "window": 1.8, "radio": 1.8, "sunshade": 0.3, "wiper": 0.5, "door": 0.2, "footPedal": 0.2,
}
UNIT_WORDS = {"level": ("level {v}", "{v}", "setting {v}", "notch {v}"), "percent": ("{v} percent", "{v}", "{v} out of a hundred"),
              "degrees": ("{v} degrees", "{v}", "{v} on the dial"), "position": ("{v}", "position {v}", "{v} on the scale")}
# How far people move a value in one go, by unit: a degree or three, a notch or two, five or ten
# points of a percentage or a 0-100 position ("ten degrees warmer" is nobody's correction).
STEPS = {"degrees": (1, 2, 3), "level": (1, 2), "percent": (5, 10), "position": (5, 10)}


# How a narrator names a setting, in the simulator's own words (the catalog phrase where it reads well).
PLAIN: dict[str, str] = {f"carcontrol_{k}": v for k, v in {
    "HUD_set_height_level": "HUD height", "centerInformationDisplay_set_auto_brightness": "center display auto-brightness",
    "centerInformationDisplay_set_language": "center display language",
    "centerInformationDisplay_set_time_format": "center display time format",
    "instrumentPanel_set_auto_brightness": "instrument panel auto-brightness",
    "instrumentPanel_set_behavior_mode": "instrument panel lighting mode", "instrumentPanel_set_brightness": "instrument panel brightness",
    "instrumentPanel_set_color": "instrument panel color", "instrumentPanel_set_language": "instrument panel language",
    "instrumentPanel_set_time_format": "instrument panel time format",
    "rearviewMirror_set_auto_fold_on_lock": "mirror auto-fold", "rearviewMirror_set_auto_reverse_tilt": "mirror reverse tilt",
    "rearviewMirror_set_height_position": "mirror height", "rearviewMirror_set_horizontal_position": "mirror position",
    "rearviewMirror_set_power": "mirrors", "navigation_navigate_to": "navigation destination",
    "navigation_set_map_zoom": "map zoom", "navigation_set_voice_mode": "navigation voice mode",
    "navigation_set_volume": "navigation volume", "seat_set_backrest_angle": "backrest angle",
    "seat_set_cushion_angle": "seat cushion angle", "seat_set_cushion_extension": "seat cushion extension",
    "seat_set_folded": "seat folding", "seat_set_foot_support_height": "foot support height",
    "seat_set_headrest_height": "headrest height", "seat_set_horizontal_position": "seat position",
    "seat_set_leg_support_height": "leg support height", "seat_set_massage_level": "seat massage level",
    "seat_set_ventilation_speed": "seat ventilation speed", "seat_set_vertical_position": "seat height",
    "radio_play_station": "radio station", "airConditioner_set_air_direction": "air direction",
    "airConditioner_set_circulation": "air circulation", "airConditioner_set_mode": "AC mode",
    "airConditioner_set_power": "air conditioning", "airConditioner_set_temperature": "AC temperature",
    "footPedal_set_switch": "foot pedal", "video_play_video": "video", "video_set_fullscreen": "video fullscreen",
    "video_set_quality": "video quality", "video_set_scene": "video scene", "window_set_auto_close_on_lock": "window auto-close",
    "window_set_child_lock": "window child lock", "window_set_open": "window", "door_set_locked": "door locks",
    "sunshade_set_auto_close_on_lock": "sunshade auto-close", "sunshade_set_open": "sunshade", "wiper_set_open": "wipers",
    "wiper_set_speed": "wiper speed", "music_play_song": "song", "music_set_lyrics_display": "lyrics display",
    "music_set_play_mode": "music play mode", "overheadScreen_set_brightness_level": "overhead screen brightness",
    "overheadScreen_set_language": "overhead screen language", "overheadScreen_set_time_format": "overhead screen time format",
    "steeringWheel_set_view_display_enabled": "steering wheel display", "light_set_ambient_color": "ambient light color",
    "light_set_ambient_enabled": "ambient light", "light_set_reading_light": "reading light",
    "light_set_reading_light_brightness": "reading light brightness",
}.items()}


# What a device plays or where it goes, by module: the free-text API a request may name now beside a
# remembered setting of the same device ("Take me to the harbor, with the map the way I like it").
CONTENT = {"music": "carcontrol_music_play_song", "video": "carcontrol_video_play_video",
           "navigation": "carcontrol_navigation_navigate_to", "radio": "carcontrol_radio_play_station"}


def content_of(api: str) -> str | None:
    """The content API a request may name beside setting ``api`` (a song beside the music volume), if
    its device has one; none for free text itself or a switch (playing a song switches the music on)."""
    setting = settings()[api]
    switches = {d.switch for d in DEVICES.values()}
    if setting.kind == "text" or api in switches:
        return None
    return CONTENT.get(setting.module)


def plain(api: str) -> str:
    return PLAIN.get(api) or settings()[api].phrase


def value_noun(api: str) -> str:
    """What a setting's value is called ("color", "brightness", "volume"): the last word of its plain name,
    as in "his favorite color"."""
    return plain(api).split()[-1]


def device(api: str) -> Device:
    return DEVICES[api]


def usable() -> dict[str, Setting]:
    """The settings the procedural content can talk about (every declared one it has words for)."""
    return {api: s for api, s in settings().items() if api in DEVICES}


def families() -> dict[str, list[str]]:
    """Device family → its usable settings (a group talks about at most one setting of each)."""
    found: dict[str, list[str]] = {}
    for api in usable():
        found.setdefault(DEVICES[api].family, []).append(api)
    return found


def name(api: str, rng: Random) -> str:
    return rng.choice(DEVICES[api].names)


def literal(api: str, value: Any, rng: Random) -> str:
    """The value said so that :func:`vmb.data.spoken.says_value` finds it (a number, a word, a name, an
    enum value as people say it)."""
    unit = DEVICES[api].unit
    if isinstance(value, bool):
        return SWITCH_WORDS.get(api, ("on", "off"))[0 if value else 1]
    if unit in UNIT_WORDS:
        return rng.choice(UNIT_WORDS[unit]).format(v=value)
    if str(value) in SPOKEN_VALUES:
        return rng.choice(SPOKEN_VALUES[str(value)])
    return str(value).replace("_", " ")


def extreme(setting: Setting, value: Any) -> str | None:
    """An indirect way to say an integer value at the end of its range, if it is one."""
    if setting.kind != "int":
        return None
    low, high = min(setting.domain), max(setting.domain)
    if value in (low, high):
        return END_PHRASES["max" if value == high else "min"][0]
    return None
