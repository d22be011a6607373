"""A post taken over by name: "Ida Brandt took over as harbourmaster from Olaf on 3/14"
after "Olaf Berg is the harbourmaster; berthing past 20:00 needs his say-so". The draft
says what the post is called only after "took over as" (or "succeeded … as", "replaced …
as"), and the word may be any title a trade gives its posts ("harbourmaster", "registrar",
"quartermaster"): `agentmem.core.handover` reads a post only by the nouns it knows
(coordinator, lead, officer …), so the handover was never linked to the lesson naming the
holder before.

The draft hands the held post on when:

- it names the post after "took over as", "takes over as", "succeeded <someone> as" or
  "replaced <someone> as", and the post has a content word; a bare post noun of the known
  kind ("lead", "manager") is left to `handover`, which asks what it is the lead of;
- it names who took it over, before the cue, and says nothing of a stand-in ("acting",
  "interim", "while", "until", "covers": the holder is away, not replaced);
- a clause of the held lesson names the same post, word for word, right beside a holder
  ("Olaf Berg is the harbourmaster", "the harbourmaster, Olaf Berg", "Harbourmaster: Olaf
  Berg"), and no holder of the draft's is one of the held clause's.
"""

from __future__ import annotations

import re
from functools import lru_cache

from agentmem.core.handover import CLAUSE, POST, _holders, _labelled
from agentmem.core.holders import same_holder
from agentmem.core.restaffed import STAND_IN, holder_beside
from agentmem.core.statement import terms

# "<who> took over as <post>", "<who> succeeded <someone> as <post>": the post runs to the
# clause's end or to a word that says when, from whom or where.
AS_POST = re.compile(
    r"\b(?:(?:took|takes|taken|taking)\s+over|(?:succeeded|succeeds|replaced|replaces)"
    r"(?:\s+[A-Z][\w'-]*){1,3})\s+as\s+(?:the\s+|our\s+|a\s+)?"
    r"(?P<post>[A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*){0,3}?)"
    r"(?=\s+(?:from|on|since|as\s+of|at|in|after|when|starting|effective|today|this|"
    r"last|next|and|but|while|until)\b|\s*[.;,:!?()]|\s[-–—]\s|\s*$)"
)
PARTS = re.compile(r"\s*;\s+")


def _clauses(text: str) -> list[str]:
    """The text's clauses, a label joined to what it labels ("Registrar: Olaf Berg")."""
    return _labelled([p for c in CLAUSE.split(text) for p in PARTS.split(c)])


@lru_cache(maxsize=4096)  # a text meets many others per add: read once
def _taken(draft: str) -> tuple[tuple[str, frozenset[str]], ...]:
    """Each post the draft says was taken over, lower case, with who took it."""
    out = []
    for clause in _clauses(draft):
        for match in AS_POST.finditer(clause):
            post = " ".join(match["post"].lower().split())
            if not terms(post).content or POST.fullmatch(post):
                continue
            holders = _holders(clause[: match.start()])
            if holders:
                out.append((post, holders))
    return tuple(out)


def _beside(clause: str, post: str, holders: frozenset[str]) -> bool:
    """The clause names the post right beside one of its holders."""
    lower = clause.lower()
    return any(
        holder_beside(lower, holders, found.start(), found.end())
        for found in re.finditer(rf"(?<![\w-]){re.escape(post)}(?![\w-])", lower)
    )


def succeeded(draft: str, held: str) -> bool:
    """The draft names another holder of a post the held lesson gives (see the module
    docstring)."""
    if STAND_IN.search(draft):
        return False
    for post, now in _taken(draft):
        for clause in _clauses(held):
            before = _holders(clause)
            if before and not same_holder(now, before) and _beside(clause, post, before):
                return True
    return False
