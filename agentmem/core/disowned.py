"""Retractions told in other shapes than "Retracted: <claim>" or "<the claim> was wrong" at
the opening (`agentmem.core.retract.RETRACTED`): a judgement found later in the text ("…
overnight. The cache theory from Monday was wrong and …"), one that points back at
what it judges ("That was wrong about caching: …", "That earlier lesson was wrong. …"), one
behind a correction's label ("Correction: the 3 May lesson blaming the proxy was wrong") or
an opening that drops what was said ("Scratch that proxy note: …", "Turns out …"), the
writer's own ("I was wrong about the timeouts."), and
a correction that denies a cause outright ("Correction: the timeouts had nothing to do with
the proxy", "It was never a disk problem: the timeouts come from …", "The proxy wasn't the
problem: …"), and a source swapped for another ("X come not from A but from B", "X come
from B, not from A"), which withdraws only a lesson that tells a cause: between two kept
facts ("refund mails come from billing, not from the CRM" and the CRM's own lesson) nothing
is withdrawn, and a pattern across runs ("failures mostly come from …") is no retraction.

What such a text withdraws is told by its denials, not by its judging clause: the thing said
to have nothing to do with it, never to have been the problem, not to have been the cause,
not to exist ("there is no clock skew"), to have been fine ("the gasket is fine"), with
the subject it was denied of ("the outages were
never a disk problem" denies disk of the outages); the judged subject when it
has words of its own ("the cache eviction theory"); and the claim the text reports just
before judging it ("Last week we noted that X. That was wrong."). The rest is the reason.

Not every "wrong" retracts a lesson: "the port in the config was wrong and is fixed now" is a
fix. A judged subject must be a claim (a lesson, a note, a theory, a guess, what someone
blamed) or point back at one ("that", "this"); a denial alone retracts only behind a
correction's label."""

from __future__ import annotations

import re

from agentmem.core.ownedup import owned_up

