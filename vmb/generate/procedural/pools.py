"""Curated word pools and sentence templates of the procedural backend, in our own words.

Templates use ``str.format`` slots: ``{setting}`` (a setting's spoken name), ``{value}``,
``{name}`` (a first name), ``{topic}``, ``{place}``, ``{thing}``, ``{when}``, ``{alias}``.
Vehicle templates always name the setting and say the value; filler never mentions the car's
settings, so the only vehicle values in a history are the ones its chains put there.
"""

from __future__ import annotations

EDUCATION = (
    "high school diploma", "associate degree", "bachelor's degree in history", "bachelor's degree in biology",
    "bachelor's degree in engineering", "master's degree in education", "master's degree in finance",
    "trade school certificate", "nursing degree", "PhD in chemistry", "law degree", "art school diploma",
)
INTERESTS = (
    "gardening", "jazz records", "trail running", "pottery", "birdwatching", "chess", "baking bread",
    "woodworking", "film photography", "cycling", "local history", "board games", "sailing", "yoga",
    "astronomy", "knitting", "fishing", "podcasts about economics", "vintage cameras", "rock climbing",
    "cooking Thai food", "classical piano", "comic books", "hiking", "volunteering at the food bank",
    "learning Spanish", "crossword puzzles", "restoring furniture", "community theater", "beekeeping",
)
LIFESTYLES = (
    "early riser who plans every day", "night owl who works late", "busy parent juggling school runs",
    "weekend adventurer", "homebody who enjoys quiet evenings", "frequent business traveler",
    "health-conscious and active", "relaxed and spontaneous", "careful budgeter", "social butterfly",
)
# Conditions: key → (clause in a preference, scene sentence in a query).
CONDITIONS: dict[str, tuple[str, str]] = {
    "rain": ("when it's raining", "Rain was drumming on the roof."),
    "night": ("when driving at night", "It was already dark outside."),
    "kids": ("when the kids are in the car", "The kids were buckled in the back."),
    "highway": ("on long highway drives", "They were heading out on a long highway trip."),
    "morning": ("on early morning drives", "It was barely past sunrise."),
    "hot": ("on hot afternoons", "It was a scorching afternoon."),
    "cold": ("on freezing mornings", "Frost covered the windshield that morning."),
    "alone": ("when driving alone", "Nobody else was in the car."),
    "guests": ("when there are guests in the car", "They were giving two visiting friends a ride."),
    "city": ("in slow city traffic", "They were crawling through downtown traffic."),
}
# Pairs of conditions that cannot hold at once, so a conditional chain's two cases never overlap.
CONDITION_PAIRS = (
    ("rain", "hot"), ("night", "morning"), ("kids", "alone"), ("night", "cold"), ("highway", "city"), ("cold", "hot"),
    ("guests", "alone"), ("night", "hot"), ("morning", "highway"),
)
ALIASES = (
    "forest mode", "sunset setup", "library setting", "storm mode", "lazy Sunday setting", "focus mode",
    "night-owl setup", "road-trip special", "cabin vibe", "zen setting", "marathon mode", "cozy setup",
    "airport run setting", "rainy-day special", "concert mode", "morning-coffee setup",
)
PURPOSES = (
    "to go to work", "to pick up groceries", "for a dentist appointment", "to visit a friend",
    "to the gym", "for a weekend trip", "to the airport", "to a family dinner", "to the hardware store",
    "to a concert", "to the library", "to a job interview", "to the farmers' market",
)
PLACES = (
    "on the way to work", "driving home from the market", "on the way to the gym", "on the drive to the coast",
    "while running errands downtown", "on the way back from dinner", "on a trip to the garden center",
    "driving to a friend's birthday party", "on the school run", "on the way to the airport",
)

