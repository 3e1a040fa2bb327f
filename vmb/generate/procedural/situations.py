"""Conditions, temporary states and relations the procedural chains are built on (our own words).

A condition holds during a drive: how a person states the rule in the history (``rule``), how a
query recalls a drive under it (``occasion``), and the clock hours it can hold at (a night drive
never happens at noon); a query shows it in a scene composed for it (``scenes.py``), never in the
rule's words.
A temporary state begins (``start``), ends (``end``) and can come back (``again``).
"""

from __future__ import annotations

from dataclasses import dataclass

DAY = tuple(range(8, 18))
ANY = tuple(range(7, 21))


@dataclass(frozen=True)
class Condition:
    key: str
    rule: tuple[str, ...]  # "when ..." clauses
    hours: tuple[int, ...]
    category: str  # conditions of one category exclude each other; two rules of a chain differ in it
    occasion: tuple[str, ...]  # how a query recalls a drive under it ("that trip in the downpour"), not the rule's words
    still: bool  # the person it holds for is not at the wheel (reading, napping, waiting parked)

    @property
    def driven(self) -> bool:
        """The person it holds for rides while someone else drives (reading, napping), not waiting parked."""
        return self.still and self.key != "parked"


def _c(key: str, category: str, hours: tuple[int, ...], rule: str, occasion: str, still: bool = False) -> Condition:
    return Condition(key, tuple(rule.split("|")), hours, category, tuple(occasion.split("|")), still)


CONDITIONS: dict[str, Condition] = {c.key: c for c in (
    _c("rain", "weather", ANY, "whenever it's pouring|on wet days|if the rain is coming down hard",
       "that trip through the downpour|the drive when the gutters overflowed"),
    _c("snow", "weather", (6, 7, 8, 9, 16, 17, 18), "when there's snow on the ground|on icy mornings and evenings",
       "the day the plows never came|that drive through the slush"),
    _c("heat", "weather", (11, 12, 13, 14, 15, 16), "on scorching afternoons|when it's over thirty outside",
       "that scorcher of a drive|the day the wheel was too hot to touch"),
    _c("fog", "weather", (6, 7, 8, 9, 19, 20), "when the fog rolls in|in thick fog",
       "that drive when we could hardly see the road|the trip through the gray murk"),
    _c("night", "light", (20, 21, 22, 23), "after dark|on night drives|once the sun is down",
       "that drive under the streetlights|the trip home in the pitch black"),
    _c("dawn", "light", (5, 6, 7), "on those pre-dawn starts|before sunrise",
       "those drives before anything opens|the trips while the sky is still gray"),
    _c("glare", "light", (11, 12, 13, 14, 15), "when the midday sun is blasting|in bright sun",
       "that drive with the sun bouncing off everything|the trip when the sunlight was blinding"),
    _c("kids", "company", ANY, "when the kids are riding with us|with children in the back",
       "the trip with the car seats in the back|that drive with the twins squabbling"),
    _c("client", "company", DAY, "when I'm driving a client around|with a customer in the car",
       "that drive with the customer beside me|the trip with the buyer from head office"),
    _c("dog", "company", ANY, "when the dog comes along|with the dog in the back",
       "the trip with the retriever in the back|that drive with the dog panting behind us"),
    _c("elder", "company", DAY, "when Grandma rides with us|with my mother in the car",
       "the trip with Grandma in the back|that drive with my mother along"),
    _c("highway", "road", ANY, "on long interstate stretches|on the motorway",
       "that long haul on the interstate|the trip on four lanes of fast traffic"),
    _c("downtown", "road", DAY, "in stop-and-go traffic downtown|when we crawl through the city center",
       "that crawl between the delivery trucks|the trip through all the red lights on the avenue"),
    _c("industrial", "road", ANY, "whenever we pass the refinery district|near the chemical plants",
       "the drive past the smokestacks|that trip by the tank farms"),
    _c("mountain", "road", DAY, "on the winding mountain roads|up in the hills",
       "that drive up the switchbacks|the trip around the hairpin bends"),
    _c("unfamiliar", "road", DAY, "when I'm somewhere I've never driven|in a neighborhood I don't know",
       "the drive where none of the streets looked familiar|that trip across a part of town I had never seen"),
    _c("reading", "activity", ANY, "when I need to read in the car|while I go through paperwork",
       "the ride with my nose in those contracts|that trip with a paperback in my lap", still=True),
    _c("call", "activity", DAY, "when I'm on a work call|during conference calls",
       "the drive with the regional team on the line|that trip during the weekly meeting"),
    _c("nap", "activity", ANY, "when I'm trying to nap|if I want to doze off",
       "the ride when I could barely keep my eyes open|that trip after the red-eye flight", still=True),
    _c("workout", "activity", ANY, "right after a workout|when I come straight from the gym",
       "the drive with my shirt still damp from the gym|that trip after spin class"),
    _c("parked", "activity", ANY, "while we wait parked|when the car is standing still",
       "the wait outside the school|that half hour idling in the lot", still=True),
)}