CLAIMS = (
    r"lesson|note|theory|theories|idea|guess|assumption|diagnosis|explanation|advice|tip|"
    r"claim|suggestion|takeaway|blamed|blaming|we\s+(?:wrote|said|thought)"
)
# A correction's label ("Correction to the X note: …" only when what follows says no: else
# it gives a value), and a retro line's incident title before its text ("Postmortem: x — ").
LABEL = re.compile(
    r"^\s*\**(?P<label>corrections?|corrected|retracted|retraction|withdrawn|wrong\s+(?:earlier|before))"
    r"(?:\s+(?:to|on|of)\s+(?P<what>(?:the|that|this|my|our)\s[^.:;!?]{2,80}?)\**\s*:(?=.*?"
    r"(?:\b(?:not|no|never|nothing)\b|n't\b))|\**\s*[:—–-])\s*\**"
    # "Retracting the pump theory: …": the verb withdraws what it names, a claim (`CLAIMS`)
    rf"|^\s*(?:retracting|withdrawing)\s+(?P<claim>(?:the|that|this|my|our)\s[^.:;!?]{{0,80}}?"
    rf"\b(?:{CLAIMS})s?)\s*[:—–]\s*",
    re.IGNORECASE,
)
# Other voices that open by dropping what was said before, as a label does: "Scratch that
# note on X: …", "Ignore what I said about X.", "Disregard the earlier tip on X;", "Turns
# out …", "On second look, …". What the first kind points at (the words after its verb, up
# to the stop) is the claim, and must be one (`_dropped`); the others retract only with a
# cause they deny (`denials`).
DROPPED = re.compile(
    r"^\W*(?P<verb>scratch|scrap|strike|ignore|disregard|forget|drop)\s+(?P<what>(?:that|this|what|"
    r"the|my|our|those|these)\b(?:[^.:;!?—–]|[.:](?=\S)){0,160}?)\s*(?:[.:;!?—–]\s+|$)"
    r"|^\W*(?:it\s+)?turns?\s+out\b,?\s*(?:that\s+)?"
    r"|^\W*(?:actually|on\s+(?:second|closer)\s+(?:look|inspection))\b\s*[,:—–]\s*",
    re.IGNORECASE,
)
SAID = re.compile(r"^\W*what\s+(?:i|we|you|they)\b", re.IGNORECASE)
# "I was wrong about X", "we were wrong about X": the writers judging their own earlier claim.
FIRST = re.compile(r"^\W*(?:i|we)\W*$", re.IGNORECASE)
SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[\"'(\[]?[A-Z0-9])")
# "<subject> was wrong [about <topic>]": the judgement, its subject and what it is about.
WRONG = re.compile(
    r"^(?P<subject>[^.;:!?]{1,160}?)\s+(?:was|were|is|are|has\s+been|turned\s+out\s+to\s+be)"
    r"\s+(?:all\s+|just\s+|simply\s+|plain\s+)?(?:wrong|incorrect|mistaken|a\s+red\s+herring"
    r"|(?P<weak>false|bogus|off|a\s+mis(?:reading|diagnosis|understanding)))\b"
    r"(?:\s+about\s+(?P<about>[^.;:!?,]{2,80}))?",
    re.IGNORECASE,
)
# "I had the X wrong", "we got the X all wrong": the writers' own claim about X judged.
HAD_WRONG = re.compile(
    r"^(?P<subject>\W*(?:i|we))\s+(?:had|got)\s+(?P<about>[^.;:!?,]{2,80}?)\s+(?:all\s+)?"
    r"(?:wrong|backwards)(?P<weak>)\b",
    re.IGNORECASE,
)
GENERAL = re.compile(
    r"^\W*(?:each|every|all|most|some|many|often|sometimes|usually|half|any)\b", re.IGNORECASE
)
LAST = re.compile(r",\s+(?:so\s+|and\s+|but\s+)?", re.IGNORECASE)
TOPIC = re.compile(r"^(?P<topic>[^.;:!?]{2,80}?)\s*:\s+")
POINTING = re.compile(r"^\W*(?:that|this|it|those|these)\b", re.IGNORECASE)
CLAIMED = re.compile(rf"\b(?:{CLAIMS})\b", re.IGNORECASE)
# A rule written down before, dropped as a whole: "scrap the pallet rule from 3 May".
RULE = re.compile(r"\b(?:rule|guideline)\b", re.IGNORECASE)
# A sentence reporting the claim that the next one judges: "we wrote down that X",
# "the sprint review blamed the load balancer for the retries".
REPORTED = re.compile(
    r"\b(?:we|they|someone|it|\w+)\s+(?:wrote(?:\s+down)?|said|noted|assumed|thought|believed|"
    r"guessed|concluded|blamed|put\s+it\s+down\s+to)\b",
    re.IGNORECASE,
)
# Words after an opening "Not" that qualify what follows rather than name a thing denied.
QUALIFIERS = (
    r"(?:yet|only|just|all|every|always|now|here|there|so|much|many|sure|really|quite|"
    r"even|ever|once|too|enough|\w+(?:ed|ly|ble)\b)\b"
)
# "never had a <kind> problem": the kind of problem said no to, in a group named `thing`
# (`DENIALS`, and `agentmem.core.deniedcause` where no retraction opens the text)
NO_KIND = (
    r"(?:never\s+had|(?:did|do|does)(?:\s+not|n't)\s+have)\s+"
    r"(?:a|an|any)\s+(?P<{thing}>[^.;:!?(),]{{1,60}}?)\s+(?:problem|issue|fault)s?\b"
)
# A cause denied: "<subject> had nothing to do with <thing>", "<subject> was never a <thing>
# problem", "<subject> were not <thing>", "there is no <thing>", "no <thing> belongs …".
# A thing judged to be no fault ("the cache was fine", "the probes are healthy"); also read
# by `agentmem.core.deniedcause`.
FINE_WORDS = r"(?:fine|ok|okay|innocent|healthy|accurate)\b"
DENIALS = (
    r"(?P<s1>[^.;:!?]{0,120}?)\s*\b(?:has|had|have)\s+nothing\s+to\s+do\s+with\s+"
    r"(?P<t1>[^.;:!?()]{2,100})",
    r"(?P<s2>[^.;:!?]{0,120}?)\s*\b(?:was|were|is|are)(?:\s+never|\s+not|n't)\s+"
    r"(?:(?:a|an|the|from|caused\s+by|due\s+to|because\s+of)\s+)?(?P<t2>[^.;:!?(),—–]{2,100})",
    r"(?P<s5>[^.;:!?,]{2,80}?)\s+(?:was|were|is|are)\s+(?:all\s+)?" + FINE_WORDS,
    # "the probes never had a battery problem": the thing said no to is the kind of problem
    r"(?P<s10>[^.;:!?]{0,120}?)\s*\b" + NO_KIND.format(thing="t10"),
    r"\bthere(?:'s|\s+(?:is|was|are|were))\s+no\s+(?P<t3>\w[\w-]*(?:\s+\w[\w-]*)?"
    r"(?:\s+and\s+no\s+\w[\w-]*(?:\s+\w[\w-]*)?)?)",
    # "Not sandbox load: the busy errors mean …": the denied thing opens the text as its
    # topic; a word that qualifies rather than names ("Not yet:", "Not needed:") is no thing.
    rf"^\W*not\s+(?:(?:a|an|the)\s+)?(?!{QUALIFIERS})(?P<t8>\w[^.;:!?(),]{{1,60}}?)\s*[:—–]\s"
    rf"|^\W*not\s+(?:a|an|the)\s+(?!{QUALIFIERS})(?P<t9>\W?\w[^\s.;:!?(),]*(?:\s+[^\s.;:!?(),]+){{0,2}})\.(?:\s|$)",
)
# A rule said not to exist, or not to ask for what a lesson said it did ("No bylaw asks …").
RULES = r"(?:rule|regulation|law|bylaw|policy|requirement|constraint|check)s?"
ASKS = r"(?:asks?|requires?|says|mandates?|demands?|forbids?|bans?|prescribes?)"
NEVER_HELD = r"(?:has|have|had)\s+never\s+(?:contained|had|included|held)\s+(?:a|an|any)\s+"
NO_RULE = (
    rf"^\W*no\s+(?P<t11>{RULES})\s+{ASKS}\b|\b{NEVER_HELD}(?P<t12>(?:[\w-]+\s+){{0,2}}{RULES})\b"
)
# "X come not from A but from B": A denied of X.
SWAP = (
    r"(?P<s6>[^.;:!?,]{2,80}?)\s+(?:come|comes|came|stem|stems|stemmed)\s+not\s+from\s+"
    r"(?P<t6>[^.;:!?,]{2,80}?)\s*,?\s+but\s+from\b"
)
# "X come from B, not from A": A denied of X.
SWAPPED = (
    r"(?P<s7>[^.;:!?,]{2,80}?)\s+(?:come|comes|came|stem|stems|stemmed)\s+from\s+[^.;:!?]{2,80}?"
    r",\s+not\s+from\s+(?P<t7>[^.;:!?(),]{2,80})"
)
# What a clause after a denial is about: "It was never a gasket problem: the freezer alarms
# come from …" denies the gasket of the freezer alarms.
ABOUT = re.compile(
    r":\s+(?P<about>[^.;:!?,]{2,80}?)\s+(?:come|comes|came|stem|stems|stemmed|is|are|was|were)\b",
    re.IGNORECASE,
)
# "… come from the export, not from the orientation": read only once the text retracts.
OTHER = r"(?:,|;|\bbut)\s+not\s+(?:(?:from|by|due\s+to|because\s+of)\s+)?(?P<t4>[^.;:!?(),]{2,80})"
DENIAL = re.compile("|".join((SWAP, SWAPPED, *DENIALS, NO_RULE, OTHER)), re.IGNORECASE)
# A denial that retracts by itself, unlabelled: "X had nothing to do with Y", "X was never a
# Y problem", "it was never Y" (pointing back at what was believed), "It wasn't the X.".
OUTRIGHT = re.compile(
    r"\bnothing\s+to\s+do\s+with\b"
    r"|(?:\bnever(?:\s+been)?|\b(?:was|were|is|are)(?:n't|\s+not))\s+(?:a|an|the)\s+[^.;:!?,]{1,60}?\s"
    r"(?:problem|issue|cause|fault|thing|limitation|restriction)s?\b"
    r"|^\W*(?:it|that|this)\s+(?:was|were|is)\s+never\b"
    # "It was not the emulator: …", "Not sandbox load: …": a thing denied as the topic the
    # rest of the text explains; "it was not possible to …" names no thing before a colon
    r"|^\W*(?:it|that|this)\s+(?:was|were)(?:\s+not|n't)\s+(?:a|an|the)\s+[^.;:!?,]{1,60}?\s*[:—–]\s"
    rf"|^\W*not\s+(?:(?:a|an|the)\s+)?(?!{QUALIFIERS})\w[^.;:!?(),]{{1,60}}?\s*[:—–]\s"
    rf"|^\W*not\s+(?:a|an|the)\s+(?!{QUALIFIERS})\W?\w[^\s.;:!?(),]*(?:\s+[^\s.;:!?(),]+){{0,2}}\.(?:\s|$)"
    r"|\b(?:was|were|is|are)(?:n't|\s+never|\s+not)\s+the\s+(?:cause|culprit|problem|issue|reason)\b"
    rf"|^\W*(?:it|that|this)\s+(?:was|is)(?:\s+not|n't)\s+(?!{QUALIFIERS}|possible)\w[^.;:!?,]{{1,60}}?\s*[.:—–](?:\s|$)"
    # "there's no <such> rule …", "No bylaw asks for …": the rule a lesson blamed said not to be
    rf"|\bthere(?:'s|\s+(?:is|was))\s+no\s+(?:[\w-]+\s+){{0,2}}{RULES}\b|^\W*no\s+{RULES}\s+{ASKS}\b"
    rf"|\b{NEVER_HELD}(?:[\w-]+\s+){{0,2}}{RULES}\b"  # "the config has never had a X rule"
    # "fitting a new belt changed nothing": the remedy a diagnosis led to did no good
    r"|\b(?:changed|fixed|did)\s+(?:absolutely\s+)?nothing\b|\bmade\s+no\s+difference\b"
    r"|^\W*no\s*,\s|\b(?:fine|ok|okay|not\s[^.;:!?]{1,60}?)\s+after\s+all\b"
    r"|\b(?:come|comes|came|stem|stems|stemmed)\s+not\s+from\b"
    r"|\b(?:come|comes|came|stem|stems|stemmed)\s+from\s+[^.;:!?]{2,80},\s+not\s+from\b"
    # "X were caused by B, not A": the cause told, the one it replaces denied after it
    r"|\b(?:caused\s+by|due\s+to|because\s+of)\s+[^.;:!?]{2,80},\s+not\s+(?:by\s+)?\w",
    re.IGNORECASE,
)
# "The real cause was …": the cue that what was said of the cause before is withdrawn.
REAL = re.compile(r"\b(?:real|actual|true)\s+(?:root\s+)?(?:cause|culprit|problem)\b", re.I)
# What a denial says instead of a thing: "was not it", "were not fine", "is no help".
EMPTY = re.compile(
    r"^\W*(?:it|so|true|fine|(?:the\s+)?(?:cause|case|problem|issue|culprit|fix)|help|longer|"
    r"more|one|change|need|way|sign|trace|reason)\W*$",
    re.IGNORECASE,
)
GENERIC = re.compile(
    r"\b(?:mostly|usually|often|always|generally|typically|most|every|all|failures|runs|"
    r"problems|incidents|outages|issues|errors)\b",
    re.IGNORECASE,
)
CULPRIT = re.compile(r"^\W*(?:the\s+)?(?:cause|culprit|problem|issue)\W*$", re.IGNORECASE)
VALUE = re.compile(r"^\W*(?:[$€£]|\d)")
BACK = re.compile(r"\s(?:it|this|that|them)\W*$", re.IGNORECASE)  # "behind it", "in that"
TAIL = re.compile(
    r"\s+(?:problem|issue|cause|fault|thing|limitation|restriction|at\s+all)s?\b.*$", re.IGNORECASE
)


