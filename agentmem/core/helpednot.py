"""A change found later not to have fixed a problem withdraws the finding that it helped:
"Finding: Brindle S-cracks 14 % -> 3 % with dryer zone 1 at 35 C (one shift only)" is
withdrawn by "the dryer zone 1 change did NOT fix S-cracks (back at 9 % …)" and by
"zone 1 at 35 C was not the cure". The finding tells the problem's figure falling ("14 %
-> 3 %", "down to 3 %") beside every term of the change; a lesson that only names the
setting ("Settings: Dryer_Zone1_C = 35") tells no fall of the problem and stays, and so
does one that names the change without a figure ("zone 1 change helped one shift, cause
not proven yet"). `agentmem.core.retract.denies` asks it; `agentmem.core.across` asks it
of other apps' lessons (a retro of one app's line judging another app's finding)."""

from __future__ import annotations

import re

from agentmem.core.statement import terms
from agentmem.core.textcache import textcached

# "the dryer zone 1 change did NOT fix S-cracks", "raising the speed does not cure jams"
NOT_FIXED = re.compile(
    r"\b(?:the\s+)?(?P<change>[\w][\w .-]{2,60}?)\s+(?:change\s+)?(?:did|does|do)\s*(?:n't|\s+not)"
    r"\s+(?:fix|cure|solve|stop)\s+(?:the\s+)?(?P<problem>[\w-]+)",
    re.IGNORECASE,
)
# "zone 1 at 35 C was not the cure", "… was not the fix for the S-cracks"
NOT_THE_CURE = re.compile(
    r"(?:^|[-;:,(]\s*|\.\s+)(?P<change>[\w][\w .-]{2,60}?)\s+(?:was|is)\s*(?:n't|\s+not)\s+the"
    r"\s+(?:cure|fix|remedy)(?:\s+for\s+(?:the\s+)?(?P<problem>[\w-]+))?",
    re.IGNORECASE,
)
# a figure falling: "14 % -> 3 %", "14 -> 3", "down to 3 %"
FALL = re.compile(r"\d[\d.,]*\s*%?\s*(?:->|→|=>)\s*\d|\bdown\s+to\s+\d", re.IGNORECASE)
NEGATED = re.compile(r"\b(?:not|never|no)\b|n't\b", re.IGNORECASE)


@textcached
def not_fixed(text: str) -> tuple[tuple[frozenset[str], frozenset[str]], ...]:
    """The (change, problem) content terms of each change the text says did not fix a
    problem; a problem left unnamed ("was not the cure") is an empty set."""
    out = []
    for pattern in (NOT_FIXED, NOT_THE_CURE):
        for m in pattern.finditer(text):
            change = _said(m["change"])
            problem = terms(m["problem"] or "").content
            if len(change) >= 2 and terms(m["change"]).content:
                out.append((change, problem))
    return tuple(out)


def helped_not(text: str, held: str) -> bool:
    """Whether the held lesson tells a problem falling with a change the text says was no
    fix: a figure's fall, every term of the change and of the problem, no negation."""
    if not FALL.search(held) or NEGATED.search(held):
        return False
    said = _said(held)
    for change, problem in not_fixed(text):
        if change <= said and problem <= said and (problem or _problem_of(text) & said):
            return True
    return False


def _said(text: str) -> frozenset[str]:
    """A text's content terms and its numbers ("zone 1 at 35 C": zone, 1, 35)."""
    told = terms(text)
    return told.content | told.values.get("number", frozenset())


def _problem_of(text: str) -> frozenset[str]:
    """Of a "was not the cure" with no problem named, the problems the text's other
    not-fixed clauses name."""
    return frozenset(w for _, problem in not_fixed(text) for w in problem)
