"""Word banks of the scenes a procedural query narrates, in our own words: pure data; ``scenes.py``
holds the grammar that composes them.

Frames are written with alternatives (``[a|b]``) and slots (``{home}``, ``{day}``: see
``scenes.py``). No frame names a part of the car, a value word of the simulator, a time of day
(only ``{day}`` does, from the clock) or a condition's rule in its own words.
"""

from __future__ import annotations

# The parts of the car no scene names (a scene that did would point a reader at a setting): a regex
# alternation, matched inside words ("headlight"), read by the scene grammar and its tests.
CAR_PARTS = "windshield|wheel|headlight|dashboard|glass|seat|mirror|screen|light|radio|window"

# Each condition's images, one sentence each (``{we}`` is everyone in the car, ``{a_ref}`` the asker).
CORES: dict[str, tuple[str, ...]] = {
    "rain": (
        "[rain|heavy rain|a cold, steady rain|driving rain|a sudden squall] [was drumming on|hammered on|rattled across|pelted|lashed] the roof"
        "[, and the gutters were overflowing|, and puddles spread across both lanes|, and every truck threw up spray|"
        " all the way from {home}|, and the drains had given up|]",
        "[a downpour|a cloudburst|the storm|a thunderstorm] had [started|broken|opened up|rolled in] [just as|the moment|right as|minutes after]"
        " {we} [left|pulled away|set out|got going][, and the road was running with water| over {home}|, soaking everyone on the pavement|]",
        "the road [was slick|shone|glistened|was awash] under [a steady|a relentless|a pouring|an endless] rain"
        "[ and the drains could not keep up| and spray hung over the traffic| all the way from {home}| as far as {we} could see|]",
        "[water|rainwater|brown water] [was pooling|stood in sheets|was streaming|ran in rivers] [along the curb|across the lanes|"
        "in every dip of the road|under the bridges][ as the rain kept coming| while the sky emptied itself| on the way out of {home}|]",
        "it was a [wet|soaking|stormy|gray|drenching] {day}[ in {home}|], and the rain came down in [sheets|buckets|torrents|waves]",
        "[hoods were up|umbrellas were out|people ran for doorways|cyclists huddled under the bridge] [all along the main street|"
        "on every corner|along the shops of {home}] as the rain [hammered down|kept coming|grew heavier|bucketed down]",
    ),
    "snow": (
        "[snow|fresh snow|wet snow|a foot of snow] [lay thick|had piled up|had drifted|was heaped] [along the curbs|on every hedge|"
        "over the parked cars|against the fences][, and the plows had not been through yet|, and the side streets were barely passable|"
        " all over {home}|]",
        "slush [was piling up|churned|sprayed up|lay ankle-deep] [along the curb|at every junction|under the tires|in the gutters]"
        "[ as the snow kept falling| after the overnight snowfall| on the way out of {home}|]",
        "the [plows|gritters|salt trucks] had not [reached|touched|been near] [{we_poss} street|the back roads|the road out of {home}] yet,"
        " and everything lay under [snow|a crust of ice|a gray blanket of slush|fresh powder]",
        "flakes [were swirling|came down steadily|drifted|were falling thick and fast] [over the rooftops of {home}|across the road|"
        "past the lamp posts|between the bare trees][ and the verges had turned to slush| and the snow was settling fast|]",
        "it was a [freezing|bitter|snowy|raw|frozen] {day}, with snow [banked along the road|settling on every roof|still falling|"
        "crunching under every footstep][ in {home}|]",
    ),
    "heat": (
        "the [asphalt|tarmac|road] [shimmered|was shimmering|swam|seemed to melt] in the heat"
        "[ and the air smelled of hot tar|, and not a tree gave any shade|, all the way from {home}|]",
        "it was a [scorching|baking|sweltering|blistering|stifling] {day}[ in {home}|], "
        "[and the thermometer at the pharmacy read thirty-four|the kind that melts ice cream in minutes|with no breeze at all|"
        "and the parks were empty]",
        "the car had been parked in full sun [for hours|at the edge of the lot|in the open lot] and the [cabin|air in the car] was"
        " [stifling|like an oven|baking|nearly unbearable]",
        "[heat|hot air] [rose in waves|shimmered] [from the pavement|over the road|above the parked cars|over the rooftops of {home}]"
        "[ as the sun beat down| under a cloudless sky| and nobody was walking anywhere|]",
        "[the sun|the heat] was [brutal|merciless|relentless|punishing]"
        "[, and even the pigeons were hiding in the shade|, and {we} had been sweating since leaving the house|"
        ", and the tar was soft at the junctions|, and {home} had gone quiet with it]",
    ),
    "fog": (
        "[thick fog|a gray fog|dense mist|a wall of fog] had settled over [the valley road|the river|the ring road out of {home}|"
        "the fields|the bypass][, and {we} could barely see two car lengths ahead|, swallowing the hedges|, muffling everything|]",
        "{we} could [barely|hardly|only just] make out the [car|truck|van] ahead through the [murk|mist|fog]"
        "[, let alone the road signs|, and everything past it was gone|]",
        "[the fog|the mist] [swallowed|hid|blotted out] [the road signs|the far side of the junction|the hedges|the bridge]"
        " [a few yards ahead|completely|before {we} got near]",
        "it was a [murky|misty|foggy|gray|clammy] {day}, and the fog [had not lifted|was getting thicker|clung to the road|"
        "hung in the trees][ over {home}|]",
    ),
    "night": (
        "the [streetlamps|lamp posts] were the only [glow|thing shining] [along the road|for miles|on the way out of {home}]"
        "[, and the houses had gone dark|, with hardly a car about|]",
        "it was [pitch dark|completely dark|dark as ink] beyond the [beams|reach of the beams]"
        "[ on the country road| once {we} left {home}| along the unlit lanes|]",
        "{home} had gone [quiet|to sleep|still] [hours ago|for the evening|long before] and the roads were [empty|deserted]"
        " under a [moonless|starry|cloudy|clear] sky",
        "stars were out over the [fields|rooftops|reservoir] and [nothing moved on the road|the pubs had long since emptied|"
        "only a fox crossed the road]",
        "it was [a moonless|a quiet|a late|a still] {day}[, the shops long shut|, the town asleep|, with hardly a car about|"
        " in {home}]",
    ),
    "dawn": (
        "the sky was [only just|barely] [turning gray|going pale|paling] in the east"
        "[ and the birds had not started up|, and {home} was still asleep|, with a thin moon still up|]",
        "nothing was open yet and [the roads were empty and dim|the bakery shutters were still down|the lamp posts were still on|"
        "the milk trucks had the streets to themselves][ in {home}|]",
        "the sun was not up yet, and dew still [lay on the verges|clung to the hedges|beaded the parked cars]"
        "[ all the way out of {home}| along the empty streets|]",
        "it was a [still|cold|quiet|hushed] {day}, [long before the sun was up|with sunrise still a while away|before the town was awake|"
        "with only the delivery vans about]",
    ),
    "glare": (
        "the [midday|noon|harsh] sun was [glinting|flashing|blazing] [on every hood|from every shop front|on the chrome of the cars ahead|"
        "on the river]",
        "[sunshine|harsh sun|blinding sun|a hard, bright sun] was pouring straight in"
        "[ from a cloudless sky| as {we} turned onto the avenue| all the way across {home}|]",
        "{we} had to squint against the glare [from the pavement|bouncing up from the pale concrete|of the sunbaked road|"
        "from the new office blocks][ in {home}|]",
        "it was a [bright|cloudless|dazzling|brilliant] {day}, and the sun [sat straight ahead|was right in {we_poss} eyes|"
        "glared from every surface|bounced from every parked car]",
    ),
    "kids": (
        "{a_his} [twins|two youngest|kids|two boys|two girls], {name} and {name}, were [squabbling over a tablet|singing in the back|"
        "counting trucks out loud|kicking the backs of the chairs|arguing about who started it]",
        "a small voice from the back [kept asking if {we} {were} there yet|wanted to know how much longer it would be|"
        "asked for a snack for the third time|demanded the song about the bus once more|announced a need for the toilet]",
        "[crumbs|juice boxes|toy cars|crayons|sticker books] were scattered across the back, where {name} and {name} were"
        " [giggling|bickering|whispering|playing I spy]",
        "the back [was full of noisy kids|held two chattering children|held a pair of sleepy kids|was a riot of small voices]"
        "[, all the way from {home}|, {name} loudest of all|, and nobody wanted the same song|]",
    ),
    "client": (
        "[a prospective customer|a client from {company}|the visiting buyer from {company}|a new account holder] sat beside {a_obj}"
        "[, flipping through a brochure|, reading through the contract|, checking emails on a tablet|, asking about the quarter]",
        "{a} was giving [a client|a new customer|the account manager from {company}] a lift"
        "[ before the big presentation| ahead of the contract signing| between meetings|]",
        "the [regional buyer|new client|partner|procurement lead] from {company} had climbed in beside {a_obj}"
        "[ with a folder of contracts| with a laptop bag|, still on a call|]",
    ),
    "dog": (
        "{dog}, the [family|neighbors'] [retriever|spaniel|collie|terrier|labrador], [was panting happily in the cargo area|"
        "had claimed the whole back|kept pushing a wet nose forward|was whining at every squirrel]",
        "[a muddy|an excited|a soaking wet|an elderly] [retriever|spaniel|labrador|sheepdog] had [claimed the back|"
        "stretched out across the back], [tail thumping|shedding hair everywhere|ears pricked|snoring gently]",
        "the dog was [panting|whining|turning in circles|barking at cyclists] in the back"
        "[, fresh from a run on the common|, eager for the park|, smelling of the river|]",
        "{a} had {dog} the [beagle|collie|spaniel|terrier] along[ for the ride| for company|],"
        " and the back smelled faintly of wet fur",
    ),
    "elder": (
        "Grandma had settled into the back [with her knitting bag|with a tin of toffees|clutching her handbag|with a crossword book]"
        "[ and was telling stories about {home} in the old days| and was asking about everyone's health|]",
        "{a_his} [elderly mother|mother|old aunt {fname}|grandmother] sat in the back, [clutching her handbag|wrapped in a cardigan|"
        "commenting on every turn|pointing out where the old cinema used to be]",
        "{a} had [Grandma|{a_his} mother|{a_his} grandmother] in the back, and she [had brought a blanket|"
        "kept asking {a_obj} to slow down|was humming old songs|wanted to hear all about {a_his} week]",
    ),
    "highway": (
        "the on-ramp [merged|fed] {we_obj} onto [four|six|five] lanes of [fast|heavy, fast-moving|relentless] traffic"
        "[ heading out of {home}| bound for the coast| going north|]",
        "mile after mile of [interstate|motorway|freeway] [stretched out ahead|unrolled in front of {we_obj}]"
        "[ past {home}| with nothing but exits and billboards| under a wide sky|]",
        "{we} {were} [cruising|sitting|holding steady] in the [middle|fast|slow] lane of the [interstate|motorway]"
        "[, trucks thundering past|, the exits flashing past|, {home} long gone behind {we_obj}|]",
        "[the freeway|the interstate] [ran|stretched] [straight|flat] [for miles|to the horizon], and "
        "[the traffic was moving fast|the trucks kept overtaking|the next services were forty miles away|the exits came every few miles]",
    ),
    "downtown": (
        "{we} had [crawled|inched] [three|four|two|five] blocks in [ten|fifteen|twenty] minutes "
        "[between delivery vans|behind a city bus|through the middle of {home}|past the same coffee shop]",
        "every signal on the [main avenue|boulevard|market street|ring road of {home}] turned against {we_obj}"
        " [as {we} reached it|one after another|for the fourth time]",
        "[horns were blaring|buses and taxis jammed every junction|a delivery truck was double-parked] [in the middle of {home}|"
        "on the main avenue|around the town hall|by the cathedral][, and nothing was moving|, and nobody had moved in minutes|]",
        "{we} {were} stuck bumper to bumper [between the bank and the bus station|on the one-way loop|by the shopping arcade|"
        "by the office towers] in {home}",
    ),
    "industrial": (
        "[the smokestacks|the flare stacks|the cooling towers|the chimneys] of the refinery [came into view|rose ahead|loomed]"
        " [past the overpass|beyond the rail yard|on the edge of {home}|across the estuary]",
        "a [sour|chemical|acrid|sulfurous] smell [drifted in|crept into the car|filled the cabin] as [the tank farms|the chemical works|"
        "the refinery|the fertilizer plant] [appeared|came into view][ beside the road| on the edge of {home}|]",
        "[pipework|storage tanks|chimneys|conveyor gantries] lined both sides of the road past the works"
        "[, and the air had a sharp tang|, venting steam|, under a yellowish haze|]",
        "the road [ran|cut] between [gas holders|chemical tanks|rusting gantries|flare stacks] with a haze hanging over"
        " [the plant|everything|the docks]",
    ),
    "mountain": (
        "the road [began to switchback|wound in tight bends|climbed steeply|zigzagged] up [the ridge|the pass|into the uplands above {home}|"
        "the side of the gorge][ with a drop on one side|]",
        "hairpin bends kept [appearing|coming|doubling back] around the [rock wall|crag|shoulder of the ridge|edge of the gorge]"
        "[, each tighter than the last|, with only a flimsy barrier on the bends|]",
        "[a sheer drop|the valley|a gorge] [fell away|opened up] [on one side|below {we_obj}] as {we} [climbed|wound upward|crept up]"
        "[ toward the pass| through the pines| above {home}|]",
        "{we} {were} [grinding|climbing|crawling] up [the pass|a steep gradient|the ridge road] [in second gear|with the engine straining],"
        " [pine trees|bare rock|scree slopes] on every side",
    ),
    "unfamiliar": (
        "none of the street names [looked familiar|meant anything to {a_obj}|rang a bell][, this far from {home}|]",
        "{a} had never been to this part of [town|the county|the state] before[, miles from {home}|, and it showed|]",
        "{we} {were} [miles|a long way|an hour] from {home}, on roads {a_ref} [had never seen|did not recognize|could not have named]",
        "[every junction|each roundabout|every turn] [looked the same|was a guess], and the signposts named [towns|villages|suburbs] {a} did not know",
    ),
    "reading": (
        "a stack of [contracts|reports|invoices|exam papers] sat in {a_poss} lap[, still unsigned|, waiting to be checked|"
        ", due back by the morning|]",
        "{a_ref} pulled out a [dog-eared paperback|library book|thick novel|printed report] to finish [a chapter|the last few pages|"
        "before the meeting|on the way]",
        "{a_ref} had [a folder|a printout|the minutes|a draft] open on {a_poss} knees[ and a pen in hand| and was marking it up|"
        " and a marker pen ready|]",
        "{a_ref} was [halfway through|deep in|buried in] [a book about {a_interest}|a magazine about {a_interest}|an article about {a_interest}]",
    ),
    "call": (
        "a call with [the regional team|a supplier from {company}|{a_poss} manager|the people at {company}] was about to start"
        "[ on {a_poss} earpiece|, and {a_ref} had the agenda ready|]",
        "{a_poss} phone buzzed with [the weekly meeting invite|a reminder about the call with {company}|the conference dial-in|"
        "a message: the client call was moved up]",
        "{a_ref} was due on a call with {company} [in five minutes|any minute|before the next junction|at the top of the hour]",
    ),
    "nap": (
        "{a_ref} was [exhausted|worn out|shattered|running on empty] after [a double shift|an overnight journey|a sleepless week|"
        "three late finishes] and could barely keep {a_poss} eyes open",
        "{a_poss} eyelids were heavy[ after the early train| after three hours of sleep| after a week of late finishes|"
        " after the long shift at work|]",
        "{a_ref} [yawned|stifled a yawn|yawned widely] [for the third time|over and over|before the first junction]"
        "[, desperate for a little sleep|, ready to drift away|, eyes already closing|]",
        "{a_ref} [had barely slept|was running on no sleep|had been up since four] and settled back with {a_poss}"
        " [jacket|scarf|rolled-up sweater] as a pillow",
    ),
    "workout": (
        "{a_poss} gym bag was on the floor and {a_ref} was still in a damp [shirt|T-shirt|hoodie|tracksuit top]",
        "{a_ref} had just [finished|come out of|limped out of|survived] a [brutal spin class|long run|circuit session|boxing class|"
        "rowing session][ at the leisure center| with {name}|]",
        "{a_ref} was still [flushed|sweaty|catching {a_poss} breath|aching] from [the gym|a hard session|leg day|the climbing wall]",
        "a [water bottle|sweaty towel|pair of trainers|skipping rope] lay on the floor by {a}[, fresh from the gym|, after the squash match|"
        ", after the spin class|]",
    ),
    "parked": (
        "[twenty minutes|half an hour|a good while|ten minutes] [remained|were left] before "
        "[the school doors opened|the pharmacy reopened|{name} came out of the appointment|the ferry boarded]",
        "the engine was silent and {a_ref} had [twenty minutes|time|a quarter of an hour] to kill [by the school|by the clinic|"
        "at the station|by the post office]",
        "{a_ref} was waiting for [the store to open|a friend to finish at the dentist|{name} to come back with the shopping|"
        "the bank to reopen after lunch]",
        "{a_ref} had [pulled into the lot|found a spot by the curb|stopped by the park gates] [with time to spare|early|well ahead of time]"
        " and was [in no hurry|watching people come and go|content to sit for a while]",
    ),
}
# A line about the one riding along (an interest of theirs), and one about the asker driving alone.
COMPANION = (
    "{p} was telling {a_obj} about {p_poss} {p_item}[ the whole way| in great detail| for the third time|]",
    "{p} kept bringing up {p_poss} {p_item}[, which {p} had been at all week|, with great enthusiasm|]",
    "{p} had packed {food} for later[ and was already hungry| and kept mentioning it|]",
    "{p} was [humming|chatting|in a good mood|full of news], still [pleased about|going on about|thinking about] the {p_item}",
)
SOLO = (
    "{a_ref} had {a_poss} mind on the {a_item}[ waiting at home| planned for the weekend| and little else|]",
    "{a_ref} was [still thinking about|mulling over|half thinking about] the {a_item}[ from the day before| and what to do next|]",
)
# Someone's relative in the back ({rel}, with {rel_pron}/{rel_obj}/{rel_poss}).
RELATIVE = (
    "{a}'s {rel} [sat|was sitting|had settled|was curled up] in the back[, {rel_doing}|]",
    "{a}'s {rel} was buckled in behind {a_him}[, {rel_doing}|]",
    "{a} had {a_his} {rel} along[ for the ride| for company| for the errands| that day|][, {rel_doing}|]",
    "{a} had picked up {a_his} {rel} on the way[ from the station| from a friend's place| across {home}| from work|]",
)
RELATIVE_DOING = ("looking out at the streets of {home}", "scrolling through {rel_poss} phone", "humming to {rel_obj}self",
                  "talking about {rel_poss} week", "with a bag of shopping on {rel_poss} knees", "eating {food}",
                  "half asleep", "telling {a_him} about {rel_poss} new job", "unusually quiet")
