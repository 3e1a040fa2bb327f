"""Word banks of the procedural dialogue, in our own words: topics people talk about, what they
do, how they feel about it. Pure data; ``talk.py`` holds the grammar that uses it.

A domain is ``items | acts | qualities | places``: things of the topic, what one does with them
(past tense, taking the thing as object), words for how it went, where it happens. Interests and
occupations of the personas map to domains (``INTEREST_DOMAINS``, ``JOB_DOMAINS``); every group
also talks about the shared domains of everyday life.
"""

from __future__ import annotations

import re

from vmb.maker.generate.words.domain_more import MORE


def _bank(text: str) -> tuple[str, ...]:
    return tuple(w.strip() for w in text.split(",") if w.strip())


def _domain(items: str, acts: str, qualities: str, places: str) -> dict[str, tuple[str, ...]]:
    return {"items": _bank(items), "acts": _bank(acts), "qualities": _bank(qualities), "places": _bank(places)}


DOMAINS: dict[str, dict[str, tuple[str, ...]]] = {
    "garden": _domain("tomato seedlings, raised bed, compost heap, rose bushes, pea trellis, rain barrel, herb spiral, apple tree, "
                      "dahlia tubers, strawberry patch, potting bench, leaf mulch, garlic bulbs, hedge, pumpkin vines, seed trays",
                      "repotted, pruned back, watered, mulched, weeded, transplanted, fertilized, staked, harvested, covered",
                      "leggy, thriving, wilted, blight-ridden, overgrown, bushy, scorched, lush, stunted, fragrant",
                      "allotment, back yard, greenhouse, community garden, nursery on the bypass"),
    "music": _domain("vinyl pressing, bass line, drum kit, tuning pegs, chord chart, mixing desk, setlist, reed case, metronome, "
                     "amp, sheet music, encore, practice log, recital piece, harmonica, cello bow",
                     "rehearsed, transposed, recorded, tuned, memorized, rearranged, sight-read, mixed, restrung, busked",
                     "flat, brassy, soulful, off-key, tight, muddy, crisp, haunting, sloppy, lively",
                     "rehearsal room, jazz bar, church hall, record shop, open mic night"),
    "running": _domain("trail shoes, interval plan, hill repeats, tempo run, race bib, foam roller, hydration vest, split times, "
                       "shin splints, cool-down, long run, heart-rate strap, pacing chart, half marathon, blister plasters",
                       "logged, stretched, paced, tapered, finished, skipped, sprinted, jogged, clocked, iced",
                       "sluggish, brutal, personal-best, muddy, steady, windy, hilly, effortless, punishing, flat",
                       "river path, track, ridge trail, park loop, canal towpath"),
    "craft": _domain("kiln load, glaze test, throwing wheel, clay bucket, bisque bowls, knitting pattern, sock yarn, cable stitch, "
                     "quilt square, loom, embroidery hoop, sketchbook, linocut, watercolor set, pottery mug, felting needle",
                     "glazed, fired, trimmed, cast on, frogged, stitched, blocked, sketched, carved, painted",
                     "lopsided, speckled, cozy, delicate, cracked, uneven, vibrant, chunky, muted, glossy",
                     "studio, craft fair, yarn shop, evening class, kitchen table"),
    "birds": _domain("binoculars, field guide, heron nest, feeder, spotting scope, warbler call, owl box, tally sheet, "
                     "kingfisher, hide, migration count, woodpecker, nest camera, goldfinches, birding log",
                     "spotted, counted, photographed, ringed, identified, logged, filled, cleaned, heard, tracked",
                     "elusive, skittish, rare, noisy, early, drab, striking, plentiful, secretive, common",
                     "marsh, reservoir, nature reserve, estuary, wood behind the school"),
    "games": _domain("chess opening, rook endgame, board game night, dice tower, card deck, tournament bracket, puzzle box, "
                     "strategy guide, expansion pack, scoring pad, jigsaw, crossword, rating points, blitz game",
                     "played, lost, won, studied, shuffled, analyzed, solved, hosted, resigned, blundered",
                     "tense, lopsided, clever, drawn-out, nerve-racking, silly, close, relaxed, competitive, chaotic",
                     "club night, café upstairs, library basement, living room, online ladder"),
    "cooking": _domain("sourdough starter, cast-iron pan, curry paste, dumpling dough, spice rack, stockpot, pie crust, "
                       "pasta machine, marinade, pressure cooker, bread tin, chutney, roasting tray, noodle broth, tart shell",
                       "baked, braised, kneaded, burned, seasoned, proofed, simmered, charred, marinated, plated",
                       "tangy, bland, crusty, smoky, undercooked, rich, fragrant, gummy, spicy, perfect",
                       "kitchen, night market, cooking school, spice shop, butcher's"),
    "cycling": _domain("road bike, chain ring, inner tube, cleats, group ride, saddle bag, climbing gears, brake pads, "
                       "bike computer, commuter route, rain cape, headwind, gravel loop, bike rack",
                       "serviced, patched, climbed, descended, commuted, lubed, adjusted, raced, towed, rode",
                       "rattly, speedy, grueling, smooth, gusty, scenic, hilly, punctured, fast, wobbly",
                       "velodrome, bike shop, canal path, ring road, hill pass"),
    "history": _domain("archive box, parish register, old map, census record, ship manifest, war diary, museum catalog, "
                       "family tree, land deed, microfilm reel, oral history tape, photograph album, walking tour",
                       "transcribed, cataloged, dated, traced, digitized, restored, annotated, researched, uncovered, quoted",
                       "faded, illegible, surprising, forgotten, obscure, detailed, contested, fragile, curious, dusty",
                       "county archive, heritage center, town museum, reading room, old cemetery"),
    "water": _domain("dinghy, mooring line, tide table, life jacket, spinnaker, fishing rod, tackle box, kayak paddle, "
                     "wetsuit, dry bag, bait bucket, lure, sailing lesson, outboard motor, regatta",
                     "rigged, launched, anchored, capsized, paddled, cast, reeled in, varnished, moored, bailed",
                     "choppy, calm, gusty, glassy, brisk, fishy, rough, sunny, breezy, drifting",
                     "marina, lake, harbor wall, jetty, boat club"),
    "stars": _domain("telescope mount, star chart, eyepiece, meteor shower, moon phase, red flashlight, camera tripod, "
                     "light-pollution map, planet transit, observing log, comet, galaxy photo, dew heater",
                     "aligned, focused, observed, stacked, photographed, tracked, collimated, sketched, logged, waited out",
                     "hazy, crystal-clear, faint, breathtaking, cloudy, dim, sharp, moonlit, frosty, steady",
                     "dark-sky park, observatory, hilltop field, rooftop, astronomy club"),
    "climbing": _domain("bouldering problem, chalk bag, harness, belay device, crimp hold, overhang, route grade, "
                        "climbing shoes, quickdraws, crash pad, finger tape, top rope, lead climb",
                        "sent, fell off, projected, belayed, warmed up, flashed, taped, chalked, topped out, bailed on",
                        "crimpy, slopey, pumpy, sketchy, juggy, overhung, polished, reachy, solid, awkward",
                        "climbing wall, quarry, sea cliff, bouldering gym, crag"),
    "reading": _domain("paperback, book club pick, library hold, short story, reading list, audiobook, crime novel, "
                       "poetry collection, memoir, translation, chapter, series finale, secondhand bookshop find",
                       "finished, abandoned, reread, annotated, borrowed, lent, reviewed, recommended, devoured, skimmed",
                       "gripping, slow, dense, moving, predictable, witty, bleak, clever, overlong, charming",
                       "library, bookshop, book club, reading chair, train"),
    "theater": _domain("audition, script, stage blocking, costume fitting, dress rehearsal, prop table, opening night, "
                       "understudy, lighting cue, curtain call, monologue, set piece, program notes",
                       "rehearsed, blocked, memorized, auditioned for, directed, painted, sewed, cued, improvised, staged",
                       "nervous, electric, shambolic, polished, hilarious, long, tense, moving, under-rehearsed, sold-out",
                       "community theater, church hall, black-box stage, rehearsal studio, green room"),
    "bees": _domain("hive frames, smoker, queen cell, honey super, bee suit, varroa check, wax foundation, swarm trap, "
                    "honey jars, brood box, extractor, nectar flow",
                    "inspected, requeened, extracted, smoked, split, fed, treated, bottled, caught, marked",
                    "calm, testy, heavy, runny, golden, sticky, busy, aggressive, thriving, quiet",
                    "apiary, orchard, bee club, back field, honey show"),
    "photo": _domain("film roll, darkroom, prime lens, tripod, light meter, contact sheet, negatives, camera strap, "
                     "portrait session, print, rangefinder, flash unit, exposure test",
                     "developed, printed, framed, shot, scanned, retouched, exposed, composed, cropped, loaded",
                     "grainy, overexposed, moody, crisp, soft, washed-out, striking, blurry, contrasty, warm",
                     "darkroom, flea market, gallery, photo walk, camera shop"),
    "language": _domain("vocabulary deck, grammar drill, conversation partner, verb table, podcast episode, "
                        "exchange evening, workbook, accent, subjunctive, reading exercise, listening test",
                        "practiced, conjugated, translated, memorized, mispronounced, reviewed, drilled, studied, repeated, passed",
                        "confusing, fluent, halting, tricky, patient, formal, chatty, rusty, natural, slow",
                        "language café, evening course, exchange meetup, online class, cultural center"),
    "volunteer": _domain("food drive, donation boxes, shift rota, soup kitchen, charity run, sign-up sheet, "
                         "clothing bank, fundraiser, delivery route, pantry shelves, volunteer badge",
                         "sorted, delivered, organized, collected, packed, stocked, served, raised, coordinated, signed up for",
                         "hectic, rewarding, short-staffed, generous, long, busy, grateful, chaotic, smooth, humbling",
                         "food bank, shelter, community hall, warehouse, church basement"),
    "wood": _domain("dovetail joint, workbench, chisel set, oak offcuts, bandsaw, varnish, table legs, sanding block, "
                    "bookshelf, router bit, clamps, dining chair, wood glue, lathe",
                    "sanded, planed, glued up, varnished, measured, cut, restored, stained, assembled, turned",
                    "warped, smooth, wobbly, sturdy, rough, splintery, glossy, square, seasoned, rustic",
                    "garage, workshop, timber yard, makerspace, salvage yard"),
    "fitness": _domain("yoga mat, spin class, kettlebell, rowing machine, stretching routine, swim lengths, plank, "
                       "personal trainer, step count, squat rack, gym membership, recovery day",
                       "stretched, lifted, swam, skipped, booked, held, trained, canceled, finished, signed up for",
                       "sore, energized, wobbly, strong, stiff, breathless, calm, exhausted, flexible, motivated",
                       "gym, pool, studio, leisure center, park"),
    # occupations
    "health": _domain("night shift, patient chart, ward round, discharge paperwork, rota, triage desk, clinic list, "
                      "staff meeting, lab results, referral letter, handover notes, vaccination drive",
                      "covered, charted, discharged, admitted, reviewed, triaged, audited, trained, swapped, handed over",
                      "understaffed, hectic, quiet, draining, routine, urgent, tense, calm, overbooked, smooth",
                      "hospital, clinic, ward, pharmacy, surgery"),
    "school": _domain("lesson plan, marking pile, parents' evening, field trip, timetable, exam paper, classroom display, "
                      "staff training, reading group, report cards, school play, lunch duty, curriculum review",
                      "marked, planned, taught, supervised, graded, rewrote, invigilated, organized, chaperoned, covered",
                      "rowdy, bright, exhausting, rewarding, chaotic, focused, noisy, quiet, patient, overdue",
                      "school, staff room, classroom, gym hall, library"),
    "office": _domain("quarterly report, budget review, client pitch, spreadsheet, contract renewal, team offsite, "
                      "performance review, slide deck, invoice batch, project deadline, audit, hiring round, vendor call",
                      "presented, drafted, approved, rescheduled, negotiated, finalized, reviewed, delegated, submitted, chased",
                      "overdue, tedious, promising, stressful, productive, pointless, tight, smooth, messy, urgent",
                      "office, boardroom, client site, coworking space, head office"),
    "build": _domain("site survey, steel delivery, scaffolding, concrete pour, blueprint revision, inspection, "
                     "crane booking, foundation, permit, safety briefing, drainage plan, roof trusses",
                     "surveyed, poured, inspected, revised, signed off, welded, measured, ordered, scheduled, rebuilt",
                     "muddy, behind schedule, solid, tricky, noisy, dusty, slow, precise, over budget, finished",
                     "building site, depot, yard, planning office, quarry"),
    "science": _domain("lab notebook, sample batch, grant proposal, peer review, microscope slide, data set, "
                       "conference poster, centrifuge, field samples, calibration, experiment log, journal article",
                       "analyzed, calibrated, submitted, cultured, replicated, measured, presented, sequenced, plotted, published",
                       "noisy, promising, contaminated, inconclusive, significant, tedious, elegant, messy, rigorous, odd",
                       "lab, field station, university, seminar room, core facility"),
    "shop": _domain("stock count, window display, till float, delivery van, customer complaint, loyalty card, "
                    "weekend rota, price labels, shelf reset, supplier order, stockroom",
                    "restocked, priced, served, unloaded, reordered, counted, arranged, refunded, wrapped, cashed up",
                    "busy, dead, fiddly, rushed, steady, quiet, messy, packed, slow, hectic",
                    "shop floor, stockroom, market stall, warehouse, high street"),
    "tech": _domain("code review, server migration, bug ticket, release branch, test suite, product demo, database, "
                    "sprint planning, dashboard, API change, outage, laptop upgrade, security patch",
                    "deployed, debugged, refactored, rolled back, merged, tested, shipped, patched, documented, migrated",
                    "flaky, broken, clean, slow, buggy, stable, elegant, hacky, fragile, fast",
                    "office, data center, standup, hackathon, home office"),
    "care": _domain("case file, home visit, support plan, court report, family meeting, intake form, care package, "
                    "group session, wellbeing check, referral",
                    "visited, assessed, followed up, documented, arranged, counselled, advocated for, reviewed, closed, opened",
                    "difficult, hopeful, heavy, delicate, long, positive, fraught, gentle, slow, encouraging",
                    "community center, family home, court, shelter, office"),
    "arts": _domain("gallery opening, commission, canvas, portfolio, exhibition wall, mural, design brief, "
                    "print run, artist talk, residency application, studio rent",
                    "painted, framed, pitched, curated, sketched, hung, printed, sold, designed, installed",
                    "bold, muted, striking, unfinished, playful, dark, luminous, busy, abstract, raw",
                    "gallery, studio, print shop, art fair, café wall"),
    # everyday life, shared by every group
    "home": _domain("leaky tap, boiler, spare room, garden fence, gutters, kitchen tiles, fridge, washing machine, "
                    "roof slates, bathroom grout, attic, doorbell, landlord's inspection, paint samples, skirting boards, "
                    "shed door, smoke alarm, curtain rail, loft insulation, patio slabs, dishwasher, window putty, wallpaper, "
                    "chimney, hallway carpet, garage shelving, fuse box, drainpipe, bathroom fan",
                    "fixed, replaced, painted, cleared, booked, unblocked, reorganized, tidied, measured, quoted for",
                    "drafty, damp, noisy, sparkling, broken, cluttered, cozy, chilly, freshly painted, rickety",
                    "hardware store, flat, basement, utility room, front porch"),
    "family": _domain("birthday party, school concert, family barbecue, wedding plans, anniversary dinner, "
                      "baby shower, reunion, christening, graduation, sleepover, holiday plans, grandparents' visit, "
                      "family photo album, school nativity, toddler tantrum, sibling rivalry, piano recital, camping weekend, "
                      "potluck, retirement speech, naming ceremony, surprise party",
                      "planned, hosted, missed, organized, postponed, attended, booked, wrapped presents for, baked for, filmed",
                      "lovely, chaotic, emotional, loud, tiring, sweet, awkward, perfect, rainy, memorable",
                      "grandma's house, community hall, back garden, restaurant, beach"),
    "food": _domain("noodle place, taco truck, brunch spot, bakery, pizza oven, tasting menu, ramen bar, "
                    "farmers' stall, curry house, ice-cream parlor, new deli, dim sum, oyster bar, kebab shop, "
                    "vegan café, sushi counter, steakhouse, gelato cart, bagel bakery, tapas place, creperie, smokehouse",
                    "tried, booked, recommended, queued for, reviewed, ordered from, shared, split, discovered, skipped",
                    "overpriced, delicious, greasy, authentic, disappointing, packed, cozy, salty, generous, tiny",
                    "old town, food hall, waterfront, market square, strip mall"),
    "money": _domain("tax return, phone bill, car insurance, savings plan, mortgage offer, gym fee, energy tariff, "
                     "receipts, pension letter, parking fine, loan paperwork, refund, council tax, overdraft, "
                     "credit score, broadband contract, water bill, premium bonds, expense claim, rent increase, payslip",
                     "paid, disputed, switched, filed, canceled, renewed, budgeted for, claimed, checked, saved for",
                     "expensive, confusing, cheaper, overdue, fair, outrageous, reasonable, hidden, steep, tidy",
                     "bank, post office, council office, accountant's, kitchen table"),
    "travel": _domain("flight deal, train pass, passport renewal, rental cottage, packing list, ferry crossing, "
                      "camping gear, road map, hostel booking, travel insurance, city break, visa form, sleeper train, "
                      "boarding pass, lost luggage, phrasebook, guesthouse, walking holiday, canal boat, ski pass, layover",
                      "booked, canceled, packed, planned, missed, rescheduled, upgraded, explored, visited, photographed",
                      "cramped, gorgeous, delayed, quiet, touristy, cheap, remote, rainy, relaxing, stressful",
                      "airport, station, coast, mountains, old quarter"),
    "health-life": _domain("dentist appointment, eye test, flu jab, physio session, prescription, sleep tracker, "
                           "allergy tablets, check-up, blood test, knee brace, vitamin routine, hearing test, "
                           "dental crown, inhaler, sports massage, step counter, sunburn, ankle sprain, migraine diary",
                           "booked, rescheduled, picked up, finished, skipped, started, tried, renewed, missed, passed",
                           "painless, awkward, overdue, reassuring, annoying, quick, sore, better, worse, routine",
                           "surgery, pharmacy, clinic, hospital, health center"),
    "shows": _domain("crime series, cooking competition, nature documentary, sitcom rerun, football match, quiz show, "
                     "season finale, film festival, podcast series, stand-up special, period drama, reality show, "
                     "spy thriller, anime series, baking contest, true-crime podcast, western, documentary series, musical",
                     "watched, binged, recorded, missed, recommended, streamed, rewatched, gave up on, caught, reviewed",
                     "addictive, slow, hilarious, tense, clumsy, gorgeous, predictable, bleak, clever, overrated",
                     "cinema, sofa, pub, friend's place, streaming queue"),
    "kids": _domain("spelling test, science project, swimming badge, parents' evening, lunch box, school trip form, "
                    "homework diary, football kit, nativity costume, head lice letter, book week outfit, class assembly, "
                    "sports day, reading record, times tables, lost jumper, after-school club, birthday invitation, "
                    "tooth fairy visit, sleepover bag",
                    "signed, packed, labeled, forgot, practiced, glued together, found, washed, ironed, checked",
                    "muddy, last-minute, adorable, soggy, lopsided, glittery, crumpled, proud, sticky, hopeless",
                    "school gate, playground, classroom, leisure pool, scout hut"),
    "pets": _domain("flea treatment, dog bed, scratching post, vet bill, puppy class, cat flap, fish tank filter, "
                    "rabbit hutch, chew toy, dog lead, grooming appointment, pet insurance, bird cage, hamster wheel, "
                    "worming tablets, kennel booking, muddy paw prints, litter tray, squeaky ball",
                    "walked, groomed, fed, trained, bathed, chased, rescued, microchipped, spoiled, rehomed",
                    "scruffy, lazy, greedy, nervous, muddy, clingy, shiny, hyper, sulky, gentle",
                    "vet's, dog park, pet shop, kennels, beach path"),
    "neighbors": _domain("boundary hedge, shared driveway, street party, parcel mix-up, barking dog, new neighbors, "
                         "garden bonfire, wheelie bins, noise complaint, lost cat poster, residents' meeting, "
                         "borrowed ladder, fence post, hedge cutter, late-night drilling, welcome card, skip outside",
                         "chatted about, complained about, returned, fixed, signed, organized, ignored, shared, swept, raised",
                         "friendly, awkward, noisy, nosy, helpful, petty, generous, tense, chatty, quiet",
                         "front step, cul-de-sac, shared yard, corner shop, bus stop"),
    "shopping": _domain("winter coat, new sofa, school shoes, garden furniture, kettle, birthday present, "
                        "weekly shop, charity shop find, returns pile, loyalty points, online order, clearance rail, "
                        "rug, mattress, reading glasses, wedding outfit, boots, duvet, picnic set",
                        "bought, returned, tried on, ordered, haggled over, browsed, exchanged, wrapped, found, reserved",
                        "bargain, pricey, flimsy, cozy, sturdy, tacky, elegant, scratchy, roomy, last",
                        "outlet village, high street, charity shop, market hall, shopping center"),
    "outings": _domain("zoo trip, aquarium visit, castle tour, pier arcade, boat trip, picnic spot, maze, waterfall walk, "
                       "steam railway, safari park, crazy golf, museum late, country fair, botanical garden, ice rink, "
                       "cave tour, lavender farm, pick-your-own farm, sculpture trail, seal colony",
                       "visited, explored, booked, braved, walked round, queued for, raved about, photographed, skipped, revisited",
                       "heaving, magical, drizzly, overpriced, peaceful, breezy, enchanting, muddy, underwhelming, glorious",
                       "seaside, national park, country estate, market town, harbor village"),
    "community": _domain("council meeting, library petition, recycling scheme, bus timetable, park cleanup, "
                         "town planning notice, polling station, community fridge, bench appeal, pothole report, "
                         "allotment waiting list, village newsletter, speed bump vote, Christmas market plans, "
                         "repair café, footpath closure, swimming pool campaign, noise survey",
                         "signed, attended, read, voted on, objected to, volunteered for, printed, circulated, backed, reported",
                         "heated, sleepy, pointless, inspiring, rowdy, drawn-out, civil, packed, bureaucratic, hopeful",
                         "town hall, library, community center, parish office, high school hall"),
    "weddings": _domain("save-the-date card, seating chart, first dance, hen weekend, stag do, wedding cake, "
                        "best man's speech, registry office, bouquet, guest list, wedding favors, ring bearer, "
                        "rehearsal dinner, honeymoon, wedding list, buttonholes, bridesmaid dress, evening buffet",
                        "planned, rehearsed, tasted, chose, booked, wrote, ordered, sewed, cried at, danced through",
                        "tearful, elegant, chaotic, romantic, overdone, sweet, rainy, lavish, intimate, rowdy",
                        "registry office, country house, barn venue, beach, hotel ballroom"),
}

