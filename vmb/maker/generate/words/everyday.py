"""Everyday talk of a group's life, in our own words: why people did things (said plainly, as a cause:
"because the frost came early", "so that Kim could sleep"), the drive itself (roads, hold-ups, errands
on the way, parking) and the small news of a household. Pure data; ``talk_frames.py`` holds the
frames that say them and ``vmb.maker.generate.procedural.talk`` the grammar that fills both.

A cause is a clause without its conjunction ("the shop closed early"): a frame says "because",
"since", "so" or "after" before it. Slots are those of ``talk.Talk._slot``.
"""

from __future__ import annotations

# Why something was done or went as it did: causes any topic may have (its things and places filled in).
CAUSES = (
    "the {thing2} was {qual} again", "{name} needed the {object} back by {weekday}", "the {weather} was on its way",
    "my {rel} asked for it", "the {place} was shutting early", "I only had {dur} to spare",
    "{name} kept asking about it", "the {event} is {later}", "I'd promised {name} weeks ago",
    "the old {thing2} finally gave up", "it was half the price at the {place}", "nobody else had the time",
    "the {animal} kept getting into it", "{name} reckoned it would save {amount}", "the first go came out {qual}",
    "I wanted it done before the {event}", "the kids were at {name}'s for the day",
    "my {rel} is coming to stay {later}", "the {work_thing} at work ate all my evenings",
    "the instructions were plain wrong", "the {place} had sold out by noon", "{name} lent me the proper tools",
    "the mornings are calmer", "it poured all {weekday}", "I was up early anyway",
    "the neighbors had complained twice", "the bill came to {amount}", "it has been on my list since {month}",
    "{name} talked me into it", "I hate wasting good {food}", "the forecast promised {weather} for {later}",
    "the landlord wants it sorted before the inspection", "my knee was giving me grief", "the bus never came",
    "the guarantee runs out in {month}", "{name_full} recommended it", "I found a cheaper way to do it",
    "the spare key was at {name}'s", "the delivery turned up a day late", "the baby was finally asleep",
    "nobody could agree on a date", "the {place} in {city} closed down", "we'd run out of {food}",
    "{name} was off sick", "I'd misread the date", "the parking was impossible",
    "the boiler packed up for {dur}", "I'd left it far too late", "{name}'s {rel} needed a hand",
    "the whole street was out for the {event}", "the {thing2} had a crack nobody noticed",
    "it was my turn", "the school sent a note home", "my phone died halfway through",
    "the {company} people changed their minds", "the weekend was the only free slot",
    "I'd been putting it off for {dur}", "{name} bet me {amount} I wouldn't", "the dog needed a long walk first",
)
# What something was done for: "to {purpose}".
PURPOSES = (
    "save a bit of money", "keep {name} happy", "get ahead before the {event}", "free up the spare room",
    "have something to show {name}", "make the {thing2} last another year", "stop the {animal} chewing it",
    "clear my head", "give {name} a break", "beat the {weather}", "get it off my list", "cheer up my {rel}",
    "be ready by {weekday}", "have it done before {month}", "learn how it works", "prove {name} wrong",
    "use up the {food}", "make room for the {object}", "see if it was worth the fuss", "surprise {name}",
)
# The drive itself: roads, what holds a drive up, errands on the way, where to leave the car.
ROADS = (
    "the ring road", "the bypass", "the high street", "the coast road", "the old mill road", "the motorway",
    "the river bridge", "the underpass", "the back lanes", "the hospital road", "the toll road", "the dual carriageway",
    "the station approach", "the school lane", "the quarry road", "the harbor road", "the industrial estate road",
    "the hill road past the reservoir", "the avenue by the park", "the road out past the golf course",
)
HOLDUPS = (
    "roadworks", "a broken-down lorry", "a burst water main", "the market", "a funeral procession", "the half marathon",
    "a fallen tree", "a fender bender", "a police checkpoint", "the level crossing", "flooding by the ford",
    "a school crossing", "a lane closure", "a parade", "sheep on the road", "a crane delivery", "a resurfacing crew",
    "the football crowd", "a jackknifed trailer", "a bin lorry", "a diversion nobody signposted", "a protest march",
)
ERRAND_ITEMS = (
    "milk", "the dry cleaning", "stamps", "a birthday card", "dog food", "batteries", "the prescription", "bin bags",
    "bread", "a parcel from the depot", "eggs", "the school forms", "birdseed", "a spare phone cable", "cat litter",
    "the watch from the repair shop", "flowers for {name}", "coffee beans", "the library books", "sticky tape",
    "a cake for the {event}", "washing powder", "fish for tonight", "the photos from the print shop", "firewood",
)
LANDMARKS = (
    "the church", "the old cinema", "the roundabout", "the post office", "the fire station", "the clock tower",
    "the retail park", "the swimming baths", "the town hall", "the war memorial", "the bowling alley", "the canal lock",
    "the garden center", "the bakery on the corner", "the primary school", "the big supermarket", "the vet's",
    "the bus depot", "the sports ground", "the allotments",
)
CHORES = (
    "the school run", "the weekly shop", "the recycling", "the bins", "the ironing", "the dog walk", "the packed lunches",
    "the laundry", "the hoovering", "the dishes", "the lawn", "the bathroom", "the gutters", "the car wash", "the oven",
    "the fridge clear-out", "the bed sheets", "the paperwork pile", "the cat's jabs",
)
