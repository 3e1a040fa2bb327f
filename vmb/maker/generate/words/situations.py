"""Conditions, relations and names the procedural chains are built on (our own words); the temporary
states are in ``states.py``.

A condition holds during a drive: how a person states the rule in the history (``rule``), how a
query recalls a drive under it (``occasion``), and the clock hours it can hold at (a night drive
never happens at noon); a query shows it in a scene composed for it (``scenes.py``), never in the
rule's words.

Each condition and state is said in many forms and words (5-7 rules and 4-5 occasions a condition, 4
phrasings or more of each part of a state), and the same phrases colour the lines of other reasoning
types, so that no phrase of the evidence gives a query's type away (``tests/generate/test_situations.py``).
"""

from __future__ import annotations

from dataclasses import dataclass

DAY = tuple(range(8, 18))
ANY = tuple(range(7, 21))


@dataclass(frozen=True)
class Condition:
    key: str
    rule: tuple[str, ...]  # clauses that lead or follow a wish ("on wet days", "whenever it's pouring")
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
    _c("rain", "weather", ANY,
       "on wet days|amid a downpour|in pouring rain|once it rains|every time it buckets down"
       "|through heavy rain",
       "that trip in the deluge|the day the gutters overflowed"
       "|that soggy outing with puddles in every lane|the journey when the storm drains gave up"
       "|the time the storm was drumming on the roof"),
    _c("snow", "weather", (6, 7, 8, 9, 16, 17, 18),
       "in snow|on icy roads|with snow falling|after a snowfall|if it's icy out|in a cold snap",
       "the day the plows never came|that drive through the slush"
       "|the journey when the side streets were drifted shut|that crawl over packed ice"
       "|the time everything was frozen solid"),
    _c("heat", "weather", (11, 12, 13, 14, 15, 16),
       "on scorching afternoons|in a heatwave|as the mercury soars|during a hot spell|once it gets hot"
       "|any time it's boiling out",
       "that scorcher of a drive|the day the tarmac was going soft"
       "|that outing when the ice pops melted before we got home|the time we were all fanning ourselves"
       "|that blistering journey with no breeze at all"),
    _c("fog", "weather", (6, 7, 8, 9, 19, 20),
       "in thick fog|when it's foggy|on misty mornings|amid the mist|if visibility is poor"
       "|in a pea-souper",
       "that drive when we could hardly see the road|the journey through the gray murk"
       "|that crawl when the hedges vanished in the haze|the day the bridge disappeared into the cloud"
       "|the time the road signs loomed up at the last second"),
    _c("night", "light", (20, 21, 22, 23),
       "after dark|on night drives|at night|late in the evening|once the streetlamps are lit"
       "|down unlit lanes",
       "that drive past the lamp posts|the ride home with only the cat's eyes showing the way"
       "|that outing with the owls for company|the time every shop had its shutters down"
       "|that ride back under the stars"),
    _c("dawn", "light", (5, 6, 7),
       "before sunrise|at dawn|before the birds are up|on pre-dawn starts|for very early starts"
       "|before daybreak",
       "those drives before anything opens|the journeys while the sky is still gray"
       "|that outing when the bakeries were still shuttered|the trip with the milk trucks for company"
       "|that run while the whole town was asleep"),
    _c("glare", "light", (11, 12, 13, 14, 15),
       "in bright sunshine|in harsh glare|under a blazing sky|when it's blindingly bright|at midday"
       "|with the sun blasting",
       "that drive with the sun bouncing from every hood|the day the pavement glittered fiercely"
       "|that squinting journey across town|the time every shop front glittered"
       "|the outing when we both wished for sunglasses"),
    _c("kids", "company", ANY,
       "with kids aboard|on the school run|whenever the children come|with little ones in the back"
       "|if the kids come along|for family outings",
       "that drive with the twins squabbling|the day the toddlers sang the whole way"
       "|that outing with juice boxes rolling around"
       "|the journey with a pair of toddlers demanding snacks"
       "|the time there were crayons all over the floor"),
    _c("client", "company", DAY,
       "with a client|with a customer aboard|on sales visits|on client trips|when I'm driving a buyer"
       "|for business guests",
       "that drive with the account manager beside me|the trip with the purchasing team from head office"
       "|the day I was showing the new account holder around|that ride before the contract signing"
       "|the journey with the procurement people"),
    _c("dog", "company", ANY,
       "with the dog aboard|with the dog in the back|on dog park trips|when the pup is with us"
       "|if the dog comes|any time we bring the dog",
       "the trip with the retriever in the back|that drive with the collie panting behind us"
       "|the day there was wet fur everywhere|that outing with the spaniel whining the whole way"
       "|the time muddy paw prints got on everything"),
    _c("elder", "company", DAY,  # any elderly relative: the scenes show a grandmother, a mother or an aunt
       "when an elderly relative rides with us|with one of the old folks aboard|whenever we drive the older relatives"
       "|if an elderly relative is along|any time the older generation rides along",
       "the trip with Grandma's knitting bag in the back|the outing with the toffee tin going round"
       "|the day we took the grandparents out|the visit when Great-Aunt Rose joined us"),
    _c("highway", "road", ANY,
       "on the interstate|on the motorway|at highway speeds|for freeway hauls|cruising the turnpike"
       "|for long expressway runs",
       "that long haul past all the exits|the journey with the trucks thundering past"
       "|the day the exits flew past|that haul with nothing but billboards"
       "|the time we covered half the state"),
    _c("downtown", "road", DAY,
       "in stop-and-go traffic|downtown at rush hour|through rush-hour jams|in city traffic"
       "|when we crawl through town|inching through downtown",
       "the trip between the delivery trucks|the day every signal turned against us"
       "|the time the buses had the whole avenue jammed|the drive that took ages to go a mile"
       "|that outing bumper to bumper past the cathedral"),
    _c("industrial", "road", ANY,
       "near the refinery|past the chemical plants|by the factories|by the docks"
       "|through the industrial estate|whenever we pass the refinery district",
       "the drive past the smokestacks|that trip by the tank farms"
       "|the day the whole car stank of sulfur|the journey where the air tasted of chemicals"),
    _c("mountain", "road", DAY,
       "on mountain roads|up in the hills|climbing steep grades|over the pass"
       "|as the road twists and climbs|in hilly country",
       "that drive up the switchbacks|the journey around the hairpin bends"
       "|the climb with the drop beside us|that outing along the edge of the gorge"
       "|the day my ears popped on the way up"),
    _c("unfamiliar", "road", DAY,
       "in a strange town|on streets I don't know|somewhere new|in unfamiliar places|when I'm lost"
       "|away from my home turf",
       "the drive where none of the signs looked familiar"
       "|that trip across a district I had never seen|the day every roundabout looked the same"
       "|that outing to the suburb nobody could find|the time we went round in circles"),
    _c("reading", "activity", ANY,
       "with a book open|over a good book|with paperwork in my lap|when I'm reading"
       "|for catching up on reports",
       "the ride with my nose in those contracts|that trip spent marking up the draft"
       "|the day I finished that thriller|that journey buried in invoices", still=True),
    _c("call", "activity", DAY,
       "on work calls|during conference calls|on the phone|when I'm dialed into a meeting"
       "|for calls with the office|in the middle of a meeting",
       "the drive with the regional team on the line|that trip spent on the weekly check-in"
       "|the day the supplier kept me on hold|that ride spent haggling over the budget"),
    _c("nap", "activity", ANY,
       "for a nap|when I'm dozing|for a snooze|if I want to sleep|on sleepy rides"
       "|to catch some shut-eye",
       "the ride when I could barely keep my eyes open|that trip after the long-haul flight"
       "|the journey when I slept most of the way|the day I was out like a candle", still=True),
    _c("workout", "activity", ANY,
       "after a workout|straight from the gym|after training|post-workout"
       "|when I'm sweaty from a session|if I've just been exercising",
       "the drive with my shirt still damp|that trip after spin class|the ride home after leg day"
       "|the day my muscles were screaming|that outing with the damp towel on my lap"),
    _c("parked", "activity", ANY,
       "while we wait parked|when the car is standing still|in a parking lot|at the curb"
       "|with the engine idle|whenever I'm waiting for someone",
       "the half hour by the school gates|that half hour idling in the lot"
       "|the stop at the ferry terminal|the day we sat by the shut pharmacy", still=True),
)}