def _merged(domain: str, more: tuple[str, str, str, str]) -> dict[str, tuple[str, ...]]:
    extra = _domain(*more)
    return {k: tuple(dict.fromkeys(v + extra[k])) for k, v in DOMAINS[domain].items()}


DOMAINS.update({name: _merged(name, more) for name, more in MORE.items()})

INTEREST_DOMAINS = {
    "gardening": "garden", "jazz records": "music", "trail running": "running", "pottery": "craft", "birdwatching": "birds",
    "chess": "games", "baking bread": "cooking", "woodworking": "wood", "film photography": "photo", "cycling": "cycling",
    "local history": "history", "board games": "games", "sailing": "water", "yoga": "fitness", "astronomy": "stars",
    "knitting": "craft", "fishing": "water", "podcasts about economics": "shows", "vintage cameras": "photo",
    "rock climbing": "climbing", "cooking Thai food": "cooking", "classical piano": "music", "comic books": "reading",
    "hiking": "running", "volunteering at the food bank": "volunteer", "learning Spanish": "language",
    "crossword puzzles": "games", "restoring furniture": "wood", "community theater": "theater", "beekeeping": "bees",
}
JOB_DOMAINS = (
    (("nurse", "doctor", "therap", "medical", "physician", "surgeon", "pharmac", "paramedic", "health", "dentist", "midwife",
      "clinical", "psych", "radiograph"), "health"),
    (("teacher", "lecturer", "tutor", "education", "professor", "school", "librarian"), "school"),
    (("engineer", "developer", "programmer", "software", "it ", "data", "systems", "web", "network", "technician"), "tech"),
    (("scientist", "chemist", "biolog", "physicist", "research", "geolog", "ecolog", "lab"), "science"),
    (("builder", "architect", "surveyor", "construction", "electrician", "plumber", "carpenter", "planner"), "build"),
    (("social", "counsel", "care", "youth", "probation", "community"), "care"),
    (("artist", "designer", "illustrat", "photograph", "animator", "writer", "editor", "music", "curator"), "arts"),
    (("retail", "sales", "shop", "buyer", "merchandis", "store", "barista", "chef"), "shop"),
)
SHARED_DOMAINS = ("home", "family", "food", "money", "travel", "health-life", "shows", "kids", "pets", "neighbors",
                  "shopping", "outings", "community", "weddings")

