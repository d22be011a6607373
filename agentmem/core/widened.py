"""A thing done once for the whole where it was done for each part: "Backups run per
database; each dump is its own file" held, then "backups: run globally across all
databases in one job" or "backups now cover the whole cluster in one pass". The held
lesson says its task is done per part, the draft says the same task is done across all
the parts (or globally, or for the whole of something), and never per part: the task's
reach changed, with or without a change word (`widened`).

Guards against a look-alike: a rule for the whole beside a rule for each part is common
("the per-user limit is 100 a minute" and "the limit across all users is 5,000 a
minute"), so a draft that gives a value of a measure in that clause, or says the part
rule stays ("also", "still", "as well"), replaces nothing; nor does a draft about another
task (the words before the two reaches share `SHARED` content terms).
"""

from __future__ import annotations

import re

from agentmem.core.clauses import STOPS
from agentmem.core.samething import STAYS, readings
from agentmem.core.statement import terms
from agentmem.core.swapped import BESIDE
from agentmem.core.textcache import textcached

# "per custodian", "per-tenant", "for each store", "once for each": done part by part.
PER = re.compile(r"\b(?:per[\s-]+|for\s+each\s+|by\s+each\s+)(?P<part>[a-z]{3,})\b", re.I)
# "across all custodians", "over every store", "globally", "for the whole fleet"
WHOLE = re.compile(
    r"\b(?:(?:across|over|for|covering)\s+(?:all(?:\s+the)?|every|each\s+of\s+the)\s+"
    r"(?P<parts>[a-z]{3,})|globally|(?:across|over|for)\s+the\s+(?:whole|entire)\s+[a-z]{3,})\b",
    re.I,
)
CLAUSE = STOPS
SHARED = 2  # content terms the words before the two reaches share, the task they tell


def _stem(word: str) -> str:
    return terms(word).head[0] if terms(word).head else word.lower()


@textcached
def _wholes(draft: str) -> tuple[tuple[str | None, frozenset[str]], ...]:
    """The draft's own side of `widened`, read once a draft: for each clause that does its
    task across all the parts and gives no value of a measure, the parts it names (None for
    "globally", "the whole …") and the content terms of the task before that reach; nothing
    when the draft says the part rule stays, names a part rule itself or has no such
    clause. Without one the rule answers False whatever the held text says (issue 17)."""
    if BESIDE.search(draft) or STAYS.search(draft) or PER.search(draft):
        return ()
    out = []
    for clause in CLAUSE.split(draft):
        whole = WHOLE.search(clause)
        if whole is None or readings(clause):
            continue
        out.append((whole["parts"], terms(draft[: draft.find(clause) + whole.start()]).content))
    return tuple(out)


def widened(draft: str, held: str) -> bool:
    """The held lesson does its task per part and the draft does that task across all the
    parts (see the module docstring)."""
    reaches = _wholes(draft)  # the draft's side first: the held text read only for a reach
    if not reaches:
        return False
    per = [(m, clause) for clause in CLAUSE.split(held) for m in PER.finditer(clause)]
    if not per:
        return False
    for parts, task in reaches:
        for m, held_clause in per:
            if parts is not None and _stem(parts) != _stem(m["part"]):
                continue
            before = terms(held_clause[: m.start()]).content
            if len(task & before) >= SHARED:
                return True
    return False