def disowned(text: str) -> tuple[str, str] | None:
    """(the claim withdrawn, the reason given) when the text retracts a lesson in one of the
    shapes of the module docstring, else None. The claim is the judged subject (when it says
    more than "that lesson"), its topic, the claim reported just before, and every cause
    denied in the text, joined by "; "."""
    label = LABEL.match(text) or _dropped(text) or owned_up(text)
    body = text[label.end() :] if label else text
    sentences = [s for s in SENTENCE.split(body.strip()) if s]
    judged = _judged(sentences)
    cued = label is not None or any(OUTRIGHT.search(s) or REAL.search(s) for s in sentences)
    if judged is None and not cued:
        return None
    pointed = (label.groupdict().get("what") or label.groupdict().get("claim")) if label else None
    parts: list[str] = [pointed] if pointed else []
    used: set[int] = set()
    if judged is not None:
        at, topic, match = judged
        used.add(at)
        subject = LAST.split(match["subject"])[-1]
        if not (POINTING.match(subject) or FIRST.match(subject)) or CLAIMED.search(subject):
            parts.append(subject)
        parts += [p for p in (topic, match["about"]) if p]
        if at > 0 and POINTING.match(subject) and REPORTED.search(sentences[at - 1]):
            parts.append(sentences[at - 1])
            used.add(at - 1)
        elif REPORTED.search(sentences[at]) and not CLAIMED.search(subject):
            parts.append(sentences[at])
    denied = [(i, d) for i, s in enumerate(sentences) for d in denials(s)]
    if judged is None and not denied and not parts:
        return None  # "the real cause was X" alone names nothing withdrawn
    parts += [d for _, d in denied]
    used |= {i for i, _ in denied}
    claim = "; ".join(p.strip() for p in parts if p.strip())
    if not claim:
        return None
    reason = " ".join(s for i, s in enumerate(sentences) if i not in used)
    return claim, reason


