"""A failure the goal's search ranks at the top, on the goal's subject though the goal's
tags say otherwise.

`agentmem.retrieval.places.same_work` measures a run's goal against the query's words with
the goal's tags counted `TAG_WEIGHT` times: a run whose goal names one tag ("Move the
kiln rota to the winter rules" for a goal tagged "kiln") outweighs a run whose goal names
three words of the goal's title ("Fire the first two glaze batches" for "Plan tomorrow's
glaze batches"), and the second, what broke last time on the same work, was cut. A run
that failed (or ended partial or aborted), that the goal's search scores near the top
(`NEAR_TOP` of the best record's score: its whole record speaks of the goal's work), and
whose own goal names `SUBJECT_WORDS` words of the goal's subject (its title and tags; the
description also says how and when, words any run of the app shares) is the same work
too. A record that scores high on its long body alone while its goal names one word of the
goal's ("order" in "Sort the order list" for "Edit the address in the order view") stays
out, as before; so does a plain success read this way under the best record: a pack holds
one, and it would take the place of the next lesson over the bar
(`agentmem.retrieval.places.spare_places`) to tell how other work in the same place went.
The success the search ranks first, its goal naming the subject, is the run nearest the
goal, whose place in a pack is the plain success's own: it is the same work (a run naming
only the tag kept the place, and "every truck of the supplier gets a strip test before
unload", the top run's account of the goal's own intake, was cut).
"""

from __future__ import annotations

from collections.abc import Sequence
from collections.abc import Set as AbstractSet

from agentmem.core.model import SETBACKS, Hit
from agentmem.harvest.runrecord import record_goal
from agentmem.stores.bm25 import tokenize

NEAR_TOP = 0.8  # share of the best record's score a failure needs to be read this way
SUBJECT_WORDS = 2  # distinct words of the goal's subject the run's goal names


def near_top(records: Sequence[Hit], subject: AbstractSet[str], found: Sequence[Hit]) -> list[Hit]:
    """The setbacks among `records` near the top of the search (of them and the records
    `found`, those left out as telling how things were before a change), and a success at
    its very top, whose goal names `SUBJECT_WORDS` of the `subject`'s tokens."""
    top = max((h.score for h in [*records, *found]), default=0.0)
    if top <= 0 or len(subject) < SUBJECT_WORDS:
        return []
    return [
        h
        for h in records
        if h.score >= (NEAR_TOP * top if h.memory.outcome in SETBACKS else top)
        and len(subject & set(tokenize(record_goal(h.memory.text)))) >= SUBJECT_WORDS
    ]
