"""A rule now said to apply only to another thing: the held lesson's use of it is over.

"Night mode (20:00-06:00) applies only to the lobby lights now; the corridor lights stay
on all night" after "the corridor lights dim in night mode (20:00-06:00)": the rule (night
mode, its hours) is the one the held lesson applies, and the draft says it holds only for
a thing the held lesson never names (the lobby lights), while telling the held lesson's
own thing anew in another clause (the corridor lights). The held lesson tells how things
were, though the draft gives no new value of anything it states.

The rule must be the held lesson's (its words and values all in the held text), the thing
it now applies to must be one the held text does not name, and another clause of the draft
must share two words with the held text beyond the rule's: a rule scoped to one thing,
said of nothing the held lesson is about, replaces nothing.
"""

from __future__ import annotations

import re

from agentmem.core.clauses import STOPS
from agentmem.core.statement import terms

# "<rule> apply | applies | hold(s) only to | for <scope>", "<rule> is now only for <scope>"
ONLY_TO = re.compile(
    r"(?P<rule>(?:[^.;:]|(?<=\d)[.:](?=\d)){3,80}?)\s+(?:now\s+)?(?:appl(?:y|ies)|holds?|is|are)\s+(?:now\s+)?"
    r"only\s+(?:to|for)\s+(?P<scope>(?:[^.;:]|(?<=\d)[.:](?=\d)){3,80})",
    re.IGNORECASE,
)
CLAUSE = STOPS
SUBJECT = 2  # words another clause of the draft shares with the held text, beyond the rule's


def _values(text: str) -> frozenset[str]:
    return frozenset(v for found in terms(text).values.values() for v in found)


def rescoped(draft: str, held: str) -> bool:
    """The draft says a rule the held lesson applies now applies only to another thing,
    and tells the held lesson's own thing anew (module docstring)."""
    h = terms(held)
    for clause in CLAUSE.split(draft):
        # ONLY_TO's lazy rule tries every opening of the clause: 0.4 ms a clause, asked of
        # every held text a draft meets; a clause without its one literal word cannot match.
        match = ONLY_TO.search(clause) if "only" in clause.lower() else None
        if match is None:
            continue
        rule = terms(match["rule"])
        if not rule.content or not rule.content <= h.content:
            continue
        if not _values(match["rule"]) <= _values(held):
            continue
        if not terms(match["scope"]).content - h.content:
            continue  # the thing it applies to is one the held lesson names
        rest = " ".join(c for c in CLAUSE.split(draft) if c is not clause)
        if len((terms(rest).content & h.content) - rule.content) >= SUBJECT:
            return True
    return False