# After a request to a person: the asker asks the car ({noun}: another name of the device), or agrees;
# {moving}: what is said only while the car moves.
_TRAILS = ("[ without another word| while {p} watched| straight away| with a quick word| as {p} looked on|{moving}|]")
ASKS_CAR = ("{a} [asked|told|got] the car to [adjust|set|sort out|change|fix] {noun}" + _TRAILS,)
SEES_TO = ("{a} [asked|told] the car to [see to it|take care of it|handle that|do the rest|sort it out]" + _TRAILS,)
AGREES = ("{a} [nodded|agreed|shrugged|smiled|laughed|said fine|grinned][ and let the car handle it| and left it at that| with a grin|"
          " and made the change| and thanked {p}|{moving}|]",)
MOVING = (" before pulling away", " once {we} {were} moving", " at the next junction", " and kept {a_his} eyes on the road",
          " at the junction", " as {we} merged into traffic")
DOG_NAMES = ("Biscuit", "Pepper", "Juno", "Scout", "Maple", "Otis", "Hazel", "Rusty", "Bramble", "Nala", "Toby", "Mabel",
             "Ziggy", "Rolo", "Willow", "Chester", "Poppy", "Murphy")
# Where a drive under a condition does not go: nobody heads to the gym straight from a workout.
# (with a client aboard, no drive to the shops or a party: only work's errands and its travel; with an
# elderly relative, none of work's)
NOT_TOWARD = {"workout": ("to the gym", "to the climbing wall"),
              "elder": ("to a client meeting", "to a conference", "to a job site", "to the climbing wall", "to the gym"),
              "client": ("to the hardware store", "home from the office", "to a school concert", "to the dentist",
                         "to the farmers' market", "to the gym", "to the garden center", "to dinner downtown",
                         "to pick up a parcel", "to the coast for the day", "to the vet", "back from the cinema",
                         "to the library", "to a birthday party", "to the pharmacy", "to the recycling center",
                         "to a friend's housewarming", "to the climbing wall", "home from the match")}
