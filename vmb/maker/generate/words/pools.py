"""The curated pools of a procedural persona, in our own words: education, interests and lifestyle (Faker
gives the names, ages and jobs; ``personas.py`` draws from both)."""

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