# What each condition can be a reason to change: the concerns of ``causes.SERVES`` it bears on (a
# rule "whenever we pass the refinery district" is about the air, never about the seat's recline).
AFFECTED: dict[str, frozenset[str]] = {key: frozenset(spec.split()) for key, spec in {
    "rain": "glass visibility airflow warmth guidance music loudness",
    "snow": "warmth glass visibility guidance",
    "heat": "warmth stuffiness airflow daylight aim",
    "fog": "visibility glass guidance airflow freshness",
    "night": "brightness visibility look sightline eyeline music loudness",
    "dawn": "brightness visibility warmth look loudness music glass",
    "glare": "brightness daylight look visibility",
    "kids": "security loudness music viewing warmth space airflow picture",
    "client": "loudness music look posture guidance readout clock warmth",
    "dog": "security airflow warmth space freshness",
    "elder": "warmth loudness posture legroom massage airflow aim guidance music readout",
    "highway": "guidance loudness sightline eyeline posture visibility massage music legroom glass alerts",
    "downtown": "guidance airflow loudness music freshness alerts",
    "industrial": "airflow freshness",
    "mountain": "guidance visibility posture sightline eyeline",
    "unfamiliar": "guidance sightline eyeline alerts",
    "reading": "brightness loudness look daylight",
    "call": "loudness music",
    "nap": "posture loudness look brightness warmth massage legroom daylight music",
    "workout": "warmth airflow massage posture legroom music aim",
    "parked": "viewing picture security music posture daylight loudness space",
}.items()}


def fitting(api: str) -> list[str]:
    """The conditions that can be a reason to change ``api``'s device, in key order."""
    from vmb.maker.generate.words.causes import concerns

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
    from vmb.maker.generate.settings import settings
    from vmb.maker.generate.words.causes import concerns

    look, setting, level = NICKNAME_TAILS
    return (look, setting) if "look" in concerns(api) else (setting, level) if settings()[api].kind == "int" else (setting,)


def nickname(api: str, head: str) -> str:
    """The name ``head`` gives a value of ``api``'s setting ("the harbor look" for a colour)."""
    tails = _tails(api)
    return f"{head} {tails[NICKNAME_HEADS.index(head) % len(tails)]}"


def nicknames(api: str) -> tuple[str, ...]:
    """Every name someone may give a value of ``api``'s setting."""
    return tuple(nickname(api, head) for head in NICKNAME_HEADS)