# What each condition can be a reason to change: the concerns of ``causes.SERVES`` it bears on (a
# rule "whenever we pass the refinery district" is about the air, never about the seat's recline).
AFFECTED: dict[str, frozenset[str]] = {key: frozenset(spec.split()) for key, spec in {
    "rain": "glass visibility airflow warmth guidance music loudness",
    "snow": "warmth glass visibility guidance",
    "heat": "warmth airflow daylight",
    "fog": "visibility glass guidance airflow",
    "night": "brightness visibility look sightline readout music loudness",
    "dawn": "brightness visibility warmth look loudness music glass",
    "glare": "brightness daylight sightline readout look visibility",
    "kids": "security loudness music viewing warmth space airflow picture",
    "client": "loudness music look posture guidance readout warmth",
    "dog": "security airflow warmth space",
    "elder": "warmth loudness posture legroom massage airflow guidance music readout",
    "highway": "guidance loudness sightline posture visibility massage music legroom glass",
    "downtown": "guidance airflow loudness readout music",
    "industrial": "airflow",
    "mountain": "guidance visibility posture sightline",
    "unfamiliar": "guidance readout sightline",
    "reading": "brightness loudness look daylight",
    "call": "loudness music",
    "nap": "posture loudness look brightness warmth massage legroom daylight music",
    "workout": "warmth airflow massage posture legroom music",
    "parked": "viewing picture security music posture daylight loudness space",
}.items()}


def fitting(api: str) -> list[str]:
    """The conditions that can be a reason to change ``api``'s device, in key order."""
    from vmb.generate.procedural.causes import concerns

    served = set(concerns(api))
    return [key for key in sorted(CONDITIONS) if AFFECTED[key] & served]


def fitting_stand_in(key: str, api: str, avoid: str | None = None) -> str:
    """``key`` if it can be a reason to change ``api``'s device and is not of category ``avoid``,
    else a fitting condition chosen by ``key``'s place (the same draw): of its category where one
    fits, else of another, but company only for company (who rides along is drawn apart)."""
    fits = [k for k in fitting(api) if CONDITIONS[k].category != avoid]
    if key in fits or not fits:
        return key
    company = CONDITIONS[key].category == "company"
    same = [k for k in fits if CONDITIONS[k].category == CONDITIONS[key].category]
    others = same or [k for k in fits if (CONDITIONS[k].category == "company") == company]
    return others[sorted(CONDITIONS).index(key) % len(others)] if others else key


@dataclass(frozen=True)
class State:
    """A temporary state: how it begins, how it ends (no value) and how it comes back, as said in the
    history; and how a query alludes to its end or its return in other words (a query never repeats
    the history's sentence)."""

    start: tuple[str, ...]
    end: tuple[str, ...]
    again: tuple[str, ...]
    over: tuple[str, ...]
    back: tuple[str, ...]


def _s(start: str, end: str, again: str, over: str, back: str) -> State:
    return State(*(tuple(part.split("|")) for part in (start, end, again, over, back)))


