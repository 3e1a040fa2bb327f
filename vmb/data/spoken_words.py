"""The words values are said in: the tables :mod:`vmb.data.spoken` reads by and the generator's wording
says them from (data only)."""

from __future__ import annotations

# How people say a value at an end of its range without the number: the one list both the
# procedural wording and the vetting use.
END_PHRASES = {"max": ("all the way up", "as high as it goes", "maxed out"),
               "min": ("all the way down", "as low as it goes")}
# How people say the values whose API spelling nobody speaks ("feet_window", "12h"), the plainest
# first: the one table the wording says them from and every reader (the vetting, the shortcut
# baselines, the audit) hears them by, as whole words. Only phrases rare in plain talk: "in order"
# ("in order to") or "scenic" ("the scenic route") would be heard in any long history.
SPOKEN_VALUES: dict[str, tuple[str, ...]] = {
    "face_feet": ("face and feet", "face and footwell"), "face_window": ("face and windshield", "face and the glass"),
    "feet_window": ("feet and windshield", "the footwell and the windshield"),
    "face_feet_window": ("face, feet and windshield", "face, feet and glass"),
    "window": ("the windshield", "windshield"), "12h": ("twelve-hour", "12-hour", "AM and PM"),
    "24h": ("twenty-four-hour", "24-hour", "military time"), "2d": ("flat 2D", "2D", "flat map"), "3d": ("3D",),
    "single_loop": ("one song on repeat", "repeat one", "one track on repeat", "loop one"),
    "list_loop": ("the whole list on repeat", "repeat all", "the entire playlist on repeat", "loop the list"),
    "sequential": ("straight through the list", "in list order"),
    "heading_up": ("heading up", "the direction I'm facing on top", "direction of travel"),
    "north_up": ("north up", "north at the top", "north on top"), "constant": ("steady light", "constant"),
    "blink": ("blinking", "flashing"), "foreground": ("in the foreground", "front and center"),
    "background": ("in the background", "behind everything"),
    "scene": ("the scenic look", "the scenery display"), "map": ("the map look", "the map display")}
# Values said only by a description that picks them out of their setting's values by meaning ("the
# climate program cleaning the pollen out of the air" is purify), the release's implicit answers
# (its "keep it quiet" for a mute voice): the wording states an answer this way where its plan says
# so (``Recipe.described``) and the vetting hears it; the literal readers (the shortcut baselines,
# the audit's stated values) do not. No phrase says a word of any member of a setting that has
# the value (tests/generate/test_described.py), so none reads as another value.
DESCRIBED_VALUES: dict[str, tuple[str, ...]] = {
    "red": ("glowing like hot embers", "in the shade of ripe cherries"),
    "orange": ("in the shade of a pumpkin", "glowing like a tangerine"),
    "yellow": ("in the shade of sunflowers", "the color of egg yolk"),
    "green": ("in the shade of pine needles", "the color of fresh grass"),
    "cyan": ("in turquoise", "the shade of a turquoise stone"),
    "blue": ("in the shade of deep sea water", "in navy"),
    "purple": ("in the shade of ripe plums", "in violet"),
    "white": ("in the shade of fresh snow", "as plain as a sheet of paper"),
    "pink": ("in a candy-floss shade", "the shade of bubblegum"),
    "black": ("the color of coal", "with no color in it at all"),
    "English": ("in the language they speak in London", "in the language of Shakespeare"),
    "Chinese": ("in the language they speak in Beijing", "in Mandarin characters"),
    "12h": ("starting the hours over after noon", "with the hours going only up to twelve"),
    "24h": ("running the hours on past noon, the way timetables do", "counting the hours right through the day"),
    "constant": ("never flickering", "lit evenly the whole time"),
    "blink": ("pulsing like a heartbeat", "flickering to catch my eye"),
    "scene": ("showing a landscape picture", "with a pretty picture in the middle"),
    "lowest": ("at the dimmest it has",), "highest": ("at the strongest it has",),
    "shuffle": ("in a random order every time", "jumbled up"),
    "single_loop": ("repeating the same track over and over", "stuck on one song"),
    "list_loop": ("starting the playlist over once it ends", "going round the playlist again and again"),
    "2d": ("flat like a paper road atlas", "drawn flat from straight above"),
    "3d": ("with the buildings standing up in it", "with everything drawn in depth"),
    "heading_up": ("turning with the car as it goes", "pointing wherever the car points"),
    "north_up": ("fixed like a wall chart, whichever way we drive", "never turning with the car"),
    "mute": ("with no voice at all", "keeping quiet the whole way"),
    "detailed": ("talking every turn through in full", "explaining each junction at length"),
    "purify": ("cleaning the pollen and dust out of the air", "filtering the air clean"),
    "dehumidify": ("drying the damp out of the air", "pulling the moisture out"),
    "defrost": ("melting the ice off the glass", "thawing the frost away"),
    "defog": ("clearing the mist off the glass", "wiping away the condensation"),
    "swing": ("sweeping the vents from side to side", "waving the air back and forth"),
    "1080p": ("at the sharpest picture it can stream",), "270p": ("at the grainiest picture it has",),
    "background": ("tucked away behind the map",)}
# Everyday words for one word of a compound value ("window" of "feet_window" is the windshield to a
# driver): "footwell and windshield" says ``feet_window`` too.
SPOKEN_PARTS: dict[str, tuple[str, ...]] = {"window": ("windshield", "windscreen"), "feet": ("footwell", "footwells")}
# How a switch that opens, locks or folds something is said, true then false ("my window open", not
# "my window on"); every other switch is on or off. ``vmb.data.spoken.says_value`` hears these words.
SWITCH_WORDS: dict[str, tuple[str, str]] = {f"carcontrol_{k}": v for k, v in {
    "window_set_open": ("open", "closed"), "sunshade_set_open": ("open", "closed"),
    "door_set_locked": ("locked", "unlocked"), "seat_set_folded": ("folded", "upright"),
}.items()}
# Number words as people say small numbers: a reader hears zero to twelve as numbers, the wording counts
# steps with zero to ten ("two notches lower").
NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")
COUNT_WORDS = NUMBER_WORDS[:11]
