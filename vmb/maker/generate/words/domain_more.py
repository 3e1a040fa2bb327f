"""More of each talk domain of ``lexicon.DOMAINS``, in our own words: further things, what one does with
them, how it went and where, added to the domain's own banks (``lexicon`` merges them). Pure data.

Each row is ``items | acts | qualities | places`` as in ``lexicon._domain``; a history of thousands of
lines draws on every bank of its people's domains hundreds of times, so each bank is long.
"""

from __future__ import annotations

MORE: dict[str, tuple[str, str, str, str]] = {
    "garden": ("runner beans, slug pellets, cold frame, wildflower strip, pond liner, gooseberry bush, hedge cutter, "
               "hanging basket, lavender border, rhubarb crowns, bird bath, water butt, sweet peas, plum tree",
               "sowed, dug over, netted, thinned out, divided, deadheaded, edged, raked, limed, potted up",
               "waterlogged, patchy, tidy, bolted, sun-baked, straggly", "plot by the river, walled garden, garden show, "
               "seed swap, flower market, orchard, potting shed"),
    "music": ("choir part, ukulele, guitar strap, practice amp, songbook, duet, concert program, piano tuner, "
              "audition tape, drum stool, bass clef, jazz standard, brass band, harmony line",
              "arranged, busked, conducted, harmonized, improvised, jammed, played through, learned, composed, retuned",
              "jazzy, rousing, tinny, mellow, shaky, tuneful", "music shop, bandstand, concert hall, recording studio, "
              "folk club, piano teacher's, practice hut"),
    "running": ("parkrun, running club, ankle strap, sports gel, race medal, marathon plan, trail map, recovery run, "
                "running vest, fell race, track session, cross-country course, hill sprint, running buddy",
                "trained for, entered, limped through, warmed up for, strapped, ran, walked, pushed through, timed, signed up for",
                "soggy, rocky, lonely, relentless, gentle, speedy", "riverside, forest trail, seafront, athletics club, "
                "reservoir loop, old railway path, sports field"),
    "craft": ("crochet hook, tapestry, origami crane, beading kit, leather wallet, candle mold, soap batch, macrame hanger, "
              "patchwork bag, paper flowers, rag rug, stained glass piece, button jar, cross-stitch",
              "crocheted, beaded, molded, creased, wove, dyed, unpicked, hemmed, appliqued, finished off",
              "wonky, pastel, intricate, rustic, tangled, neat", "haberdashery, community workshop, art room, "
              "Christmas market, fabric shop, summer school, library craft club"),
    "birds": ("robin, barn owl, nuthatch, bird ringer, swallow nest, tern colony, buzzard, bittern, curlew, "
              "dawn chorus, mud flats, bird table, starling murmuration, redstart",
              "recorded, watched, heard, counted, photographed, filmed, reported, sketched, listened to, spotted",
              "shy, fleeting, plump, drab, scruffy, darting", "heathland, salt marsh, bird hide, clifftop, woodland path, "
              "wetland center, gravel pits"),
    "games": ("card game, trivia night, dice game, bridge hand, poker chips, sudoku, word game, quiz app, backgammon, "
              "domino set, escape room, model figures, tabletop campaign, rules booklet",
              "bluffed, dealt, drew, cheated at, forfeited, memorized, explained, shuffled, reset, tied",
              "cutthroat, baffling, endless, friendly, lucky, fiddly", "games café, pub back room, community center, "
              "kitchen table, games shop, club hall, tournament hall"),
    "cooking": ("risotto rice, spice blend, stock cubes, baking tray, soufflé, sponge cake, pickle jars, noodle soup, "
                "steamer basket, meal plan, knife set, recipe card, dinner party menu, pastry case",
                "whisked, stirred in, reduced, grilled, steamed, stuffed, pickled, rolled out, glazed, minced",
                "soggy, tender, sticky, zesty, burnt, moreish", "farm shop, fishmonger's, bakery, deli counter, market, "
                "supper club, allotment kitchen"),
    "cycling": ("bike bell, pannier, kickstand, gear cable, derailleur, mudguards, puncture kit, bike pump, "
                "cycle helmet, spoke, tandem, club run, sportive, bike lane",
                "pumped up, trued, swapped, fitted, greased, wheeled, shut up shop, hired, cleaned, fixed",
                "creaky, nippy, muddy, breezy, tiring, flat out", "cycle café, towpath, bike hire shop, trail center, "
                "coast path, bike club, cycle lane"),
    "history": ("old letters, parish map, estate records, ration book, school logbook, medal, trade directory, "
                "mill records, ship's log, wartime poster, guild charter, newspaper archive, burial record, tithe map",
                "photocopied, requested, sorted, compared, translated, pieced together, visited, mapped, indexed, checked",
                "yellowed, patchy, incomplete, vivid, heartbreaking, tangled", "record office, local library, church vestry, "
                "historical society, county museum, university archive, old mill"),
    "water": ("canoe, sea kayak, mooring buoy, sail bag, fishing license, boat trailer, anchor chain, rowing boat, "
              "paddleboard, swim buoy, tide clock, harbor fees, keel, fishing float",
              "rowed, sailed, fished, towed, scrubbed, patched, dragged up, repainted, tied up, hauled out",
              "murky, sparkling, rolling, misty, still, freezing", "slipway, river bank, sailing club, fishing pier, "
              "boatyard, reservoir, cove"),
    "stars": ("star party, planisphere, binocular mount, solar filter, eclipse glasses, lunar crater, aurora, "
              "satellite pass, star trail, moons of Jupiter, Milky Way, shooting star, night sky app, astronomy book",
              "spotted, waited for, counted, pointed out, timed, caught, set up, explained, packed up, checked",
              "milky, twinkling, washed out, spectacular, freezing, pin-sharp", "moorland car park, beach, back garden, "
              "planetarium, science center, campsite, lighthouse path"),
    "climbing": ("rope bag, carabiner, bouldering mat, guidebook, via ferrata, abseil, slab route, crack climb, "
                 "climbing partner, chalk ball, hangboard, indoor wall, sport route, approach shoes",
                 "abseiled, scrambled, hung off, trained on, coiled, clipped, traversed, downclimbed, checked, led",
                 "chossy, exposed, friendly, greasy, steep, breezy", "limestone crag, gritstone edge, climbing center, "
                 "old quarry, mountain hut, sea stack, training wall"),
    "reading": ("library card, hardback, thriller, biography, graphic novel, anthology, book token, bookmark, "
                "travel memoir, cookbook, fantasy series, essay collection, bedtime story, large-print edition",
                "read aloud, finished off, swapped, returned, bought, picked up, quoted, gave up on, lent out, borrowed again",
                "heartwarming, sprawling, thin, unputdownable, tedious, chilling", "bookshop café, book fair, mobile library, "
                "reading group, hammock, bus, book swap shelf"),
    "theater": ("panto, ticket stub, rehearsal schedule, makeup kit, wig, stage door, matinee, chorus line, "
                "read-through, box office, trap door, backdrop, dress code, costume rail",
                "watched, ushered, prompted, rewrote, sang, recast, rigged, painted, cheered, reviewed",
                "campy, gripping, ragged, slick, overlong, touching", "playhouse, village hall, arts center, "
                "open-air stage, fringe venue, school hall, theater bar"),
    "bees": ("bee brush, hive tool, wax candles, observation hive, pollen patties, queen excluder, honey label, "
             "swarm call, bee veil, mite board, winter feed, drone comb, apiary log, hive roof",
             "brushed, weighed, labeled, wintered, checked, scraped, spun, moved, united, robbed",
             "gentle, moody, crowded, waxy, thin, dark", "bee shed, allotment corner, meadow, heather moor, "
             "village fete, honey stall, association meeting"),
    "photo": ("wide-angle lens, memory card, photo book, slide projector, polaroid, lens cap, photo competition, "
              "studio backdrop, reflector, wedding shoot, passport photo, time-lapse, panorama, street portrait",
              "edited, enlarged, snapped, uploaded, entered, mounted, restored, exhibited, sorted, backed up",
              "sharp, dreamy, crooked, candid, noisy, faded", "photo club, seafront, market, wedding venue, "
              "print lab, exhibition, camera fair"),
    "language": ("flashcards, phrase app, pen friend, grammar book, listening exam, idiom list, tandem partner, "
                 "audio drama, film with subtitles, spelling rule, evening test, language badge, diary entry, tongue twister",
                 "learned, repeated, wrote out, read through, looked up, listened to, recited, misunderstood, corrected, revised",
                 "baffling, musical, guttural, polite, slangy, clear", "language school, library corner, "
                 "video call, bakery, market stall, school hall, summer course"),
    "volunteer": ("tombola, bake stall, litter pick, rota sheet, tea urn, charity shop shift, first aid post, "
                  "collection tin, raffle prizes, hi-vis vest, welcome desk, minibus run, toy appeal, lunch club",
                  "staffed, ran, counted up, handed out, cleaned up, drove, manned, fetched, recruited, thanked",
                  "cheerful, soggy, understaffed, heartwarming, exhausting, lively", "charity shop, town square, "
                  "park, day center, parish hall, youth club, care home"),
    "wood": ("spoon blank, bird box, coffee table, picture frame, dowel, spokeshave, tenon saw, drill press, "
             "wood stain, mortise, cabinet door, garden bench, toy train, chopping board",
             "carved, whittled, jointed, clamped, oiled, waxed, drilled, shaped, fitted, finished",
             "knotty, silky, twisted, chunky, crooked, handsome", "woodshed, carpentry class, reclamation yard, "
             "craft market, tool shop, shed, community workshop"),
    "fitness": ("pilates class, boot camp, resistance band, exercise bike, fitness app, dance class, "
                "circuit session, rowing class, aqua aerobics, warm-up, protein shake, foam mat, press-ups, treadmill",
                "managed, attempted, skipped, repeated, doubled, tried out, pushed through, stretched out, quit, joined",
                "achy, sweaty, upbeat, punishing, gentle, relaxed", "sports hall, church hall, spa, boxing gym, "
                "rec ground, lido, dance studio"),
    "health": ("locum shift, outpatient list, bed shortage, case conference, medicines round, discharge lounge, "
               "flu clinic, agency nurse, training module, student placement, clinic audit, on-call night, bleep, theater list",
               "covered for, swapped, booked, briefed, supervised, signed off, chased up, logged, escalated, handed over",
               "relentless, quiet, frantic, steady, short-handed, grim", "outpatients, emergency department, "
               "staff canteen, training room, community clinic, care home, day unit"),
    "school": ("seating plan, mock exam, school disco, detention list, sports fixture, science fair, art display, "
               "open evening, coursework, form time, supply cover, swimming gala, exam timetable, homework club",
               "covered, set, collected, moderated, ran, chased, rehearsed, decorated, displayed, wrote",
               "restless, giggly, tired, brilliant, hopeless, promising", "sports hall, science lab, music room, "
               "school office, playground, dinner hall, staff car park"),
    "office": ("weekly report, all-hands meeting, away day, expense form, org chart, planning session, "
               "client dinner, status update, board paper, new starter, desk move, office plant, team lunch, project plan",
               "scheduled, rewrote, circulated, shelved, sponsored, kicked off, escalated, wrapped up, pitched, tidied up",
               "political, dull, hectic, upbeat, rushed, pointless", "meeting room, canteen, branch office, "
               "hotel conference room, video call, client's office, open-plan floor"),
    "build": ("site hut, cement mixer, steel girder, brick delivery, snagging list, site meeting, load test, "
              "scaffold tag, hard hat, timber frame, floor plan, building inspector, skip hire, ground survey",
              "laid, framed, plastered, rendered, leveled, tiled, propped, bricked up, dug out, handed over",
              "waterlogged, shaky, square, cramped, rushed, tidy", "site office, builder's merchant, plant hire yard, "
              "show home, council office, client's house, storage depot"),
    "science": ("fume cupboard, field trip, sample fridge, thesis chapter, lab meeting, poster session, "
                "grant report, pipette, spectrometer, tissue samples, statistics, control group, ethics form, lab rota",
                "pipetted, centrifuged, stained, incubated, recorded, graphed, drafted, reviewed, ordered, repeated",
                "baffling, clean, noisy, exciting, patchy, robust", "field site, greenhouse, lab bench, "
                "conference hall, library, research station, cold room"),
    "shop": ("sale rail, shoplifter, gift wrap, stock delivery, shop window, price check, customer queue, "
             "display stand, cash drawer, returns desk, seasonal stock, mannequin, stock sheet, promo banner",
             "unpacked, tagged, displayed, rang up, boxed, swept, shut up shop, returned, marked down, sold out of",
             "crowded, sleepy, frantic, tidy, chaotic, dull", "back office, loading bay, shopping arcade, "
             "pop-up stall, market square, outlet, farm shop"),
    "tech": ("login system, backup, spam filter, support ticket, new laptop, password reset, firewall, chatbot, "
             "mobile app, beta test, user survey, cloud bill, on-call rota, load test",
             "fixed, reset, rebuilt, configured, monitored, tested, logged, upgraded, scripted, reviewed",
             "laggy, slick, clunky, solid, cryptic, neat", "server room, help desk, client site, coffee shop, "
             "meetup, training room, co-working space"),
    "care": ("home assessment, respite break, carer's rota, benefits form, advocacy meeting, day center place, "
             "safeguarding call, parenting class, case review, follow-up visit, support group, care plan, crisis call, welfare check",
             "phoned, escorted, supported, checked on, wrote up, helped, signposted, met, chased, reassured",
             "tough, hopeful, tearful, calm, worrying, bright", "day center, GP surgery, library, youth club, "
             "family center, housing office, drop-in"),
    "arts": ("sketch session, pop-up show, gallery sale, portrait, still life, collage, zine, sculpture, pottery piece, "
             "art prize, life drawing class, open studio, print sale, art trail",
             "drew, sculpted, exhibited, framed, finished, priced, shipped, varnished, photographed, sold",
             "quirky, moody, vivid, bleak, tender, messy", "open studio, arts festival, framing shop, "
             "café gallery, sculpture park, library wall, print studio"),
    "home": ("shower seal, loft ladder, boiler service, door hinge, kitchen drawer, cellar, dripping gutter, "
             "damp patch, bathroom tiles, meter reading, storage boxes, garden gate, cat flap, airing cupboard",
             "sealed, oiled, sanded, regrouted, replaced, sorted, cleared out, bled, reset, repaired",
             "creaky, spotless, musty, cramped, airy, peeling", "loft, cellar, shed, landing, spare room, "
             "garden center, builder's yard"),
    "family": ("family quiz, Sunday lunch, holiday photos, first tooth, school report, christening gown, "
               "wedding speech, baby's first steps, family recipe, cousin's engagement, grandad's birthday, "
               "new baby, family holiday, garden wedding",
               "celebrated, planned, remembered, visited, skipped, drove to, arranged, cooked for, phoned, surprised",
               "tearful, rowdy, happy, tense, warm, hectic", "grandad's flat, holiday cottage, village hall, "
               "aunt's house, park, campsite, church"),
    "food": ("pie shop, falafel stand, dumpling house, fish and chip shop, pop-up kitchen, vegan bakery, "
             "Korean barbecue, tea room, burger van, juice bar, noodle bar, oyster shack, sandwich place, wine bar",
             "ate at, went to, booked at, tried out, raved about, queued at, walked past, reviewed, loved, avoided",
             "cheap, noisy, spicy, slow, charming, cramped", "harbor front, retail park, station concourse, "
             "high street, covered market, riverside, back street"),
    "money": ("bank statement, phone contract, savings account, direct debit, credit card bill, payday loan letter, "
              "budget spreadsheet, pension pot, insurance renewal, parking permit, TV license, tax code, rent deposit, bill split",
              "sorted out, queried, paid off, signed up for, switched, complained about, paid, worked out, budgeted, appealed",
              "baffling, pricey, painful, modest, sneaky, generous", "building society, credit union, "
              "phone queue, website, council desk, advice center, banking app"),
    "travel": ("coach trip, road trip, cruise brochure, travel adapter, hotel booking, city map, day trip, "
               "campervan, walking boots, beach hut, youth hostel, train strike, flight delay, rail card",
               "booked up, sorted, rebooked, paid for, looked into, planned out, changed, shortened, lengthened, priced up",
               "sleepy, crowded, breathtaking, soggy, pricey, peaceful", "ferry terminal, campsite, old town square, "
               "mountain village, seaside town, service station, tourist office"),
    "health-life": ("dental check, smear test, eye drops, back pain, hay fever, cold sore, cough medicine, "
                    "sleep routine, ear syringing, flu symptoms, physio exercises, diet plan, vitamin D, heartburn",
                    "booked in for, put off, sorted, rearranged, mentioned, looked into, kept up, got through, asked about, tracked",
                    "nagging, mild, grim, stubborn, sharp, fine", "walk-in center, opticians, dentist's, "
                    "gym, physio clinic, health food shop, doctor's"),
    "shows": ("game show, chat show, box set, soap opera, news quiz, wildlife series, property show, "
              "talent contest, costume drama, detective show, cartoon, travel show, history documentary, sketch show",
              "watched, paused, fell asleep during, caught up on, quoted, argued about, stopped watching, started, finished, rated",
              "cheesy, gripping, soppy, daft, moving, silly", "living room, bed, laptop, film club, "
              "open-air cinema, sports bar, neighbors' house"),
    "kids": ("show and tell, paddling lesson, class photo, tooth brushing chart, piano practice, tablet time, "
             "cub camp, sticker chart, bedtime routine, school disco outfit, lost water bottle, art project, spelling list",
             "helped with, signed, finished, found, sorted, packed, checked, forgot, practiced, remembered",
             "grumpy, giddy, sleepy, chaotic, clever, messy", "soft play, library story time, park, "
             "swimming lessons, holiday club, grandma's, school hall"),
    "pets": ("dog walker, cat tree, fish food, guinea pig run, dog coat, tick remover, pet sitter, vet check, "
             "dog biscuits, travel crate, cat carrier, bird seed, dog wash, collar tag",
             "bought, sorted, found, cleaned, replaced, booked, tried, packed, returned, checked",
             "naughty, timid, fluffy, smelly, playful, old", "dog beach, animal shelter, grooming parlor, "
             "fields behind the house, pet store, kennel club, park pond"),
    "neighbors": ("shared fence, communal garden, spare key, street group chat, ivy, grit bin, parking row, "
                  "garden swing, new baby next door, loud party, moving van, bird feeder, apple glut",
                  "mentioned, sorted, shared, fixed, borrowed, cleared, trimmed, complained about, ignored, talked about",
                  "kind, odd, grumpy, lovely, loud, private", "back lane, garden wall, street corner, "
                  "residents' hall, communal stairs, shared garden, pub on the corner"),
    "shopping": ("gift card, handbag, raincoat, shelf unit, curtains, birthday cake, party supplies, phone case, "
                 "gardening gloves, coffee machine, board game, school uniform, paint tins, football boots",
                 "picked out, compared, paid for, collected, sent back, assembled, hunted for, splurged on, swapped, priced up",
                 "cheerful, cheap, fiddly, huge, smart, faulty", "furniture store, garden center, department store, "
                 "DIY store, online shop, toy shop, retail park"),
}