def _dropped(text: str) -> re.Match[str] | None:
    """The opening that drops what was said before (`DROPPED`): what it points at must be a
    claim ("that note on X", "what I said about X", "the pallet rule from May") or nothing
    at all ("Turns out …"), for "ignore the lint warnings on X" and "drop the retry wrapper"
    are advice, not retractions."""
    match = DROPPED.match(text)
    if match is None or not match["what"]:
        return match
    what = match["what"]
    return match if CLAIMED.search(what) or SAID.search(what) or RULE.search(what) else None


def _judged(sentences: list[str]) -> tuple[int, str, re.Match[str]] | None:
    """The first sentence that judges a claim wrong, with the topic it names before a colon
    ("Label jams: that was wrong, …") and its match: its subject is a claim or points back
    at one (see the module docstring)."""
    for at, sentence in enumerate(sentences):
        topic, match = "", WRONG.match(sentence) or HAD_WRONG.match(sentence)
        if match is None and (titled := TOPIC.match(sentence)) is not None:
            topic, match = titled["topic"], WRONG.match(sentence[titled.end() :])
            if match is not None and not (POINTING.match(match["subject"]) or _claim(match)):
                continue  # "Parts: the list was wrong": a topic's own thing, no lesson
        if match is None:
            continue
        subject = match["subject"]
        if GENERAL.match(subject):
            continue  # "each time the first guess was wrong": no one lesson judged
        if _claim(match) or (POINTING.match(subject) and not match["weak"]):
            return at, topic, match
        if FIRST.match(subject) and match["about"]:  # "I was wrong about the kiln cracks"
            return at, topic, match
    return None


