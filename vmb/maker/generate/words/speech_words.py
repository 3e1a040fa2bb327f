"""Word banks of what people say in the car about a setting, and how often the grammar draws on
them: pure data; ``speech.py`` (how a setting and its value are said) and ``voices.py`` (what each
voice of a chain says) hold the grammar that composes them.
"""

from __future__ import annotations

# How someone asks for a value or says they keep it: {setp} is the device with its value, {habit}
# an adverb of habit ("usually ") where the role allows one, empty otherwise.
WISH = ("{setp_cap}, please.", "I'd like {setp}.", "Can we have {setp}?", "Let's have {setp}.",
        "I {habit}prefer {setp}.", "I {habit}want {setp}.", "I {habit}go with {setp}.", "I {habit}keep {setp}.",
        "I {habit}end up with {setp}.", "{setp_cap} suits me best.", "{setp_cap} is what works for me.",
        "Give me {setp}.", "I'll take {setp}.", "For me it's {setp}.", "Could we do {setp}?", "I'm going for {setp}.",
        "{setp_cap} feels right to me.", "I'd rather have {setp}.", "My pick is {setp}.", "How about {setp}?",
        "Let me have {setp}.", "Honestly, {setp} is the only way I'm comfortable.", "I need {setp}.",
        "Just {setp} for me.", "I'm going with {setp}.")
# How often a value at the end of its range said as such ("all the way up") goes without its number.
EXTREME_ALONE = 0.3
HABITS = ("", "", "usually ", "normally ", "always ", "mostly ", "generally ")
# Said about the car as it is now, before a wish: no direction, so it never contradicts the value,
# and never a reply to something unsaid ("That's not quite right."): each names what it is about.
# (no "on" or "off" in them: those would read as a switch's value)
COMPLAINTS = ("Something isn't right with {dev} at the moment.", "Hmm, {dev} like this doesn't work for me.",
              "{dev_cap}: wrong again today.", "Someone has been fiddling with {dev}.", "I'm not happy with {dev}.",
              "Something's off with {dev}.", "I don't like {dev} like that.", "Ugh, {dev} again.",
              "That's not how I like {dev}.", "{dev_cap}: all wrong as it is.", "Let me change {dev}.",
              "Time to sort out {dev}.")
# The same when the wish already names the device every way it has.
PLAIN_COMPLAINTS = ("This isn't how I like the car.", "The car is set up all wrong for me right now.",
                    "Whoever drove last left everything wrong.", "Nothing in here is how I left it.")
STATE_LEADS = ("{state_cap}, so", "Because {state},", "{state_cap}.", "Since {state},", "{state_cap}, so for now")
# How a state shift's temporary value follows the state that causes it. The state itself says the
# value is for a while; a word saying so ("since", "because", "for now", "today") is in 27 of the
# release's 90 state-shift gold memories, hardly more than in its other types' (14-21%).
TEMPORARY_LEADS = ("{state_cap}, so", "{state_cap}.", "{state_cap}. Anyway,", "Ugh, {state}.", "{state_cap}, what a pain.")
MARKED_LEADS = ("Because {state},", "Since {state},", "{state_cap}, so for now", "{state_cap}, so", "{state_cap}.")
TEMPORARY_MARKED = 0.3
# How often the temporary value may be said without its number ("all the way up"): the release
# says its number (one of its 40 integer state shifts says only "the maximum intensity").
TEMPORARY_UNNUMBERED = 0.1
# How often a marked temporary value is said to be for a while ("for now") after a lead that does not say so.
FOR_NOW_USE = 0.5
TEMPORARY_STEPS = ("{start_cap}, so {dev} {step} than usual.", "{start_cap}. {dev_cap} {step} than usual, please.",
                   "{start_cap}, which means {dev} {step} than I usually have it.")
MARKED_STEPS = ("{start_cap}, so for now {dev} {step} than usual.", "Since {start}, {dev} {step} than usual.")
COND_LEADS = ("{cond_cap},", "{cond_cap},", "{cond_cap}, I find,")
# Said before a line now and then, whatever its role (never before a complaint or a correction:
# "Remember, that's not quite right" is no sentence).
MARKERS = ("Just so you know,", "Honestly,", "Oh,", "By the way,", "Look,", "For the record,", "Right,",
           "Okay,", "So,", "Listen,", "Well,")

END_LEADS = ("{end_cap}, so", "{end_cap}. Anyway,", "Now that {end},", "{end_cap}, which means",
             "{end_cap}, finally, so", "What a relief, {end}. Anyway,")
