"""A procedure for a case: "When combined chlorine goes above 0.5 mg/l after busy sessions,
superchlorinate overnight to 5 mg/l", "If the queue exceeds 500 jobs, add a worker",
"Shut the valve once the level drops below 20 %". It tells what to do when a measure
crosses a threshold, and its numbers are that case's threshold and the target of what is
done in it: no new standing value of a setting a held lesson states ("free chlorine
1.5–2.0 mg/l, combined chlorine no more than 0.5 mg/l"). `agentmem.core.held` asks
`in_case` last, beside the tests that set two texts apart.

A change told with "when" or "if" wording still tells a change: the draft says so outright
("From Monday, when the new pump is in, dose at 2.0 mg/l"), or its "when" names an event,
not a measure past a threshold. And a case told anew replaces the held lesson of that case
("when the queue exceeds 800 …" of "when the queue exceeds 500 …"): both are cases, and
the rules that read values judge them.
"""

from __future__ import annotations

import re
from functools import lru_cache

from agentmem.core.cues import says_changed

# What opens a condition: "when", "if", "once", "whenever", "as soon as", "any time" (not
# "once a week": a frequency).
OPENER = re.compile(
    r"\b(?:when(?:ever)?|if|as soon as|any ?time|each time|every time"
    r"|once(?!\s+(?:a|an|per|every|each|daily|weekly|monthly|more|again|in)\b))\b",
    re.IGNORECASE,
)
# A text's sentences: a semicolon keeps its clause in the sentence ("…, superchlorinate to
# 5 mg/l; it will be back under 0.5 by opening" is one case and what follows from it).
SENTENCE = re.compile(r"(?<=[.!?])\s+|\n+")
# The end of a condition's clause: a comma, a semicolon, a colon, a sentence's end, "then".
CLAUSE_END = re.compile(r"[,;:.!?](?:\s|$)|\bthen\b", re.IGNORECASE)
# A measure told past a threshold, and the number of the threshold after it: "goes above
# 0.5", "exceeds 500", "drops below 20", "is over 30", "reaches 90", "> 40", "more than 3".
THRESHOLD = re.compile(
    r"(?:\b(?:above|over|beyond|past|below|under|exceed(?:s|ed|ing)?|tops?|reach(?:es|ed)?"
    r"|hits?|cross(?:es|ed)?|(?:more|less|higher|lower|greater|fewer) than|at (?:least|most)"
    r"|(?:rises?|climbs?|falls?|drops?|gets?|goes|went|creeps?|spikes?) (?:to|past))\b"
    r"|[<>≤≥]=?)"
    r"\s*(?:[a-z]+\s+){0,2}?[-−]?\d",
    re.IGNORECASE,
)
NUMBER = re.compile(r"\d")
LONGEST = 200  # characters of a condition's clause read, at most: a condition is short


def conditioned(sentence: str) -> bool:
    """The sentence holds a condition on a measure past a threshold ("when X goes above
    0.5", "if the queue exceeds 500"), in the clause the condition opens."""
    for opener in OPENER.finditer(sentence):
        rest = sentence[opener.end() : opener.end() + LONGEST]
        end = CLAUSE_END.search(rest)
        if THRESHOLD.search(rest[: end.start()] if end else rest):
            return True
    return False


@lru_cache(maxsize=4096)  # a draft is read once, whatever held lessons it meets
def case_only(text: str) -> bool:
    """Every sentence of the text that holds a number tells a case (`conditioned`), and the
    text says no change outright: a procedure for a case, no standing value."""
    if says_changed(text):
        return False
    valued = [s for s in SENTENCE.split(text) if NUMBER.search(s)]
    return bool(valued) and all(conditioned(s) for s in valued)


def in_case(draft: str, held: str) -> bool:
    """The draft tells what to do in a case (`case_only`) and the held lesson states a
    standing value, no case: the draft's numbers are the case's threshold and target, no
    new value of the held setting."""
    return case_only(draft) and not any(conditioned(s) for s in SENTENCE.split(held))
