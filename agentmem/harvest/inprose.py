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

A review sent as a mail (paragraphs alone, opening on a salutation: a lead's weekly memo
to the team, a reply to a colleague's questions, `agentmem.harvest.mail.is_mail`) is read
as any other letter is (`letter_lessons`), one fact a sentence, its guesses left out: it
is written to tell its readers how things are (a sentence of `SAID` characters at least:
a greeting, thanks or a one-word answer tell nothing), and few of its sentences name a change in
so many words ("The press runs at six in the morning." tells the new time of a run held
at ten as plainly as "moved to six" does). A review document's prose still tells its
period's story, and only its sentences of change are read.
"""

from __future__ import annotations

import re

from agentmem.core.model import MemoryType, normalise_text
from agentmem.harvest.guess import SENTENCE_END, sure
from agentmem.harvest.mail import closing, is_mail
from agentmem.harvest.news import tells_change
from agentmem.harvest.onset import in_force_from
from agentmem.harvest.paragraphs import paragraphs
from agentmem.harvest.sections import PLANS, Lesson, section_type
from agentmem.harvest.standing import is_letter

# A sentence that opens on a short label and a colon ("Shipped: …", "Reminder from the
# desk: …"): a list of what happened, or a note of its own kind, not one change told.
LABEL = re.compile(r"^[\w-]+(?:\s+[\w-]+){0,3}\s*:")
# A change verb in the passive past ("the crate was moved to bay 4 by hand"): what was done
# once to one thing, a story of the week, not how things are now.
DONE_ONCE = re.compile(
    r"\b(?:was|were)\s+(?:\w+ly\s+)?(?:moved|replaced|switched|changed|retired|swapped)\b", re.I
)
SAID = 40  # characters a mail's sentence has at least to tell something


def told_in_prose(markdown: str, found: list[Lesson]) -> list[Lesson]:
    """The sentences above, each a semantic lesson, in order, none already `found`."""
    seen = {normalise_text(lesson.text) for lesson in found}
    out: list[Lesson] = []
    mail = is_letter(markdown) and is_mail(markdown)
    for heading, text, prose in paragraphs(markdown):
        if not prose or text.startswith("|") or (mail and closing(text)):
            continue
        if heading is not None and (
            section_type(heading) is not None or PLANS.search(heading.lower()) is not None
        ):
            continue
        for sentence in SENTENCE_END.split(text):
            sentence = sure(sentence.strip())
            if not sentence:
                continue
            said = mail and len(sentence) >= SAID  # a mail's sentence, a label or not
            if not said and LABEL.match(sentence):
                continue
            if not said and not (
                tells_change(DONE_ONCE.sub(" ", sentence)) or in_force_from(sentence)
            ):
                continue
            if normalise_text(sentence) not in seen:
                seen.add(normalise_text(sentence))
                out.append(Lesson(MemoryType.SEMANTIC, sentence))
    return out
