"""Reading a retraction: the claim a lesson withdraws and the reason it gives ("Retracted:
<claim>; <reason>", or an opening that judges an earlier claim wrong), and the patterns the
retraction rules share (`RETRACTED`, `FRAMING`, `DENIED`, `DAY`, `CLAUSE`). Which held lesson
the claim names is `agentmem.core.picked`; what a retraction withdraws, `agentmem.core.retract`."""

from __future__ import annotations

import re
from functools import lru_cache

from agentmem.core.clauses import STOPS
from agentmem.core.disowned import SENTENCE, denials, disowned
from agentmem.core.ownedup import owned
from agentmem.core.statement import terms
from agentmem.core.struck import struck
from agentmem.core.verdicts import judged

# The words that frame a claim rather than tell it: "the 03-14 run lesson that blamed valve
# wear for the flooded seed trays was wrong" withdraws what was said of valve wear and seed
# trays; "run", "lesson", "blamed" and "wrong" would match any lesson a run wrote (stems as
# `agentmem.stores.bm25.tokenize` gives them).
# A reason's sentence saying the withdrawn remedy is undone: it restates the withdrawal.
UNDONE = re.compile(
    r"\b(?:is|are|was|were|has\s+been|have\s+been|can\s+be|should\s+be|will\s+be)\s+"
    r"(?:now\s+)?(?:removed|reverted|dropped|undone|rolled\s+back|taken\s+out|backed\s+out)\b",
    re.IGNORECASE,
)
FRAMING = frozenset(
    "lesson run note advic tip claim blame wrong earlier previous idea suggest recommend "  # noqa: SIM905
    "takeaway entri said wrote theori".split()
)
# A lesson that itself judges something to have been no cause or no fix ("roast level was
# not it; …", "restarting did not help") already says what a retraction says: it is
# never the lesson withdrawn, however many of the claim's words it repeats.
DENIED = re.compile(
    r"\b(?:was|is|were|are)(?:\s+not|n't)\s+(?:it|the\s+(?:cause|culprit|problem|issue|fix))\b"
    r"|\b(?:did|does|do)(?:\s+not|n't)\s+(?:help|matter)\b|\bred\s+herring\b",
    re.IGNORECASE,
)
# A day a claim names its lesson by ("the 03-14 run lesson", "the 2027-03-14 note"): the
# month and the day, read against when the held lesson was written and the run it came from.
DAY = re.compile(
    r"(?<![\w-])(?:\d{4}-)?(?P<day>(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01]))(?![\w-])"
)

CLAUSE = STOPS
# A claim pointed at by name: a demonstrative, a word or a few of its own, a claim's noun.
POINTED = re.compile(
    r"^\W*(?:that|this|the|my|our)\s+(?:earlier\s+|previous\s+)?(?:[^\s;:]+\s+){1,4}?"
    r"(?:note|tip|theory|lesson|idea|guess|advice|claim|diagnosis|explanation)s?\W*$",
    re.IGNORECASE,
)
NEGATION = re.compile(r"\b(?:not|no|never|none|nothing|nor)\b|n't\b", re.IGNORECASE)
# "Retracted: <claim>; <reason>", or a lesson that opens by judging an earlier claim wrong:
# "The longer goal timeout was a red herring: …", "Raising the pool size turned out to be
# no help; …" (the claim is what it judges: its subject), or by saying a rule, tip or
# correction it names is withdrawn (`rule`).
RETRACTED = re.compile(
    r"^\s*(?:\**(?:retracted|retraction|withdrawn)\**\s*:\s*\**\s*"
    r"|(?P<claim>(?:the|our|that|this|raising|lowering|setting|using|adding)\s[^.;:!?]{3,120}?)"
    r"\s+(?:was|were|is|are|turned\s+out\s+to\s+be|proved\s+to\s+be)\s+(?:just\s+|only\s+)?"
    r"(?:a\s+red\s+herring|wrong|incorrect|mistaken|a\s+dead\s+end|no\s+help|not\s+the\s+"
    r"(?:cause|fix|problem|issue))\b\W*"
    # "The manual easterly-wind correction of the tide is withdrawn: …": a rule's or a
    # tip's own withdrawal (an order or a reading withdrawn is no lesson's)
    r"|(?P<rule>(?:the|our|that|this)\s[^.;:!?]{0,60}?\b(?:rule|tip|advice|lesson|correction|"
    r"guidance|instruction|requirement|policy|practice|workaround)s?\b[^.;:!?]{0,60}?)"
    r"\s+(?:is|are|was|were|has\s+been|have\s+been)\s+(?:now\s+)?(?:withdrawn|retracted|"
    r"rescinded|revoked)\b\W*)",
    re.IGNORECASE,
)


@lru_cache(maxsize=4096)  # a text alone decides; the writer asks it of one draft ~10 times
def retraction(text: str) -> tuple[str, str] | None:
    """(the claim withdrawn, the reason given) when the text retracts a lesson. A claim
    told only in framing words ("That tip was wrong: a worker wrote that glaze crawling
    comes from …", "Retracted: the earlier note. …") is the clause after it, unless that
    clause denies something: then it tells what is true ("That tip was wrong: the
    crawling was never damp clay"), and the claim is not told."""
    match = RETRACTED.match(text)
    if match is None:
        # told in another shape: judged later, a denial labelled, or in other words than
        # "wrong" ("not true that …", "that theory didn't hold up": `judged`)
        # or in markup and a record's state ("~~X~~", "Status: Active -> Withdrawn": `struck`)
        return disowned(text) or judged(text) or owned(text) or struck(text)
    if match["claim"] or match["rule"]:
        claim, reason = match["claim"] or match["rule"], [text[match.end() :]]
    else:
        claim, *reason = CLAUSE.split(text[match.end() :], maxsplit=1)
    bare = not terms(claim).content - FRAMING  # "That earlier lesson was wrong. …"
    if reason and reason[0].strip() and bare and not _denied(reason[0]):
        told, *rest = CLAUSE.split(reason[0].strip(), maxsplit=1)
        if not NEGATION.search(told):
            claim, reason = told, rest
    return _with_denials(claim, " ".join(reason))


def _denied(text: str) -> bool:
    """The text denies a cause (`agentmem.core.disowned.denials`): what it denies is the
    claim, not the first thing it tells."""
    return any(denials(s) for s in SENTENCE.split(text.strip()))


def _with_denials(claim: str, reason: str) -> tuple[str, str]:
    """The claim with the causes the reason denies ("Retracted: the lesson that blamed the
    cache. Eviction has nothing to do with it."): what the text says was not so is
    the claim withdrawn, never a reason a correct lesson shares."""
    sentences = SENTENCE.split(reason.strip())
    told = [(i, d) for i, s in enumerate(sentences) for d in denials(s)]
    if not told:
        return claim, reason
    kept = {i for i, _ in told}
    rest = " ".join(s for i, s in enumerate(sentences) if i not in kept)
    return "; ".join([claim, *(d for _, d in told)]), rest
