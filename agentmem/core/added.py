"""An addition: a draft that names one more thing beside what a held lesson says, the held
one left standing.

"The invoice export runs on the Mac builders" held, then "the invoice export runs on the
Linux runners as well as the Mac builders": the draft says all the held text says and more,
which would read as a fuller statement of the same lesson (`agentmem.core.restate.replaces`),
yet its "as well as" says the Mac builders still hold. So too "in addition to", "besides",
"alongside", "along with", "also", and "too" or "as well" closing a clause. The held lesson
is still true; the draft is a lesson of its own beside it.

The draft keeps the held lesson whole (`covered`: its terms, names and values), or names
what the held lesson says as the object of its addition word ("besides the Oslo mirror,
nightly dumps go to Bergen" of "nightly dumps go to the Oslo mirror"), every value the held
text states stated again.

A draft that also says something went away is a change, whatever addition word it uses:
"instead", "rather than", "in place of", "no longer", "only", a thing replaced, removed,
moved or retired, or a clause that says no ("the export runs on Linux as well; it does
not run on the Mac builders").
"""

from __future__ import annotations

import re

from agentmem.core.cues import NEGATION
from agentmem.core.statement import terms
from agentmem.core.subjects import conflict, covered
from agentmem.core.together import read_together

# Words that add one more beside what is held. "too" and "as well" only closing a clause
# ("… on the Linux runners too."): "too slow" is no addition.
ADDED = re.compile(
    r"\b(?:as\s+well\s+as|in\s+addition\s+to|besides|alongside|along\s+with|also)\b"
    r"|\b(?:too|as\s+well)(?=\s*(?:[.;:,!?)]|$))",
    re.IGNORECASE,
)
# An addition word with its object: the thing kept beside the new one, to a clause's end.
BESIDE = re.compile(
    r"\b(?:as\s+well\s+as|in\s+addition\s+to|besides|alongside|along\s+with)\s+"
    r"(?P<kept>[^.;:,!?()]{1,60})",
    re.IGNORECASE,
)
# Words that say something went away: an addition told with one of these is a change.
AWAY = re.compile(
    r"\b(?:instead|rather\s+than|in\s+place\s+of|no\s+longer|any\s?more|only|formerly|"
    r"previously|used\s+to|replac\w*|remov\w*|retir\w*|dropp\w*|stopp\w*|"
    r"moved|switched|migrated|deprecated|gone)\b",
    re.IGNORECASE,
)


def added_beside(draft: str, held: str) -> bool:
    """The draft names one more thing beside all the held text says, with an addition word,
    and says nothing went away (see the module docstring): the held lesson stands."""
    if ADDED.search(draft) is None or AWAY.search(draft) or NEGATION.search(draft):
        return False
    d, h = read_together(draft, held)
    if covered(h, d):
        return True
    kept = all(v <= d.values.get(kind, frozenset()) for kind, v in h.values.items())
    return kept and not conflict(d, h) and _kept_beside(draft, held)


def _kept_beside(draft: str, held: str) -> bool:
    """The object of an addition word ("besides the Oslo mirror") is said in the held text:
    its content terms, one at least, all among the held text's."""
    told = terms(held).content
    for m in BESIDE.finditer(draft):
        kept = terms(m["kept"]).content
        if kept and kept <= told:
            return True
    return False
