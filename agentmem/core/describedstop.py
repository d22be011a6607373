"""A thing its doer no longer relies on, named by description: "The packer no longer
waits on the slow overnight label batch: it prints labels on demand" after "The packer
takes its labels from the overnight label batch (about 6 h behind)". The cue's own verb
("waits on", "relies on", "goes through") is seldom the held lesson's ("takes"), so
`agentmem.core.nolonger` does not read it; what the draft says stopped is the held
lesson's thing told in a few of its words ("the slow overnight label batch"), and the doer
is the held lesson's too.

Against a false merge: the doer opens the clause, its last word is a word of the held
lesson's; most of the words of what it no longer relies on (`MOST`, at least `MIN_SHARED`)
are the held lesson's, hyphenated words read part by part ("5-day-revisit" of "a 5-day
revisit"); and the held lesson says no "no longer" of its own."""

from __future__ import annotations

import re
from functools import lru_cache

from agentmem.core.nolonger import NO_MORE
from agentmem.core.statement import terms

# "<doer> no longer <verb> [on|for|…] <what>", to the clause's end.
STOPPED = re.compile(
    r"(?:^|[.;:!?]\s+)(?:the\s+|our\s+|all\s+)?(?P<doer>(?:[\w-]+\s+){0,2}?[\w-]+)\s+"
    r"no\s+longer\s+(?P<deed>[\w-]+)(?:\s+(?:on|for|with|from|through|via|to|at|upon))?\s+"
    r"(?P<what>[^.;:!?()]{3,80})",
    re.IGNORECASE,
)
MIN_SHARED = 2  # words of what stopped that the held lesson says, at least
MOST = 0.6  # and the share of them


@lru_cache(maxsize=4096)  # a text meets many others per add: read once
def _words(text: str) -> frozenset[str]:
    """The text's content words, a hyphenated word read part by part."""
    return terms(re.sub(r"(?<=\w)-(?=\w)", " ", text)).content


def described_stopped(draft: str, held: str) -> bool:
    """See the module docstring."""
    if NO_MORE.search(held):
        return False
    known = _words(held)
    for match in STOPPED.finditer(draft):
        doer, what = _words(match["doer"]), _words(match["what"])
        last = _words(match["doer"].split()[-1])
        if not doer or not last or not last <= known:
            continue
        shared = what & known
        if len(shared) >= MIN_SHARED and len(shared) >= MOST * len(what):
            return True
    return False