STATES: dict[str, State] = {
    "back": _s("I strained my back hauling those planters|my lower back went out on Tuesday",
               "my back is finally back to normal|the physio cleared me, no more back trouble",
               "my back is acting up again|I think I tweaked my back again",
               "my spine has stopped complaining|I sat through a whole film without wincing",
               "that old twinge in my spine is here again|the physio will be seeing me again"),
    "fever": _s("I'm running a fever and can't get warm|I've come down with something, I'm shivery",
                "I'm over that flu at last|the fever broke, I'm fine now",
                "I think the flu is coming back|I'm feverish again",
                "that bug has left me for good|I finished a whole plate of food yesterday",
                "the chills are back|I've got the shivers all over again"),
    "eyes": _s("my eyes are sore from the new contacts|the eye doctor dilated my pupils",
               "my eyes have settled down completely|the irritation is gone now",
               "my eyes are irritated again|the contacts are bothering me again",
               "my eyes feel fine|I read a whole report on screen without squinting",
               "my eyes are stinging like before|I'm squinting through these lenses once more"),
    "wrist": _s("I sprained my wrist at volleyball|my wrist is in a brace",
                "the brace came off yesterday|my wrist has healed",
                "I hurt my wrist again|the wrist is sore again",
                "I can grip the wheel properly|both hands work properly again",
                "the brace is back on|my hand is strapped up once more"),
    "guest": _s("my cousin is staying with us and riding along|we have a houseguest for a couple of weeks",
                "our guest flew home this morning|the visit is over, the spare room is empty again",
                "my cousin is back for another visit|our guest is staying with us again",
                "we have the place to ourselves|the guest bed is stripped and put away",
                "the spare bed is made up for my cousin once more|we've got company in the house again"),
    "boots": _s("I'm wearing those chunky work boots this month|the new site requires steel-toe boots",
                "the site job is done, no more boots|I'm back in normal shoes",
                "I'm back in the work boots for another job|I have to wear the steel-toes again",
                "my feet are in sneakers|the heavy boots are in the closet",
                "the heavy boots are out of the closet|it's steel toes for me once more"),
    "project": _s("I'm on this night-shift project for a few weeks|the audit has me working strange hours",
                  "the project wrapped up on Friday|that assignment is over",
                  "they put me back on that project|the night work has started again",
                  "I keep office hours like everyone else|my schedule looks sane",
                  "my calendar is a mess once more|the late shifts are back"),
    "pregnant": _s("the doctor told me to keep things gentle after the operation|I'm recovering from minor surgery",
                   "the doctor signed off, I'm fully recovered|recovery is done, I feel like myself",
                   "the doctor wants me to take it easy again|I'm back to recovering after the follow-up",
                   "the stitches are long gone|I'm back to my old self",
                   "I'm under doctor's orders once more|the follow-up put me on light duty"),
    "pollen": _s("hay fever season has started and I'm sneezing nonstop|the pollen count is through the roof this week",
                 "hay fever season is over|the pollen has finally died down",
                 "the pollen is back and so is my sneezing|hay fever has started up again",
                 "I can breathe freely|the antihistamines are in the drawer",
                 "my nose is streaming like last spring|the sneezing fits have returned"),
    "grandkids": _s("the grandkids are staying with us for the holidays|we're minding my sister's twins this month",
                    "the grandkids went home yesterday|the twins are back with their parents",
                    "the grandkids are back for another stay|we're minding the twins again",
                    "the back seat is free of cracker crumbs|the house is calm without the little ones",
                    "the booster seats are back in the car|the house is full of little ones once more"),
    "medication": _s("these new pills from the doctor make me run hot|my new medication has me overheating all day",
                     "the doctor took me off those pills|I finished that course of medication",
                     "I'm back on those pills that make me overheat|the doctor put me on that medication again",
                     "I'm off those hot-making pills|I don't sweat through my shirts",
                     "I'm fanning myself at my desk like before|those hot flushes have started up again"),
    "glasses": _s("I sat on my glasses and I'm stuck with my old pair|my reading glasses are at the repair shop",
                  "my new glasses are ready at last|I picked up my repaired glasses",
                  "I broke my glasses again|my glasses are back at the repair shop",
                  "I can read the small print without holding it at arm's length|my repaired frames are in my pocket",
                  "I'm squinting through my spare pair once more|the optician has my glasses for another week"),
    "battery": _s("the mechanic says the battery is on its last legs|the battery warning keeps flickering on",
                  "the new battery went in on Monday|the garage swapped the battery",
                  "the battery warning is flickering again|the new battery is already acting up",
                  "the warning light on the dash has gone dark|the garage says the electrics are healthy",
                  "that warning light is glowing at me once more|the mechanic wants the car back in the shop"),
}
# People outside the group someone speaks for: (relation, pronoun).
RELATIONS = (("nephew", "he"), ("niece", "she"), ("mother", "she"), ("father", "he"), ("grandson", "he"),
             ("daughter", "she"), ("son", "he"), ("business partner", "she"), ("sister", "she"), ("brother", "he"),
             ("mother-in-law", "she"), ("godson", "he"), ("granddaughter", "she"), ("stepdad", "he"))