def _claim(match: re.Match[str]) -> bool:
    """The subject's last clause is a claim ("…, so the valve diagnosis was wrong")."""
    return CLAIMED.search(LAST.split(match["subject"])[-1]) is not None


def denials(sentence: str) -> list[str]:
    """The causes a sentence denies, each with the subject it denies it of ("the outages were
    never a disk problem": "the outages disk")."""
    return [f"{subject} {thing}".strip() for subject, thing in _denied(sentence)]


def heads(text: str) -> list[str]:
    """The word each cause the text denies ends on, its head ("damp clay": "clay"; the
    subject's when the thing is "it"): a lesson that tells the denied cause names it, where
    one that tells the true cause of the same failure ("… comes from dust; wipe with a damp
    sponge") may share a word of it but not its head."""
    return [head for head, _ in denied_causes(text)]


def denied_causes(text: str) -> list[tuple[str, str]]:
    """Each cause the text denies as (its head, its words): the head is how a lesson
    telling the cause in the same words names it; the words are how one telling it in
    others does ("the sweep and a manual rescan colliding" of "the sweep and the manual
    rescan overlapping": `agentmem.core.retract` reads both)."""
    out = []
    for sentence in SENTENCE.split(text.strip()):
        for subject, thing in _denied(sentence):
            words = (thing or subject).split()
            if words:
                out.append((words[-1], " ".join(words)))
    return out


