"""The lesson on a failure's cause: what to do about a failure a read tells.

A failure's record tells what broke in its failed checks' details; the goal or bundle that
found it may share few words with the lesson saying what to do about it ("over budget: map
tiles rendered per request on /v2/apiary/map" against "show beekeepers which apiaries they
can reach"; the lesson: "apiary map tiles are rendered once a night; never render them per
request"). Of the candidates, the one sharing most (at least `CAUSE_WORDS`) of the words the
cause is told in is that lesson, unless one already told speaks of it. Packs
(`agentmem.retrieval.select.remedy`) and hook A (`agentmem.retrieval.history.answers`) ask
it, each of its own candidates.
"""

from __future__ import annotations

from collections.abc import Sequence

from agentmem.core.model import Hit, Memory
from agentmem.harvest.runrecord import read_record
from agentmem.stores.bm25 import tokenize

# Words a lesson shares with a failure's cause to speak of it. On the four tuning
# loop-benchmark scenarios, in packs: pack need 0.870 -> 0.889 (one scenario gains, none
# loses), pack precision and stale unchanged; in hook A: synthesis need 0.875 -> 0.969; no
# change in need on the repository's ten or four validation ones, run but never read. Two
# words and four each let a stale hook A line in on validation, and four lost pack
# precision; in packs, a candidate under a quarter of the best lesson let one off topic in.
CAUSE_WORDS = 3


def cause_words(run: Memory) -> set[str]:
    """The words a failure's cause is told in: its failed checks' details (else their
    names), else its summary."""
    record = read_record(run.text)
    return words(" ".join(c.detail or c.name for c in record.failed) or record.summary)


def words(text: str) -> set[str]:
    return {t for t in tokenize(text) if not t.isdigit() and len(t) > 2}


def on_cause(cause: set[str], candidates: Sequence[Hit], told: Sequence[Hit]) -> Hit | None:
    """The candidate sharing most (at least `CAUSE_WORDS`) of the `cause` words, the better
    scored of equals; none when a memory already `told` speaks of the cause."""
    if any(len(cause & words(h.memory.text)) >= CAUSE_WORDS for h in told):
        return None
    taken = {h.memory.id for h in told}
    fits = [
        (shared, h.score, h)
        for h in candidates
        if h.memory.id not in taken and (shared := len(cause & words(h.memory.text))) >= CAUSE_WORDS
    ]
    return max(fits, key=lambda f: f[:2])[2] if fits else None
