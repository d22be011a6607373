"""A review written as several people's answers: each person's paragraph under their name.

    ## Ana (kilns)
    What worked: the new shelves. Next worker: glaze firings go on the middle shelf.

    ## Tom
    Ana's note from last week is wrong, do not go by it: the shelf had nothing
    to do with the cracks. What changed: since 3 May I have taken over the kiln log.

Its prose is read by `agentmem.harvest.inprose.told_in_prose`, one sentence of change at a
time, and there such a review told almost nothing: its answers open on the question they
answer ("What changed: …"), a label that reads as a list of what happened, and one
person's word that another's earlier note was wrong tells no change in so many words.
So two more kinds of sentence are facts here (`answered_in_prose`):

- an answer to a question about what changed ("What changed:", "Changes:", "Update:"):
  the label says the rest is a change, and it goes (a sentence of its own kind, a guess
  or a plan, is still no fact);
- a sentence that retracts an earlier note (`agentmem.core.retract.retraction`), kept as
  written so the writer withdraws what it withdraws.

An answer in the first person ("I have taken over …") is led by the name of the section
it stands in, the person who says it: "I" alone names no one to the next worker.
"""

from __future__ import annotations

import re

from agentmem.core.model import MemoryType, normalise_text
from agentmem.core.retract import retraction
from agentmem.harvest.guess import SENTENCE_END, sure
from agentmem.harvest.paragraphs import paragraphs
from agentmem.harvest.sections import CHANGED, PLANS, Lesson, section_type

# An answer's label: the question it answers, cut short ("What changed:", "Update:").
LABEL = re.compile(r"^(?P<label>[\w-]+(?:\s+[\w-]+){0,3})\s*:\s*")
# The first person singular: whose words these are, the section's heading says.
FIRST_PERSON = re.compile(r"\b(?:I|I'm|I've|my|me)\b")
# A heading that names a person: a word or two, capitalised, no digits, a role in
# brackets after it at most ("Ana (kilns)").
PERSON = re.compile(r"^(?P<name>[A-Z][\w'.-]*(?:\s[A-Z][\w'.-]*)?)\s*(?:\([^)]*\))?$")


def answered_in_prose(markdown: str, found: list[Lesson]) -> list[Lesson]:
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
            said = _said(sure(sentence.strip()))
            if not said:
                continue
            said = _led(heading, said)
            if normalise_text(said) not in seen:
                seen.add(normalise_text(said))
                out.append(Lesson(MemoryType.SEMANTIC, said))
    return out


def with_answers(markdown: str, found: list[Lesson]) -> list[Lesson]:
    """`found`, then the answers above it does not hold yet."""
    return [*found, *answered_in_prose(markdown, found)]


def _said(sentence: str) -> str | None:
    """What the sentence tells as a fact, its answer's label cut, or None."""
    label = LABEL.match(sentence)
    if label is not None and CHANGED.search(label.group("label").lower()):
        rest = sentence[label.end() :].strip()
        if rest and PLANS.search(label.group("label").lower()) is None:
            return rest[0].upper() + rest[1:]
    if label is None and retraction(sentence) is not None:
        return sentence
    return None


def _led(heading: str | None, said: str) -> str:
    """A first-person answer led by the name of the person whose section it is in."""
    named = PERSON.match(heading.strip()) if heading is not None else None
    if named is None or FIRST_PERSON.search(said) is None:
        return said
    return f"{named.group('name')}: {said}"