PLACE_KINDS = ("Dental Clinic", "Climbing Gym", "Public Library", "Garden Center", "Community Pool", "Medical Plaza",
               "Rowing Club", "Art Studio", "Conference Center", "Farmers Market", "Physio Clinic", "Bakery",
               "Tennis Club", "Animal Hospital", "Music School", "Chess Club", "Print Shop", "Recording Studio",
               "Yoga Loft", "Bike Workshop", "Law Office", "Tax Office", "Daycare", "Vet Clinic")
SONG_WORDS = (("Paper", "Silver", "Scarlet", "Hollow", "Golden", "Quiet", "Electric", "Borrowed", "Velvet", "Restless",
               "Northern", "Crooked", "Neon", "Falling", "Wild", "Salt", "Glass", "Copper", "Lonely", "Summer"),
              ("Lanterns", "Harbor", "Highway", "Orchard", "Signals", "Tides", "Satellites", "Rivers", "Ghosts",
               "Pilgrims", "Horses", "Embers", "Letters", "Mountains", "Shadows", "Gardens", "Engines", "Feathers"))
STATION_WORDS = ("Jazz", "Classic Rock", "Talk", "Country", "Public Radio", "Blues", "Soul", "Oldies", "Indie", "Folk")
VIDEO_WORDS = ("documentary", "cooking show", "lecture", "match replay", "cartoon", "keynote", "travel vlog", "concert film")


# Names people give a value they like: an occasion or a place it reminds them of, then a word for
# the kind of value (a colour can be "the harbor look"; a level or a temperature is "the harbor
# setting", never a "look").
NICKNAME_HEADS = ("harbor", "sunday drive", "school-run", "commuter", "road-trip", "library", "campfire",
                  "weekend", "airport-run", "date-night", "lazy-morning", "market-day", "cabin", "orchard",
                  "lighthouse", "starlight", "picnic", "gallery")
# what follows a head: "look" for a colour, "level" for a number, "setting" for any value
NICKNAME_TAILS = ("look", "setting", "level")


def _tails(api: str) -> tuple[str, ...]:
    from vmb.generate.procedural.causes import concerns
    from vmb.generate.settings import settings

    look, setting, level = NICKNAME_TAILS
    return (look, setting) if "look" in concerns(api) else (setting, level) if settings()[api].kind == "int" else (setting,)


def nickname(api: str, head: str) -> str:
    """The name ``head`` gives a value of ``api``'s setting ("the harbor look" for a colour)."""
    tails = _tails(api)
    return f"{head} {tails[NICKNAME_HEADS.index(head) % len(tails)]}"


def nicknames(api: str) -> tuple[str, ...]:
    """Every name someone may give a value of ``api``'s setting."""
    return tuple(nickname(api, head) for head in NICKNAME_HEADS)