FEELINGS = _bank("exhausted, thrilled, relieved, nervous, fed up, proud, curious, annoyed, surprised, homesick, restless, "
                 "grateful, embarrassed, hopeful, overwhelmed, smug, confused, delighted, guilty, calm, skeptical, "
                 "impatient, giddy, drained, chuffed, wistful, jittery, content, miffed, amazed, sheepish, baffled, "
                 "torn, glum, rattled, cheerful, weary, buoyant, indignant, touched, uneasy, startled, fond, "
                 "cross, lighthearted, defeated, reassured, dazed")
WHEN = _bank("this morning, last night, on Sunday, yesterday afternoon, over the weekend, on Monday, last Thursday, "
             "the other day, earlier today, two weeks ago, on Friday evening, before lunch, after work yesterday, "
             "at dawn, late on Tuesday, during my lunch break, on Saturday morning, last month, "
             "the week before last, just before the rain")
LATER = _bank("next week, on Saturday, tomorrow evening, after the holidays, this weekend, on Wednesday, "
              "sometime in spring, once things calm down, before my birthday, next Friday, in a fortnight, "
              "after payday, tomorrow, on Sunday, in October, over Easter, after the school run, tonight, "
              "at lunch, before the move, next month, after the match, first thing Monday, later today")
DURATIONS = _bank("twenty minutes, three hours, most of the afternoon, half the night, a whole weekend, ten minutes, "
                  "two full days, ninety minutes, all morning, forty-five minutes, the entire evening, two hours, "
                  "five hours, a week, six evenings, an afternoon, four weekends, thirty minutes, eight hours, ages")