def _denied(sentence: str) -> list[tuple[str, str]]:
    """(subject, thing) of each cause the sentence denies (see `denials`)."""
    out = []
    for match in DENIAL.finditer(sentence):
        if (match["s6"] or match["s7"]) and GENERIC.search(match["s6"] or match["s7"]):
            continue  # "flaky builds mostly come from X, not from code": a pattern, not a cause
        if match["s5"]:  # "the gasket was fine": the thing itself is denied
            if not POINTING.match(match["s5"]):
                out.append(("", match["s5"].strip()))
            continue
        subject = match["s1"] or match["s2"] or match["s6"] or match["s7"] or match["s10"] or ""
        thing = match["t1"] or match["t2"] or match["t3"] or match["t4"] or match["t6"] or ""
        thing = thing or match["t7"] or match["t8"] or match["t9"] or match["t10"] or ""
        thing = thing or match["t11"] or match["t12"] or ""
        thing = TAIL.sub("", thing).strip()
        if POINTING.fullmatch(thing) and match["t1"]:
            thing = ""  # "eviction has nothing to do with it": its subject is denied
        elif match["t2"] and BACK.search(thing) and not POINTING.match(subject):
            thing = ""  # "the lid was never in it": its subject is denied
        elif match["t2"] and CULPRIT.match(thing) and not POINTING.match(subject):
            thing = ""  # "the gasket wasn't the problem": its subject is denied
        elif EMPTY.match(thing) or VALUE.match(thing):
            continue  # "… is 45 minutes, not 30": a value set right, no cause denied
        subject = "" if POINTING.match(subject) and len(subject.split()) <= 2 else subject.strip()
        # "Not X: <what it is about> come from …": read past the denial, before its colon
        after = match.end("t8") if match["t8"] else match.end()
        if (not subject or not thing) and (about := ABOUT.search(sentence, after)):
            subject, thing = about["about"], thing or subject  # "…: the alarms come from …"
        if subject or thing:
            out.append((subject, thing))
    return out
