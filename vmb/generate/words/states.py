"""Temporary states the procedural chains are built on (our own words): how a person says one
begins (``start``), ends (``end``) and comes back (``again``) in the history, and how a query alludes
to its end (``over``) or its return (``back``) in other words, never the history's sentence. What
each state moves, and which way, is ``causes.AFFECTS``.
"""

from __future__ import annotations

from dataclasses import dataclass


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
    "back": _s("I strained my back hauling those planters|my lower back went out"
               "|I pulled something in my back lifting the mattress|my back seized up in the garden",
               "my back is finally back to normal|the physio cleared me, no more back trouble|my back healed up nicely"
               "|the pain in my back cleared up",
               "my back is acting up again|I think I tweaked my back again|my back went out once more"
               "|that back pain returned",
               "my spine has stopped complaining|I sat through a whole film without wincing"
               "|I can bend down to tie my laces with no trouble|I touched my toes without a twinge",
               "that old twinge in my spine is here again|the physio will be seeing me again"
               "|I'm hobbling around like last year|my spine is giving me grief all over again"),
    "fever": _s("I'm feverish and can't get warm|I've come down with something that leaves me shivery"
                "|the flu keeps me freezing all the time|some bug is giving me the chills",
                "I'm over that flu at last|the fever broke, I'm fine now|the flu ran its course|I beat that bug",
                "I think the flu is coming back|I'm feverish again|the fever flared up once more"
                "|I caught that bug a second time",
                "that bug has left me for good|I finished a whole plate of food yesterday|I'm out of bed and eating properly"
                "|the hot water bottle is put away",
                "the chills are back|I've got the shivers all over again|I'm huddled under blankets once more"
                "|my forehead is burning up for a second time"),
    "eyes": _s("my eyes sting from the new contacts|the eye doctor dilated my pupils"
               "|I caught conjunctivitis|an infection left my eyes puffy",
               "my eyes have settled down completely|the irritation is gone now|the eye drops did their job"
               "|the infection in my eyes cleared",
               "my eyes are irritated again|the contacts are bothering me again|the stinging in my eyes returned"
               "|my eyes are sore once more",
               "my eyes feel fine|I read a whole report on my laptop without squinting"
               "|I can look at bright things without watering up|my eyes have stopped twitching",
               "my eyes are stinging like before|I'm squinting through these lenses once more"
               "|I'm rubbing my eyes all day like last spring|the itch behind my eyelids has come back"),
    "wrist": _s("I sprained my wrist at volleyball|my wrist is in a brace|I jarred my wrist falling on the ice"
                "|my wrist swelled up after I slipped",
                "the brace is gone at last|my wrist has healed|the swelling in my wrist went down"
                "|the hand specialist signed me out",
                "I hurt my wrist again|the wrist is sore again|I twisted that wrist once more"
                "|my wrist is strapped up once more",
                "I can grip things properly|both hands work properly again|I opened a jar by myself yesterday"
                "|I'm typing at full speed",
                "the brace is back|my hand is strapped up for a second time|my wrist is throbbing all over again"
                "|I'm wearing the support all over again"),
    "guest": _s("my cousin came to stay|we have a houseguest|a friend from abroad is visiting"
                "|my brother-in-law is in town|my old roommate is sleeping on our sofa|my niece is spending her vacation with us"
                "|we're putting up a college friend|my aunt is over from Canada",
                "our guest flew home this morning|the visit is over, the spare room is empty again"
                "|our guest caught the train back|our visitor left for the airport|our houseguest has gone"
                "|the visit ended",
                "our guest is back for another visit|our guest is staying with us again"
                "|the visitor from abroad returned|we've got a houseguest once more",
                "we have the place to ourselves|the guest bed is stripped and put away|the house is quiet with just us"
                "|nobody is borrowing my toothpaste",
                "the spare bed is made up once more|we've got company in the house again"
                "|our visitor is sleeping on the sofa once more|I'm sharing the bathroom with a guest for a second time"),
    "boots": _s("I'm wearing those chunky work boots this month|the new site requires steel-toe boots"
                "|I'm stomping around in heavy safety boots for this job|my new job means clumpy rubber boots all day",
                "the site job is done, no more boots|I'm back in normal shoes|I handed in the site gear"
                "|the job that needed boots is done",
                "I'm back in the work boots for another job|I have to wear the steel-toes again"
                "|another site means heavy boots once more|the safety boots are back for a new job",
                "I'm wearing sneakers|the heavy boots are in the closet|I'm in my comfy loafers"
                "|the site gear has gone back",
                "the heavy boots are out of the closet|it's steel toes for me once more"
                "|I'm clomping about in work boots all over again|the chunky footwear has returned"),
    "project": _s("I'm on this night-shift project for a few weeks|the audit has me working strange hours"
                  "|I've been put on the graveyard shift at the depot|work put me on overnight shifts",
                  "the project wrapped up on Friday|that assignment is over|I'm done with the graveyard shift"
                  "|the overnight shifts ended",
                  "they put me back on that project|the night work has started again|I'm on the graveyard shift once more"
                  "|the audit came round a second time",
                  "I keep office hours like everyone else|my schedule looks sane|I sleep when everybody else does"
                  "|I'm working sensible hours",
                  "my calendar is a mess once more|the late shifts are back|my sleep is upside down for a second time"
                  "|I'm clocking in when everyone else goes to bed"),
    "pregnant": _s("the doctor told me to keep things gentle after the operation|I'm recovering from minor surgery"
                   "|I'm still tender after having my appendix out|I'm healing slowly from an operation",
                   "the doctor gave me a clean bill of health|recovery is done, I feel like myself"
                   "|the surgeon is happy with how I healed|my convalescence is behind me",
                   "the doctor wants me to take it easy again|I'm back to recovering after the follow-up"
                   "|a second procedure left me sore once more|the surgeon has me resting once more",
                   "the stitches are long gone|I'm back to my old self|the scar barely twinges"
                   "|I've been cleared to lift heavy things",
                   "I'm under doctor's orders once more|the follow-up has me resting up|I've got fresh stitches"
                   "|I'm guarding every movement like after the operation"),
    "pollen": _s("hay fever season has started and I'm sneezing nonstop|the pollen count is through the roof this week"
                 "|all this blossom is wrecking my sinuses|the grass pollen is making my nose stream",
                 "hay fever season is over|the pollen has finally died down|my allergies calmed down"
                 "|the blossom season passed",
                 "the pollen is back and so is my sneezing|hay fever has started up again"
                 "|my allergies flared up once more|the sneezing season returned",
                 "I can breathe freely|the antihistamines are in the drawer|I haven't sneezed in days"
                 "|the tissues have gone back in the cupboard",
                 "my nose is streaming like last spring|the sneezing fits have returned"
                 "|my eyes itch from the pollen for a second time|the allergy tablets are out of the drawer"),
    "grandkids": _s("the grandkids are staying with us for the holidays|we're minding my sister's twins this month"
                    "|we've got the grandchildren for the summer break|my daughter's little ones are staying over",
                    "the little ones went home yesterday|the kids are back with their parents|our young visitors went home"
                    "|the little visitors left",
                    "the grandkids are back for another stay|we're minding the twins again"
                    "|the grandchildren are coming to stay once more|we're babysitting my sister's pair once more",
                    "there are no cracker crumbs anywhere|the house is calm without the little ones"
                    "|the toy box is packed away|nobody asks me for snacks",
                    "the booster cushions are back in the car|the house is full of little ones once more"
                    "|the sticker books are everywhere for a second time|I'm reading bedtime stories like last summer"),
    "medication": _s("these new pills from the doctor make me run hot|my new medication has me overheating all day"
                     "|the tablets I'm taking leave me flushed and sweaty|my new prescription leaves me boiling all the time",
                     "the doctor stopped those pills|I finished that course of medication"
                     "|I'm done with the tablets that made me sweat|my prescription was changed back",
                     "I'm back on those pills that make me overheat|the doctor put me on that medication again"
                     "|the sweaty tablets started once more|I'm taking those flushing pills again",
                     "those hot-making pills are history|I don't sweat through my shirts|I wear a sweater without melting"
                     "|my cheeks aren't flushed all day",
                     "I'm fanning myself at my desk like before|those hot flushes have started up again"
                     "|the sweating is back with the latest prescription|I'm mopping my brow at work for a second time"),
    "glasses": _s("I sat on my glasses and I'm stuck with my old pair|my reading glasses went to the repair shop"
                  "|I lost my glasses last week|the arm of my glasses snapped",
                  "my new glasses are ready at last|I picked up my repaired glasses"
                  "|the optician handed me my fixed frames|I've got my proper glasses back",
                  "I broke my glasses again|my glasses are back at the repair shop|my glasses snapped once more"
                  "|I misplaced my good glasses once more",
                  "I can read the small print without holding it at arm's length|my repaired frames are in my pocket"
                  "|I see the fine print clearly|my eyewear is sorted",
                  "I'm squinting through my spare pair once more|the optician has my glasses for another week"
                  "|I'm peering at everything like last year|my good frames are in for repairs all over again"),
    "battery": _s("the mechanic says the battery is nearly dead|the battery warning keeps flickering"
                  "|the car struggles to start every day|the garage warned me the battery is failing",
                  "the new battery went in|the garage swapped the battery|the battery problem is fixed"
                  "|the electrics are sorted",
                  "the battery warning is flickering again|the new battery is already acting up"
                  "|the car struggled to start once more|the battery is failing a second time",
                  "the warning icon has disappeared|the garage says the electrics are healthy"
                  "|the engine fires up first time|the car starts without a cough",
                  "that warning is glowing at me once more|the mechanic wants the car back in the shop"
                  "|the engine is slow to turn over once more|the battery icon has returned"),
    "ankle": _s("I broke my ankle so it's in plaster|my foot is in a plaster cast|I fractured my ankle on the stairs"
                "|I'm stuck with crutches after breaking my ankle",
                "the cast was cut away|my ankle has mended|the fracture knitted|I put the crutches away",
                "I went over on that ankle again|my ankle is in plaster once more|the ankle gave way once more"
                "|I'm back in the cast",
                "I'm walking without a limp|I went for a jog|I danced at a wedding|I'm striding about like nothing happened",
                "I'm limping around all over again|the crutches are out of the cupboard|my leg is in plaster for a second time"
                "|the fracture clinic wants me back"),
    "sunburn": _s("I got badly sunburned at the beach|I'm peeling from sunburn"
                  "|I burned all over dozing by the pool|my skin is raw from the sun",
                  "the sunburn healed|my skin stopped peeling|the burn faded|the tenderness is gone",
                  "I got burned again|I'm sunburned once more|my skin is peeling again|I overdid the sun again",
                  "I can wear a backpack without flinching|my shoulders don't sting|the aloe gel is in the cupboard"
                  "|I can stand a hot shower",
                  "I'm slathering myself in aloe like last summer|my shoulders are stinging once more"
                  "|I'm peeling like a lizard for a second time|the after-sun lotion is out of the cupboard"),
    "newborn": _s("we've got a newborn who sleeps in the back|the new baby naps on every drive"
                  "|our new baby dozes in the carrier behind me|we brought our newborn home last week",
                  "the baby outgrew the naps in the car|the baby doesn't sleep on drives anymore"
                  "|the baby stays awake for the whole drive|our baby is older now and sleeps through noise",
                  "the baby is napping in the car again|we've got the baby back in the carrier"
                  "|the baby went back to sleeping on drives|the naps in the car started once more",
                  "our kid babbles from start to finish|nobody has to tiptoe around a sleeping infant"
                  "|the baby chatters the whole way|dozing on drives is a thing of the past for the baby",
                  "the baby is dozing on every trip once more|we're whispering around a sleeping baby once more"
                  "|the baby conks out the moment we pull away|we're keeping our voices down like the first weeks"),
    "jetlag": _s("my sleep is all over the place after the flight from Tokyo|the jet lag has me wide awake at odd hours"
                 "|I'm wrecked after the long flight home|I've crossed an ocean and several time zones",
                 "I've adjusted to the time difference|the jet lag passed|my body caught up with local time"
                 "|I'm sleeping normal hours",
                 "I'm jet-lagged again|another long flight knocked me sideways|the time difference got me once more"
                 "|I've flown across the world again",
                 "I'm sleeping through till the alarm|I don't yawn through meetings|my brain is working at full speed"
                 "|I feel rested",
                 "I'm yawning through meetings like after the last trip|I'm wide awake at odd hours for a second time"
                 "|another long-haul trip has scrambled my sleep|the time zones have caught up with me once more"),
    "cold": _s("I've got a stinking cold|my throat is raw from a cold"
               "|my nose is stuffed up|this cold keeps me sniffling",
               "my cold cleared up|my throat stopped hurting|I've shaken that cold|the sniffles are gone",
               "I've caught another cold|my throat is sore again|the sniffles returned|I'm stuffed up once more",
               "I can talk without croaking|I've stopped going through tissues|my voice is at full strength"
               "|I can smell things properly",
               "I'm croaking like a frog once more|I'm going through tissues by the boxful once more"
               "|my throat feels like sandpaper for a second time|I'm sniffling like last winter"),
    "exams": _s("I'm studying for my exams on every ride|finals start soon"
                "|I'm memorizing flashcards for next month's exams|my certification exam is coming up",
                "my exams are done|I sat the last paper|the exams are over and the notes are binned"
                "|I passed my certification",
                "I'm back to studying for the resits|another round of exams is coming|the flashcards are out again"
                "|more exams are looming",
                "the textbooks are gathering dust|I read for fun|the flashcards went in the recycling"
                "|nobody quizzes me over meals",
                "I'm buried in textbooks all over again|the revision notes are spread everywhere once more"
                "|I'm quizzing myself on every ride for a second time|the study guides are out of the drawer"),
    "moving": _s("the car is full of boxes|I'm hauling boxes to the new apartment all week"
                 "|we're packing up the old place bit by bit|the move has the back crammed with cartons",
                 "the move is done|the last box is unpacked|we've settled into the new place"
                 "|we handed back the keys to the old apartment",
                 "we're moving once more|the boxes are piling up again|another move has started|I'm packing cartons again",
                 "the car is empty of cartons|we're unpacked and settled|the packing tape is put away"
                 "|the cardboard has gone for recycling",
                 "the car is crammed with cartons once more|I'm ferrying our stuff across town all over again"
                 "|the packing tape is out for a second time|there's a stack of boxes behind me like during the move"),
    "neck": _s("I cricked my neck and can't turn my head|my neck is stiff from sleeping on it awkwardly"
               "|I wrenched my neck at yoga|my neck locked up after a long flight",
               "my neck has loosened up|the stiffness in my neck is gone|the chiropractor sorted my neck out"
               "|my neck recovered",
               "my neck is stiff again|I've cricked my neck again|the stiffness is back in my neck"
               "|my neck is seizing once more",
               "I can look over my shoulder easily|I turn my head without a wince|the neck pillow is in the cupboard"
               "|my shoulders feel loose",
               "I'm turning my whole body to look around once more|my neck is locked stiff once more"
               "|the chiropractor has me booked in for a second time|that crick has returned"),
    "migraine": _s("I keep getting migraines that brightness makes worse|my head is pounding with a migraine"
                   "|the neurologist says glare triggers my headaches|a migraine hit me yesterday",
                   "the migraines stopped|my head has been clear for weeks|the new tablets stopped my headaches"
                   "|the headaches eased",
                   "the migraines are back|I've got another migraine|my head is pounding again|the headaches returned",
                   "I can sit in a sunny café without wincing|my sunglasses stay in the bag"
                   "|I've gone weeks without a headache|I can stare at a spreadsheet all day",
                   "the throbbing behind my eyes has returned|I'm hiding from brightness all over again"
                   "|my temples are throbbing once more|I need sunglasses indoors for a second time"),
    "ears": _s("I've got an ear infection that muffles everything|my ears popped shut after the flight"
               "|the doctor found fluid in my ear|I'm half deaf from this ear infection",
               "my ears cleared|the ear infection is gone|my hearing recovered|the ear drops worked",
               "my ears are blocked again|the ear infection flared up once more|I'm hard of hearing once more"
               "|I've got fluid in my ear again",
               "I can hear a pin drop|the world sounds crisp|I caught every whisper at the cinema"
               "|the muffled feeling is gone",
               "everything sounds like it's underwater once more|I'm cupping my ear to hear for a second time"
               "|the ear trouble has returned|I'm asking people to repeat themselves for a second time"),
}
