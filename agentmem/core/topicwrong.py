"""A retraction that names the lesson it withdraws by its topic alone, anywhere in a
sentence: "the earlier pallet-height rule was wrong", "…, so the fan diagnosis was
wrong", "we were wrong about the caching thing", "wrong diagnosis on late trucks", "the
two-pass rule rested on bad readings", "the /4 rule for tiles was a misreading", "a small
fix to the glaze note: …". The claim is never told; the topic is the words before the
claim's noun (and after "about", "on", "for"), and the held lesson it names says them
(all of them), while the rest of the text tells of the lesson's own failure in a word of
it besides the topic (two, for a topic of one word) (the true cause is told of the same thing). A lesson on
another thing the text sets apart, one that lacks every word of a claim the text tells
besides its topic, a retraction, or a lesson that itself judges the topic no cause is not
the one withdrawn. `agentmem.core.retract.denies` asks it."""

from __future__ import annotations

import re
from functools import lru_cache

from agentmem.core.apart import set_apart
from agentmem.core.statement import STATE, terms
from agentmem.core.withdrawal import DENIED, FRAMING, RETRACTED, retraction

# What a claim is called, and the words judging it wrong (stems of neither are topic words).
NOUN = (
    r"rules?|diagnos[ie]s|theor(?:y|ies)|explanations?|advice|notes?|lessons?|claims?|ideas?|"
    r"assumptions?|guess(?:es)?|guidance|thing|story|hypothes[ie]s|conclusions?|tips?|"
    r"reading|finding|bit|part"
)
WRONGLY = (
    r"wrong|mistaken|incorrect|false|bogus|unfounded|overstated|a\s+myth|off(?:\s+base)?|"
    r"an?\s+(?:misreading|misunderstanding|mistake|error|misdiagnosis)"
)
IS = r"was|were|is|are|has\s+been|have\s+been|turned\s+out\s+to\s+be|proved(?:\s+to\s+be)?"
TOPIC = r"(?:[^.;:,!?—–()]|[.:](?=\w)){1,80}?"  # "the 2.5 rule", "the v1.2 note"
SHAPES = (
    # "the earlier <topic> rule was wrong", "the <topic> rule for <more> was a misreading"
    re.compile(
        rf"\b(?:the|our|my|that|this|those|these)\s+(?P<topic>{TOPIC})\s+(?:{NOUN})\b"
        rf"(?:\s+(?:about|on|for|of|re|around|regarding)\s+(?P<more>{TOPIC}))?"
        rf"(?:\s+(?:in|from)\s+(?:the|our|my|last)\s+[^.;:!?—–]{{1,40}}?)?"
        rf"\s+(?:{IS})\s+(?:just\s+|simply\s+|plain\s+|all\s+|completely\s+)?(?:{WRONGLY})\b",
        re.IGNORECASE,
    ),
    # "the <topic> rule rested on bad telemetry"
    re.compile(
        rf"\b(?:the|our|my|that|this)\s+(?P<topic>{TOPIC})\s+(?:{NOUN})\s+"
        r"(?:rested|was\s+based|was\s+built|relied)\s+on\s+(?:bad|faulty|wrong|flawed|broken|"
        r"misread|bogus|corrupt(?:ed)?)\b",
        re.IGNORECASE,
    ),
    # "we were wrong about the <topic>", "wrong earlier about <topic>"
    re.compile(
        r"(?:\b(?:we|i)\s+(?:were|was|had\s+it|got\s+it|have\s+been|'re|'m)\s+|^\W*)"
        r"(?:wrong|mistaken)\s+(?:earlier\s+|before\s+|last\s+time\s+)?(?:about|on|re|regarding)"
        rf"\s+(?P<topic>{TOPIC})(?=\s*[.;:,!?—–(]|\s*$)",
        re.IGNORECASE,
    ),
    # "wrong diagnosis on <topic>"
    re.compile(
        rf"\bwrong\s+(?:{NOUN})\s+(?:about|on|for|of|re|regarding)\s+(?P<topic>{TOPIC})"
        r"(?=\s*[.;:,!?—–(]|\s*$)",
        re.IGNORECASE,
    ),
    # "(a small) fix to the <topic> note:", "correction to our <topic> advice:"
    re.compile(
        r"^\W*(?:\w+\s+)?(?:fix|correction|amendment|erratum)\s+(?:to|of|on|for)\s+"
        rf"(?:the|our|my|that|this)\s+(?:earlier\s+|previous\s+)?(?P<topic>{TOPIC})\s+"
        rf"(?:{NOUN})\s*:",
        re.IGNORECASE,
    ),
)
ALONE = 2  # words of the failure a one-word topic's text tells beside it
FIGURE = re.compile(r"(?<![\w.])\d+(?:\.\d+)?(?![\d.]\d)")  # what "the /2.5 rule" names
# the stems of what a claim is called ("diagnosis", "rule"): none names its lesson
NAMING = terms(
    "rule diagnosis theory explanation advice note lesson claim idea assumption guess "
    "guidance thing story hypothesis conclusion tip reading finding bit part"
).content


@lru_cache(maxsize=4096)  # a text meets many others per add: read once
def topics(text: str) -> tuple[frozenset[str], ...]:
    """The topics (their words) of the earlier claims the text judges wrong."""
    out = []
    for shape in SHAPES:
        for match in shape.finditer(text):
            said = " ".join(match[g] or "" for g in match.re.groupindex)
            words = _named(said) - FRAMING - STATE - NAMING | _figures(said)
            if words:
                out.append(frozenset(words))
    return tuple(out)


def named_wrong(text: str, held: str) -> bool:
    """Whether the text judges wrong an earlier claim named by a topic the held lesson
    tells of (see the module docstring)."""
    told = topics(text)  # the draft's, first: most drafts judge no claim wrong
    if not told or RETRACTED.match(held) or DENIED.search(held) or retraction(held):
        return False  # a retraction, or a lesson that itself says a thing was not it
    if topics(held) or set_apart(text, held):
        return False
    kept = _named(held) | _figures(held)
    rest = terms(text).content - FRAMING - STATE | terms(text).proper
    # a claim the text tells besides its topic ("that cache lesson was wrong: the eviction
    # policy was never at fault") names the lesson by its own words too
    said = retraction(text)
    claim = terms(said[0]).content - FRAMING - STATE - NAMING if said is not None else frozenset()
    for topic in told:
        shared = topic & kept
        if claim - topic and not (claim - topic) & kept:
            continue
        about = len((rest - topic) & kept)  # the failure told of, beside the topic
        if shared == topic and about >= (ALONE if len(topic) == 1 else 1):
            return True
    return False


def _named(text: str) -> frozenset[str]:
    """A text's content words, the names it spells outright ("the K7 note") and the days
    it names ("the Friday theory" of "… ships on Fridays")."""
    told = terms(text)
    return told.content | told.proper | told.values.get("day", frozenset())


def _figures(text: str) -> frozenset[str]:
    """The figures a text writes ("2.5", "3"), as written."""
    return frozenset(FIGURE.findall(text))
