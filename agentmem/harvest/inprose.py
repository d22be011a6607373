"""A periodic review told in prose: the sentences that say something is now otherwise.

A weekly or monthly note is often written as paragraphs, with no heading of a lesson kind
("Week 12", a title and its prose): the distiller's section words find nothing in it, and
the changes it tells ("the kiln now fires on Tuesdays", "orders moved to the new
courier") never reach a worker. So when such a review yields fewer lessons than a periodic
one should (`agentmem.harvest.distill.MIN_PERIODIC`), each sentence of its prose under a
heading of no kind that says outright that something changed (`tells_change`) is a fact of
its own. A sentence that opens on a label ("Shipped: …", "Broke: …") reports a list of
what happened, one whose change is a passive past ("was moved") tells what was done once,
and one its author marks as a guess is none (`agentmem.harvest.guess.sure`).
"""

from __future__ import annotations

import re

from agentmem.core.model import MemoryType, normalise_text
from agentmem.harvest.guess import SENTENCE_END, sure
from agentmem.harvest.news import tells_change
from agentmem.harvest.onset import in_force_from
from agentmem.harvest.paragraphs import paragraphs
from agentmem.harvest.sections import PLANS, Lesson, section_type

# A sentence that opens on a short label and a colon ("Shipped: …", "Reminder from the
# desk: …"): a list of what happened, or a note of its own kind, not one change told.
LABEL = re.compile(r"^[\w-]+(?:\s+[\w-]+){0,3}\s*:")
# A change verb in the passive past ("the crate was moved to bay 4 by hand"): what was done
# once to one thing, a story of the week, not how things are now.
DONE_ONCE = re.compile(
    r"\b(?:was|were)\s+(?:\w+ly\s+)?(?:moved|replaced|switched|changed|retired|swapped)\b", re.I
)


def told_in_prose(markdown: str, found: list[Lesson]) -> list[Lesson]:
    """The sentences above, each a semantic lesson, in order, none already `found`."""
    seen = {normalise_text(lesson.text) for lesson in found}
    out: list[Lesson] = []
    for heading, text, prose in paragraphs(markdown):
        if not prose or text.startswith("|"):
            continue
        if heading is not None and (
            section_type(heading) is not None or PLANS.search(heading.lower()) is not None
        ):
            continue
        for sentence in SENTENCE_END.split(text):
            sentence = sure(sentence.strip())
            if not sentence or LABEL.match(sentence):
                continue
            if not tells_change(DONE_ONCE.sub(" ", sentence)) and not in_force_from(sentence):
                continue
            if normalise_text(sentence) not in seen:
                seen.add(normalise_text(sentence))
                out.append(Lesson(MemoryType.SEMANTIC, sentence))
    return out