AMOUNTS = _bank("twelve dollars, forty bucks, ninety-odd dollars, sixty-five dollars, a fiver, two hundred dollars, "
                "eighteen dollars, thirty-odd dollars, nine dollars, a small fortune")
OPENERS = _bank("Honestly, So, Okay, Guess what, Funny thing, Well, You know what, Listen, Oh, Right, Anyway, "
                "Between us, By the way, Quick update, Remember, Ugh, Good news, Small thing, Weirdly, Heads up, Right then, "
                "Funnily enough, Get this, Before I forget, Speaking of which, Mind you, Now then, "
                "Random thought, Believe it or not, Turns out, Fun fact, Real talk, On another note, Long story short")
REACTIONS = _bank("No way, Seriously, That's brilliant, Oh dear, Typical, Lucky you, Poor thing, Ha, Of course, "
                  "Wow, Yikes, Fair, Classic, Oh nice, Hang on, Wait, Bless, Huh, Brutal, Oof, Blimey, Gosh, Good grief, "
                  "Goodness, Oh wow, Oh no, Nice one, Crikey, Ouch, Fancy that, Well done, Amazing, Dear me, "
                  "Unbelievable, Figures, Sounds about right, Never, Go on, Cheers for that")

# General banks any thread may draw on.
FOODS = _bank("lentil soup, fish tacos, lemon tart, pad see ew, banana bread, mushroom risotto, chili con carne, "
              "apple crumble, falafel wraps, beef stew, veggie lasagna, key lime pie, miso ramen, shakshuka, pierogi, "
              "samosas, goulash, clam chowder, blueberry muffins, pulled pork, gnocchi, paella, spring rolls, "
              "carrot cake, jollof rice, biryani, cornbread, tiramisu, pho, empanadas, quiche, brisket, baklava, "
              "churros, borscht, tabbouleh, jambalaya, pancakes, scones, dumplings, moussaka, croissants, "
              "shepherd's pie, fish pie, bread pudding, chicken satay, egg fried rice, minestrone, flapjacks, "
              "lamb tagine, bean chili, sticky toffee pudding, jerk chicken, potato salad, french toast, gumbo, "
              "spanakopita, bibimbap, katsu curry, ratatouille, meatballs, coleslaw, rhubarb crumble, cheese scones, "
              "enchiladas, nasi goreng, sausage rolls, trifle, pavlova, corn fritters, hot cross buns, chicken soup")
