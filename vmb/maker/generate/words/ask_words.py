"""Word banks of the requests a procedural query makes, in our own words: pure data and the rates
they are drawn at; ``asks.py`` holds the builders that pick them by recipe variant.

Frames are written with slots filled by ``asks.request`` ({dev}: the device, "the seat warmer";
{bare}: without "the"; {who}, {when}, {step}, {noun}, ...).
"""

from __future__ import annotations

# {dev} is the device ("the seat warmer"), {bare} without "the".
# The asker's own value as a habit of long standing ("my usual"): mostly asked for a value they set
# before anyone else set theirs (``_own``).
HABIT_WAY = ("{dev_cap}, my usual, please.", "Set {dev} how I normally have it.", "I want {dev} like always.",
             "Set {dev} to what I'd normally want.", "The usual for {dev}.", "{dev_cap}, the way I always have it.",
             "{dev_cap} the normal way, please.", "Go back to my standard {bare}.", "Back to my usual {bare}, please.",
             "{dev_cap} as I usually have it.", "My regular {bare}, please.", "{dev_cap} the way I've always had it.")
MINE = ("Put {dev} back the way I like it.", "Do {dev} my way, would you?", "{dev_cap} please, you know how I like it.",
        "Who touched {dev}? Put it back.", "Something's not right with {dev}. Make it mine.", "Set {dev} to my setting.",
        "My {bare}, please.", "Restore my {bare}.", "{dev_cap} to where I like it.", "Back to my {bare}, please.",
        "Can you put {dev} how I like it?", "I'd like my {bare} as it was.", "Make {dev} feel like mine.",
        "Let's have {dev} my way.", "Could you do my {bare}?", "{dev_cap} the way that suits me.",
        "Reset {dev} to my familiar setting.", "Set {dev} to the one I like.",
        "{dev_cap} how I like it, please.")
MY_WAY = HABIT_WAY + MINE
GENERIC = ("Sort out {dev} for me.", "{dev_cap}, please.", "Can you set {dev}?", "Do {dev} the way it should be.",
           "Time to fix {dev}.", "Get {dev} right for me, would you?", "Time to change {dev}.",
           "Set {dev} for me, please.", "Handle {dev}, thanks.", "Could you adjust {dev}?", "{dev_cap}. You know what to do.",
           "Let's get {dev} sorted before we go.", "Mind fixing {dev}?", "{dev_cap} again, please.", "Fix {dev}, would you?",
           "Adjust {dev} for me.", "You know what I want from {dev}.", "Can you deal with {dev}?", "{dev_cap} for this, please.",
           "Set up {dev}, thanks.", "{dev_cap}, like I want it.", "Take care of {dev}.")
# The value of an earlier time: {when} is "last time" or an occasion.
EARLIER = ("{dev_cap} the way I had it {when}.", "Set {dev} like {when}.", "Put {dev} where I had it {when}.",
           "The same {bare} as {when}, please.", "{dev_cap} like I had it {when}, please.", "Go back to my {bare} from {when}.")
EARLIER_STEP = ("{dev_cap} the way I had it {when}, but {step}.", "The same {bare} as {when}, only {step}.",
                "Set {dev} like {when}, just {step}.", "{dev_cap} like {when}, then {step}.",
                # by what the value is alone, as the release's often are ("Set the volume to what I
                # settled on last time, but turn it down by 5"): a reader must know which device
                "The {noun} I had {when}, but {step}.", "The same {noun} as {when}, just {step}.")
# The value of a rule whose condition the scene implies, with a step ("for this, one level brighter").
RULE_STEP = ("{dev_cap} the way I have it for this, but {step}.", "Set {dev} like I do at times like this, only {step}.",
             "{dev_cap} as I always have it in this situation, then {step}.", "The same {bare} as I use for this, just {step}.",
             "My {bare} for days like this, but {step}, please.", "{dev_cap} like I set it for this kind of drive, {step}.")
# The asker's value asked back from someone who changed it since ({who}): the correction is the query's.
RESTORE = ("{who} changed {dev}. Put it back the way I had it.", "Who moved {dev}? Set it back to mine.",
           "I didn't leave {dev} like this, {who} drove last. Back to mine, please.",
           "{who} has been at {dev} again. My setting, please.", "Put {dev} back where I had it before {who} touched it.")
# A corrected value asked for with its device switched on, as a third of the release's correction
# requests are ("Turn on the massage to the setting I decided was best last time"): every setter
# here switches its device on, so the answer needs no more than the value (and may add the switch).
TURN_ON = ("Turn on {dev}.", "Turn on {dev}, please.", "Switch on {dev} for me.", "Put {dev} on for me.",
           "Turn on {dev} the way I like it.", "Switch {dev} on, my usual, please.", "Turn {dev} on how I normally have it.",
           "Turn on {dev} to my setting.", "Turn on {dev} to the {noun} I settled on {when}.",
           "Can you turn on {dev}? The {noun} I ended up with {when}.", "Switch on {dev}, like I had it {when}.")
TURN_ON_STEP = ("Turn on {dev} the way I had it {when}, but {step}.", "{dev_cap} on like {when}, just {step}.",
                "Switch on {dev} as I fixed it {when}, only {step}.", "Turn {dev} on, the {noun} from {when}, only {step}.")
