"""What a lesson said does not happen, said to happen after all: "Mailed invoices do reach
the tenants" withdraws "tenants never get mailed invoices because the print queue drops
them", and "the old ledgers were in fact scanned in 2030" withdraws "… because the old
ledgers were never scanned". The text affirms, with emphasis (an emphatic "do", "in fact",
"actually", "indeed"), the verb the held lesson negates, of the held lesson's own things:

- the held clause says no with a verb ("do not get", "were never scanned", "can't open");
- a clause of the text says that same verb (by its stem) without a no, and says it with
  emphasis (`EMPHATIC`), so a plain report that agrees with another half of the lesson is
  not read as an answer;
- its subject names nothing the held lesson does not ("card tenants do get invoices"
  leaves a lesson on tenants who pay by post: "card" is a word of its own), and the two
  clauses share `SHARED` content terms, the verb among them.
"""

from __future__ import annotations

import re

from agentmem.core.cues import NEGATION
from agentmem.core.statement import terms

# A clause that says no with a verb: "<subject> don't get …", "… were never scanned".
NEGATED_VERB = re.compile(
    r"(?:(?:do|does|did|can|could|will|would)(?:\s+not|n't)|cannot|can't|won't|never|"
    r"(?:is|are|was|were)(?:\s+not|n't|\s+never))\s+(?:be\s+|been\s+)?(?P<verb>[a-z][\w-]+)"
    r"(?P<rest>(?:(?!\b(?:because|since|so|when|and|but)\b)[^.;:!?—–]){0,100})",
    re.IGNORECASE,
)
# A clause that says a verb with emphasis: "<subject> do get …", "<subject> were in fact
# scanned …", "<subject> actually opens …".
EMPHATIC = re.compile(
    r"^\W*(?P<subject>\w[^,;:?—–]{1,80}?)\s+(?:(?:do|does|did)\s+"
    r"(?!(?:not|never|so|too|the|a|an|it|this|that|with|nothing|anything|something)\b)"
    r"|(?:(?:is|are|was|were|has\s+been|have\s+been)\s+)?(?:in\s+fact|actually|indeed)\s+)"
    r"(?P<verb>[a-z][\w-]+)(?P<rest>[^.;:!?—–]{0,100})",
    re.IGNORECASE,
)
# The clauses of a text: sentences, and what semicolons, colons, dashes and "but" set apart.
PIECE = re.compile(r"(?<=[.!?])\s+|[;:]\s+|\s+[—–]\s+|,\s+(?:but|and|so)\s+", re.IGNORECASE)
SHARED = 2  # content terms, the verb among them, an answer and the claim it answers share


def affirmed(text: str, held: str) -> bool:
    """Whether the text says, with emphasis, that what the held lesson says does not happen
    does (see the module docstring)."""
    denied = [
        (_stem(m["verb"]), terms(held[: m.end()]).content) for m in NEGATED_VERB.finditer(held)
    ]
    denied = [(verb, said) for verb, said in denied if verb]
    if not denied:
        return False
    kept = terms(held).content
    for piece in PIECE.split(text):
        match = EMPHATIC.match(piece.strip()) if piece else None
        if match is None or NEGATION.search(piece):
            continue
        if terms(match["subject"]).content - kept:
            continue  # a subject of its own: another case than the lesson's
        verb, told = _stem(match["verb"]), terms(piece).content
        if any(verb == no and no in told and len(told & said) >= SHARED for no, said in denied):
            return True
    return False


def _stem(word: str) -> str:
    """The verb's term as `terms` gives it ("scanned": "scan"), or "" for a function word."""
    return min(terms(word).content, default="")