OBJECTS = _bank("umbrella, thermos, extension cord, phone charger, sewing kit, flashlight, toolbox, step ladder, "
                "hammock, kettle, blender, lawnmower, suitcase, backpack, bike lock, picture frame, doormat, "
                "spice grinder, laptop stand, bookshelf, radiator key, garden hose, ironing board, coat rack, "
                "headphones, alarm clock, desk lamp, rice cooker, air fryer, yoga block, cool box, deck chair, "
                "tape measure, sleeping bag, tent pegs, cake tin, paddling pool, stepladder, jump leads, hand drill, "
                "watering can, wheelbarrow, sewing machine, fishing net, camping stove, snow shovel, baby monitor, "
                "sewing basket, typewriter, pressure washer, ice-cream maker, slow cooker, hedge trimmer, dartboard, "
                "bread maker, guitar stand, hot water bottle, sledge, easel, microscope, waffle iron, label maker")
ANIMALS = _bank("beagle, tabby cat, parrot, hamster, tortoise, goldfish, labrador, rabbit, ferret, guinea pig, "
                "border collie, gecko, cockatiel, pony, dachshund, husky, corgi, goat, hens, ducks, bloodhound, spaniel, "
                "budgie, chinchilla, terrier, ginger tom, axolotl, whippet, poodle, lovebird, bearded dragon, alpaca")