TURN_ON_WHEN = ("last time", "the other day", "before", "that time", "the last time")
TURN_ON_USE = 0.5
SETTLED = ("last time", "when I got it right", "after I fixed it", "the other day", "on that drive when I fixed it")
USUAL_TIMES = ("most days", "on an ordinary day", "normally", "any other week", "before all this",
               "the rest of the year")  # the usual value a step is asked from
OTHER_PERSON = ("Set {dev} the way {who} has it.", "Do {dev} like {who} does.", "Give me {who}'s {bare}.",
                "{dev_cap} the way {who} always wants it, please.", "{who}'s {bare}, please.", "Set {dev} how {who} likes it.",
                "Put {dev} the way {who} had it.", "Can you do {dev} like {who}'s?",
                "{who}'s favorite {noun} for {dev}, please.")
NOT_THEIRS = ("{dev_cap} my way, not {who}'s.", "Set {dev} how I like it, not how {who} has it.",
              "Not {who}'s {bare}, mine, please.", "{dev_cap}: mine, not the way {who} does it.")
WITH_ME = (" {pron_cap}'s with me.", " {pron_cap}'s riding along.", " {pron_cap}'s in the car.", "")
RELATION = ("{pron_cap}'s getting restless, set {dev} to {poss} favorite {noun}.", "{dev_cap} for my {rel}, please.",
            "Make {dev} the {noun} {pron} loves.", "Set {dev} to {poss} favorite {noun}.")
# A value someone gave a name to, asked for by who named it, never by the name.
NAMED_MINE = ("Set {dev} to the {noun} I named.", "{dev_cap}: the one with my pet name, please.",
              "Put {dev} on the {noun} I nicknamed.", "I want {dev} on the {noun} I gave a nickname.",
              "The {noun} I christened, for {dev}, please.", "{dev_cap} on what I call my own {noun}, please.",
              "{dev_cap} the way I dubbed it, please.", "Give me {dev} the way I nicknamed it.")
NAMED_BY = ("Set {dev} to the {noun} {who} named.", "{dev_cap} on the one {who} nicknamed, please.",
            "Put {dev} on {who}'s pet-name {noun}.", "The {noun} {who} christened, for {dev}, please.",
            "{dev_cap} the way {who} dubbed it.")
DRIVER_DECIDES = ("Your drive, your call on {dev}.", "You're driving, so set {dev} however you like.",
                  "Don't mind me, set {dev} your way.", "Set {dev} yourself, it's your drive.",
                  "Do {dev} however you want, it's your car today.", "Whatever suits you for {dev}.",
                  "Set {dev} the way you like it, I don't mind.", "{dev_cap}: up to you.", "Set {dev} to suit yourself.")
# A state's end or return said before the request ({said}: the state's query-side words).
STATE_LEADS = ("{said_cap}, so", "{said_cap}.", "Well, {said}.", "{said_cap}, by the way.", "Good news: {said}.",
               "Oh, {said}.", "You know what? {said_cap}.")
# Small talk before a request of any type, now and then: news that changes no setting.
CHATTER = ("Good news: the house sale went through.", "My brother paid me back at last.", "Busy week again, so",
           "I'm always in a rush these days.", "Right, here we go again.", "My sister had her baby, by the way.",
           "Good news, I got the job.", "So, off we go.", "Long day, so", "What a week.")
CHATTER_USE = 0.18
# A complaint before any request, now and then.
GRUMBLES = ("Ugh.", "Ugh, this isn't right.", "Well, this won't do.", "Hmm.", "Okay.", "Right.", "Oh dear.")
SWITCH_ON = (" It's off right now, so turn it on as well.", " Switch it on first, it's off.", " It's switched off, so turn it on.",
             " Turn it on too.", " It isn't even on yet.", " And switch it on, it's off.", " It's off at the moment.")
# How often a request says its state's end when an entry said it already, and how often a request
# of another variant mentions the end of a state its asker spoke of in the chain's history.
STATE_LEAD_USE, ASIDE_USE = 0.3, 0.9
# How often a request whose answer must also switch the device on says it is off: the release's
# requests say so in 7 of its 39 such answers; always saying it gives the second call away.
SWITCH_SAID_USE = 0.2
# What a request names to play or where to go now ({v}), beside the remembered setting (``Recipe.content``).
CONTENT_ASKS = {
    "carcontrol_music_play_song": ("Put on {v}.", "Play {v} for me.", "I want to hear {v}.", "Let's have {v} on.",
                                   "Can you play {v}?"),
    "carcontrol_video_play_video": ("Put on {v}.", "Play {v} on the screen.", "I want to watch {v}.",
                                    "Let's watch {v}.", "Can you start {v}?"),
    "carcontrol_navigation_navigate_to": ("Take me to {v}.", "We're going to {v}.", "Set a course for {v}.",
                                          "Head for {v}, please.", "Can you get us to {v}?"),
    "carcontrol_radio_play_station": ("Tune in to {v}.", "Put {v} on.", "Let's have {v} on.", "Find {v} for me."),
}
# How often a preference conflict's asker asks for "my usual" when their value came first, and when it did not.
HABIT_FIRST, HABIT_LATER = 0.4, 0.12
# How often a request names the device by the everyday name its asker gave it where they said the
# value that answers (the release's deciding entries share more of the query's words than its other
# entries do: 2.2 words besides names, against 1.55, on its two-entry preference conflicts).
OWN_NAME_USE = 0.5