FOR_NOW = (" for now", " for the moment", " today", " for a while", "")
ENDED = ("{end_cap}.", "{end_cap}.", "{end_cap}, finally.", "{end_cap}. What a relief.")
RELATION = ("My {rel} {habit}wants {setp}.", "My {rel} is happiest with {setp}.", "{setp_cap} is what my {rel} likes.",
            "Whenever my {rel} rides with me, {pron} asks for {setp}.", "My {rel} goes quiet the moment I put {setp}.",
            "You should see my {rel} with {setp}, {pron} loves it.", "My {rel} always asks for {setp}.")
# Why a relative wants their favorite, after it now and then (no number: it would read as a value).
RELATION_WHY = (" {pron_cap} notices straight away otherwise.", " {pron_cap} can always tell the difference.",
                " Don't ask me why, {pron} just does.", " {pron_cap} talks about it every time.")
NAMED = (" I call that the {theme}.", " That's my {theme}.", " Let's call it the {theme}.",
         " That's what I mean by the {theme}.", " Call it the {theme}, I love it.", " My {theme}, as I say.",
         " The {theme}, that one.", " Remember that as the {theme}.", " That one's the {theme}.",
         " In my head that's the {theme}.", " Around here we say the {theme}.", " The {theme}, we agreed.")
FOR_OTHER = ("{who} always complains otherwise, so {setp} for {obj}.", "{who} is riding with me, so {setp} the way {pron} wants it.",
             "For {who}'s sake, {setp}; {pron} asked nicely.", "{who} likes {setp}, so that's for {obj}.")
REPLIES = ("Sure, done.", "Okay, I'll remember that.", "Fair enough.", "If that's what works for you.",
           "I'd never have picked that, but okay.", "Noted.", "Makes sense.", "Fine by me.", "Huh, interesting choice.",
           "Whatever you like.", "Got it.", "Really? Okay.", "Sounds good.", "No argument from me.", "Right you are.",
           "You and your settings.", "Okay, okay.", "I'll try to remember.", "Works for me.", "If you say so.")
# Narration of who was in the car: {who}, {with_}, {where}.
CONTEXTS = ("{who} was driving {with_} {where}.", "{who} and {with_} were on the way {where}.",
            "{with_} rode along while {who} drove {where}.", "{who} drove {with_} {where}.",
            "{who} had {with_} in the passenger seat.", "{who} was at the wheel, {with_} beside {pron_obj}.",
            "{who} picked up {with_} and drove {where}.", "{who} gave {with_} a lift {where}.")
# Where the speaker rides along: a rule about reading or napping in the car is said by no driver.
RIDING = ("{with_} was driving {who} {where}.", "{who} rode along while {with_} drove {where}.",
          "{with_} drove {who} {where}.", "{with_} gave {who} a lift {where}.", "{who} sat beside {with_}, who was driving.")

# Why someone wants the value they just said, as a line of its own ({reason}: a cause that fits it);
# no number word nor "on" or "off" in it, which would read as another value of the setting ("it's one thing...").
WHY = ("Leave it like that, {reason}.", "Trust me here, {reason}.", "Don't touch it, {reason}.",
       "It has to be that way, {reason}.", "Seriously, {reason}.", "That's the right call, {reason}.",
       "Keep it there, {reason}.", "Believe me, {reason}.")

# A value that decides nothing, set without saying it ("Karen adjusted the mirrors for her height"):
# the release's gold holds such entries beside the one that answers, whose value it states, so that
# where only one entry of its gold states a value it is the answer in 49 of 102 (ours were 35%).
UNSAID = ("{dev_cap} the way I like it, please.", "I've set {dev} to suit me.", "I put {dev} where I like it.",
          "I'd rather have {dev} like this.", "Let me fix {dev} for myself.", "I've adjusted {dev} my way.",
          "There, I've got {dev} how I want.", "I moved {dev} to where it feels right for me.")
# The same for a temporary state's value: a change from the usual, never "the way I like it".
UNSAID_CHANGE = ("I've had to change {dev}.", "I can't leave {dev} as usual.", "I need {dev} different from usual.",
                 "Let me move {dev} to what I can manage.", "I've set {dev} differently for now.")
UNSAID_ROLES = ("own", "everyday", "situation", "occasion", "temporary", "usual")
UNSAID_USE = 0.15
# How often a line says why after its value, for a value that decides nothing and for one that
# decides its query: the entry that answers is the fuller one (the release's is the longest of its
# gold 74% of the time in conditionals, 64% in conflicts, 58% in coreferences; ours were 25-57%).
REASONED = {False: 0.08, True: 0.6}