ADVERBS = _bank("honestly, frankly, basically, apparently, luckily, weirdly, annoyingly, thankfully, oddly, clearly, "
                "naturally, sadly, happily, seriously, strangely, somehow, obviously, surprisingly, ironically, "
                "admittedly, technically, literally, probably, definitely, mostly, barely, nearly, roughly, "
                "reluctantly, stubbornly, cheerfully, quietly, grudgingly, proudly, carefully, hastily, secretly, "
                "patiently, bravely, wisely, clumsily, boldly, cautiously, eventually, gladly, sheepishly")
EVENTS = _bank("bake sale, street party, quiz night, charity gala, open day, book launch, school fete, pub quiz, "
               "housewarming, leaving do, office party, craft fair, car boot sale, garden party, jumble sale, "
               "talent show, tasting evening, barn dance, fun run, retirement party, christening, reunion dinner, "
               "wine tasting, carol service, fireworks night, harvest supper, village show, coffee morning, "
               "ceilidh, sponsored walk, raffle night, prize giving, wedding fair, beer festival, plant sale, "
               "swap shop, poetry night, choir concert, dog show, charity auction, film night, open mic, "
               "family fun day, ghost walk, cheese fair, cake contest, dance recital, chili cook-off")
WEATHER = _bank("drizzle, heatwave, hailstorm, cold snap, fog bank, gale, sleet, muggy spell, thunderstorm, frost, "
                "downpour, dry spell, flurries, mist, scorcher, storm alert, hard frost, black ice, sea fret, "
               "wind chill, sandstorm forecast, pollen spike, flash flood, humid night, late snow")
LANGUAGES = _bank("Spanish, Portuguese, Italian, Japanese, Korean, Mandarin, Cantonese, Arabic, Turkish, Greek, Polish, "
                  "Dutch, Swedish, Norwegian, Finnish, Hungarian, Czech, Swahili, Hindi, Tagalog, Vietnamese, Thai, "
                  "Welsh, Irish, Icelandic, Hebrew, Farsi, Ukrainian, Romanian, Basque")


# Words a line says once: a piece that would say one again is not used ("finally ... finally").
ONCE = frozenset(("finally", "honestly", "actually", "anyway", "again", "now", "usually", "always", "normally"))


def once_words(text: str) -> frozenset[str]:
    return ONCE & set(re.findall(r"[a-z]+", text.lower()))


def fresh(pieces: tuple[str, ...], text: str) -> tuple[str, ...]:
    """The ``pieces`` that say none of the words ``text`` says once already (all of them if none is left)."""
    said = once_words(text)
    kept = tuple(p for p in pieces if not said & once_words(p))
    return kept or pieces
