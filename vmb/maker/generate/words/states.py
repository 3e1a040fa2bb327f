"""Temporary states the procedural chains are built on (our own words): how a person says one
begins (``start``) and ends (``end``) in the history, and how a query alludes to its end (``over``)
in other words, never the history's sentence (the query of a state shift asks for the usual value once
the state is over). What
each state moves, and which way, is ``causes.AFFECTS``.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class State:
    """A temporary state: how it begins and how it ends (no value), as said in the history; and how a
    query alludes to its end in other words (a query never repeats the history's sentence)."""

    start: tuple[str, ...]
    end: tuple[str, ...]
    over: tuple[str, ...]


def _s(start: str, end: str, over: str) -> State:
    return State(*(tuple(part.split("|")) for part in (start, end, over)))


STATES: dict[str, State] = {
    "back": _s("I strained my back hauling those planters|my lower back went out"
               "|I pulled something in my back lifting the mattress|my back seized up in the garden",
               "my back is finally back to normal|the physio cleared me, no more back trouble"
               "|my back healed up nicely|the pain in my back cleared up",
               "my spine has stopped complaining|I sat through a whole film without wincing"
               "|I can bend down to tie my laces with no trouble|I touched my toes without a twinge"),
    "fever": _s("I'm feverish and can't get warm|I've come down with something that leaves me shivery"
                "|the flu keeps me freezing all the time|some bug is giving me the chills",
                "I'm over that flu at last|the fever broke, I'm fine now|the flu ran its course|I beat that bug",
                "that bug has left me for good|I finished a whole plate of food yesterday"
                "|I'm out of bed and eating properly|the hot water bottle is put away"),
    "eyes": _s("my eyes sting from the new contacts|the eye doctor dilated my pupils|I caught conjunctivitis"
               "|an infection left my eyes puffy",
               "my eyes have settled down completely|the irritation is gone now|the eye drops did their job"
               "|the infection in my eyes cleared",
               "my eyes feel fine|I read a whole report on my laptop without squinting"
               "|I can look at bright things without watering up|my eyes have stopped twitching"),
    "wrist": _s("I sprained my wrist at volleyball|my wrist is in a brace|I jarred my wrist falling on the ice"
                "|my wrist swelled up after I slipped",
                "the brace is gone at last|my wrist has healed|the swelling in my wrist went down"
                "|the hand specialist signed me out",
                "I can grip things properly|both hands work properly again|I opened a jar by myself yesterday"
                "|I'm typing at full speed"),
    "guest": _s("my cousin came to stay|we have a houseguest|a friend from abroad is visiting"
                "|my brother-in-law is in town|my old roommate is sleeping on our sofa"
                "|my niece is spending her vacation with us|we're putting up a college friend"
                "|my aunt is over from Canada",
                "our guest flew home this morning|the visit is over, the spare room is empty again"
                "|our guest caught the train back|our visitor left for the airport|our houseguest has gone"
                "|the visit ended",
                "we have the place to ourselves|the guest bed is stripped and put away"
                "|the house is quiet with just us|nobody is borrowing my toothpaste"),
    "boots": _s("I'm wearing those chunky work boots this month|the new site requires steel-toe boots"
                "|I'm stomping around in heavy safety boots for this job|my new job means clumpy rubber boots all day",
                "the site job is done, no more boots|I'm back in normal shoes|I handed in the site gear"
                "|the job that needed boots is done",
                "I'm wearing sneakers|the heavy boots are in the closet|I'm in my comfy loafers"
                "|the site gear has gone back"),
    "project": _s("I'm on this night-shift project for a few weeks|the audit has me working strange hours"
                  "|I've been put on the graveyard shift at the depot|work put me on overnight shifts",
                  "the project wrapped up on Friday|that assignment is over|I'm done with the graveyard shift"
                  "|the overnight shifts ended",
                  "I keep office hours like everyone else|my schedule looks sane|I sleep when everybody else does"
                  "|I'm working sensible hours"),
    "pregnant": _s("the doctor told me to keep things gentle after the operation|I'm recovering from minor surgery"
                   "|I'm still tender after having my appendix out|I'm healing slowly from an operation",
                   "the doctor gave me a clean bill of health|recovery is done, I feel like myself"
                   "|the surgeon is happy with how I healed|my convalescence is behind me",
                   "the stitches are long gone|I'm back to my old self|the scar barely twinges"
                   "|I've been cleared to lift heavy things"),
    "pollen": _s("hay fever season has started and I'm sneezing nonstop|the pollen count is through the roof this week"
                 "|all this blossom is wrecking my sinuses|the grass pollen is making my nose stream",
                 "hay fever season is over|the pollen has finally died down|my allergies calmed down"
                 "|the blossom season passed",
                 "I can breathe freely|the antihistamines are in the drawer|I haven't sneezed in days"
                 "|the tissues have gone back in the cupboard"),
    "grandkids": _s("the grandkids are staying with us for the holidays|we're minding my sister's twins this month"
                    "|we've got the grandchildren for the summer break|my daughter's little ones are staying over",
                    "the little ones went home yesterday|the kids are back with their parents"
                    "|our young visitors went home|the little visitors left",
                    "there are no cracker crumbs anywhere|the house is calm without the little ones"
                    "|the toy box is packed away|nobody asks me for snacks"),
    "medication": _s("these new pills from the doctor make me run hot|my new medication has me overheating all day"
                     "|the tablets I'm taking leave me flushed and sweaty"
                     "|my new prescription leaves me boiling all the time",
                     "the doctor stopped those pills|I finished that course of medication"
                     "|I'm done with the tablets that made me sweat|my prescription was changed back",
                     "those hot-making pills are history|I don't sweat through my shirts|I wear a sweater without melting"
                     "|my cheeks aren't flushed all day"),
    "glasses": _s("I sat on my glasses and I'm stuck with my old pair|my reading glasses went to the repair shop"
                  "|I lost my glasses last week|the arm of my glasses snapped",
                  "my new glasses are ready at last|I picked up my repaired glasses"
                  "|the optician handed me my fixed frames|I've got my proper glasses back",
                  "I can read the small print without holding it at arm's length|my repaired frames are in my pocket"
                  "|I see the fine print clearly|my eyewear is sorted"),
    "battery": _s("the mechanic says the battery is nearly dead|the battery warning keeps flickering"
                  "|the car struggles to start every day|the garage warned me the battery is failing",
                  "the new battery went in|the garage swapped the battery|the battery problem is fixed"
                  "|the electrics are sorted",
                  "the warning icon has disappeared|the garage says the electrics are healthy"
                  "|the engine fires up first time|the car starts without a cough"),
    "ankle": _s("I broke my ankle so it's in plaster|my foot is in a plaster cast|I fractured my ankle on the stairs"
                "|I'm stuck with crutches after breaking my ankle",
                "the cast was cut away|my ankle has mended|the fracture knitted|I put the crutches away",
                "I'm walking without a limp|I went for a jog|I danced at a wedding"
                "|I'm striding about like nothing happened"),
    "sunburn": _s("I got badly sunburned at the beach|I'm peeling from sunburn|I burned all over dozing by the pool"
                  "|my skin is raw from the sun",
                  "the sunburn healed|my skin stopped peeling|the burn faded|the tenderness is gone",
                  "I can wear a backpack without flinching|my shoulders don't sting|the aloe gel is in the cupboard"
                  "|I can stand a hot shower"),
    "newborn": _s("we've got a newborn who sleeps in the back|the new baby naps on every drive"
                  "|our new baby dozes in the carrier behind me|we brought our newborn home last week",
                  "the baby outgrew the naps in the car|the baby doesn't sleep on drives anymore"
                  "|the baby stays awake for the whole drive|our baby is older now and sleeps through noise",
                  "our kid babbles from start to finish|nobody has to tiptoe around a sleeping infant"
                  "|the baby chatters the whole way|dozing on drives is a thing of the past for the baby"),
    "jetlag": _s("my sleep is all over the place after the flight from Tokyo"
                 "|the jet lag has me wide awake at odd hours|I'm wrecked after the long flight home"
                 "|I've crossed an ocean and several time zones",
                 "I've adjusted to the time difference|the jet lag passed|my body caught up with local time"
                 "|I'm sleeping normal hours",
                 "I'm sleeping through till the alarm|I don't yawn through meetings|my brain is working at full speed"
                 "|I feel rested"),
    "cold": _s("I've got a stinking cold|my throat is raw from a cold|my nose is stuffed up"
               "|this cold keeps me sniffling",
               "my cold cleared up|my throat stopped hurting|I've shaken that cold|the sniffles are gone",
               "I can talk without croaking|I've stopped going through tissues|my voice is at full strength"
               "|I can smell things properly"),
    "exams": _s("I'm studying for my exams on every ride|finals start soon"
                "|I'm memorizing flashcards for next month's exams|my certification exam is coming up",
                "my exams are done|I sat the last paper|the exams are over and the notes are binned"
                "|I passed my certification",
                "the textbooks are gathering dust|I read for fun|the flashcards went in the recycling"
                "|nobody quizzes me over meals"),
    "moving": _s("the car is full of boxes|I'm hauling boxes to the new apartment all week"
                 "|we're packing up the old place bit by bit|the move has the back crammed with cartons",
                 "the move is done|the last box is unpacked|we've settled into the new place"
                 "|we handed back the keys to the old apartment",
                 "the car is empty of cartons|we're unpacked and settled|the packing tape is put away"
                 "|the cardboard has gone for recycling"),
    "neck": _s("I cricked my neck and can't turn my head|my neck is stiff from sleeping on it awkwardly"
               "|I wrenched my neck at yoga|my neck locked up after a long flight",
               "my neck has loosened up|the stiffness in my neck is gone|the chiropractor sorted my neck out"
               "|my neck recovered",
               "I can look over my shoulder easily|I turn my head without a wince|the neck pillow is in the cupboard"
               "|my shoulders feel loose"),
    "migraine": _s("I keep getting migraines that brightness makes worse|my head is pounding with a migraine"
                   "|the neurologist says glare triggers my headaches|a migraine hit me yesterday",
                   "the migraines stopped|my head has been clear for weeks|the new tablets stopped my headaches"
                   "|the headaches eased",
                   "I can sit in a sunny café without wincing|my sunglasses stay in the bag"
                   "|I've gone weeks without a headache|I can stare at a spreadsheet all day"),
    "ears": _s("I've got an ear infection that muffles everything|my ears popped shut after the flight"
               "|the doctor found fluid in my ear|I'm half deaf from this ear infection",
               "my ears cleared|the ear infection is gone|my hearing recovered|the ear drops worked",
               "I can hear a pin drop|the world sounds crisp|I caught every whisper at the cinema"
               "|the muffled feeling is gone"),
}