# Vehicle utterances.
STATE = (
    "I like the {setting} at {value}, that's just right for me.",
    "Let me put the {setting} on {value}. Much better.",
    "For me the {setting} has to be {value}, nothing else feels right.",
    "Could you set the {setting} to {value}? That's how I like it.",
    "There, {setting} at {value}. That's my setting.",
)
CONFLICT = (
    "Honestly, I prefer the {setting} at {value}. The other way doesn't work for me.",
    "No offense, but the {setting} should be {value} when I'm in here.",
    "I always switch the {setting} to {value}, it's what I'm used to.",
    "Mind if I change the {setting} to {value}? I can't stand it otherwise.",
)
CONDITIONAL = (
    "{when_cap}, I want the {setting} at {value}.",
    "Just so you know, {when} the {setting} needs to be {value} for me.",
    "I've learned that {when} I like the {setting} on {value}.",
)
ALIAS = (
    "The {setting} at {value}, that's what I call my '{alias}'.",
    "Let's set the {setting} to {value}. From now on that's my '{alias}'.",
    "{value} on the {setting}: my '{alias}'. Remember that one.",
)
ALIAS_AGAIN = (
    "Could we do my '{alias}' again today?",
    "I'm in the mood for my '{alias}'.",
    "Time for the '{alias}', I think.",
)
SHIFT = (
    "Actually, I've changed my mind about the {setting}. {value} suits me better now.",
    "These days I want the {setting} at {value} instead.",
    "You know what, from now on the {setting} goes on {value} for me.",
)
WRONG = (
    "Set the {setting} to {value} for me, please.",
    "Put the {setting} on {value}, would you?",
)
CORRECTION = (
    "Wait, earlier I said {wrong} for the {setting}. I meant {value}, sorry.",
    "Correction on the {setting}: not {wrong}, I meant {value}.",
    "No, I got that wrong last time. The {setting} should be {value}, not {wrong}.",
)
ACK = (
    "Sure, noted.", "Okay, I'll remember that.", "Fair enough.", "Got it.", "If that's what you like.",
    "Makes sense to me.", "Alright, done.", "Sounds good.", "Huh, I'd never have picked that, but okay.",
)

# Background chain stages: (opening, progress, outcome), each about ``{topic}``.
BACKGROUND = (
    ("I've decided to get serious about {topic}.", "I spent the whole weekend on {topic} again.",
     "All that {topic} is paying off, I'm really proud of it."),
    ("A friend talked me into a class on {topic}.", "The {topic} class was tougher this week.",
     "I finished the {topic} course today, certificate and all."),
    ("I'm planning a small project around {topic}.", "The {topic} project hit a snag at {place}.",
     "The {topic} project is finally done."),
    ("I signed up for a {topic} meetup in {place}.", "Met some great people at the {topic} meetup.",
     "I'm now helping organize the {topic} meetup."),
)
BACKGROUND_REPLY = (
    "That's great, tell me more.", "Good for you!", "How did that go?", "I had no idea you were into that.",
    "Keep us posted.", "Sounds like a lot of work.", "I'd love to see it sometime.",
)

# Filler talk: a few lines about one topic between two people.
OPENERS = (
    "Did you hear anything back from {company}?", "I was thinking about {topic} again last night.",
    "Have you ever been to {place}?", "{name} called me this morning.", "What are you up to this weekend?",
    "I read something interesting about {topic}.", "The traffic near {place} was terrible yesterday.",
    "I need a break from work, honestly.", "I've been meaning to ask you about {topic}.",
    "Guess who I ran into at {place}?", "Do you still keep up with {topic}?",
    "My sister wants to visit {place} next month.", "I finally finished that book about {topic}.",
)
RESPONSES = (
    "Not yet, but I'm hopeful.", "Oh really? What about it?", "Only once, years ago.", "How is {name} doing?",
    "Nothing much planned, maybe some {topic}.", "Tell me more.", "That doesn't surprise me.",
    "Same here, it's been a long week.", "Sure, what do you want to know?", "No idea, who?",
    "Now and then, less than I'd like.", "That sounds like a fun trip.", "Was it any good?",
)
FOLLOWUPS = (
    "I'll let you know how it turns out.", "It reminded me of that time at {place}.",
    "{name} says hello, by the way.", "We should do something about {topic} together.",
    "I keep putting it off, to be honest.", "Anyway, enough about me.", "It's been on my mind a lot.",
    "Maybe next month, when things calm down.", "I think you'd enjoy it.", "Let's see how it goes.",
    "The people at {company} were very helpful.", "I'm not sure it was worth it.",
)
CLOSERS = (
    "Good to know.", "Ha, fair.", "Let me know.", "Definitely.", "I'll think about it.", "Sounds good.",
    "True.", "Same.", "Interesting.", "Right.", "Oh, nice.", "Makes sense.",
)
