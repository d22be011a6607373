"""What a document replaces among held lessons, though no sentence of it restates them.

A decision record's Context tells how things are done before the decision ("We fit 120
separate per-store models every retrain"); its Decision tells the new way, often in no
words of the old one. A held lesson that a Context sentence says again (`restated`: one
thing, give or take a detail) is the way the decision replaces, so the decision's lessons
carry it in `supersedes`. A Context sentence that tells a problem or a constraint shares
the held lesson's words less often than the way of working it describes; a lesson the
record says again outside its Context is kept (its decision or consequences keep it).
A sentence or clause of the Decision that gives a new value of a held lesson replaces it
too, though the whole decision, led by the record's title, shares too few of its words.

A handover says who holds a role from now on, and often names the one who held it only
by first name ("Dana has moved to the platform team"): a held lesson that gives that
person a role (owns, signs off, is who to ask) tells who held it before, and the
handover's lessons carry it in `supersedes`.

Nothing here reads memory: the hook passes `search`, the held lessons a text finds.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

from agentmem.core.holders import ROLE, people, same_holder
from agentmem.core.model import Memory
from agentmem.core.restate import replaces, restated
from agentmem.harvest.blocks import blocks, first_heading
from agentmem.harvest.sections import CHECKED
from agentmem.stores.bm25 import tokenize

Search = Callable[[str], Sequence[Memory]]

DECISION = re.compile(r"^\W*(?:the\s+)?decisions?\b|\bdecided\b", re.IGNORECASE)
# Where a decision record tells the state before it ("Context", "Background", "Current state").
BEFORE = re.compile(r"^\W*(?:context|background|current (?:state|situation))\b", re.IGNORECASE)
SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z`])")
# A decision's sentence tells its new value in one clause and a condition in the next ("… 3
# of 5 signers under policy P-v4, and at least one of them must …"): each is judged.
CLAUSE = re.compile(r";\s+|,\s+(?:and|but|while|so)\s+")
HANDOVER = re.compile(r"\b(?:handovers?|hand-?offs?|handing over)\b", re.IGNORECASE)
# "Dana has moved to …", "Dana is moving to …", "Dana left the team". A thing moved the
# same way ("Traffic moved to …") names no holder of a role a held lesson gives.
MOVED = re.compile(
    r"\b([A-Z][a-z]+)(?:\s+[A-Z][a-z]+)?\s+(?:has\s+|have\s+)?"
    r"(?:moved|is moving|is leaving|has left|left)\s+(?:to|on|the)\b"
)


def superseded(
    markdown: str, source: str, drafts: Sequence[str], search: Search
) -> dict[int, list[str]]:
    """For each draft (by its place in `drafts`), the ids of held lessons it replaces."""
    found: dict[int, list[str]] = {}
    if not drafts:
        return found
    olds = [*_decided(markdown, source, drafts, search)]
    olds += _handed_over(markdown, source, drafts, search)
    for held in olds:
        at = _closest(drafts, held.text)
        if held.id not in found.setdefault(at, []):
            found[at].append(held.id)
    return found


def _closest(drafts: Sequence[str], text: str) -> int:
    """The draft sharing most words with `text` (the first, on a tie)."""
    words = set(tokenize(text))
    return max(range(len(drafts)), key=lambda i: (len(words & set(tokenize(drafts[i]))), -i))


@dataclass
class Record:
    """A decision record's sentences: of how things stood before it (its Context), of its
    decision (each sentence and its clauses), and all but its Context (its decision, its
    consequences)."""

    before: list[str] = field(default_factory=list)
    decided: list[str] = field(default_factory=list)
    after: list[str] = field(default_factory=list)


def record_sentences(markdown: str) -> Record:
    """The record's sentences (see `Record`); none when the document has no Decision section."""
    found = list(blocks(markdown))
    record = Record()
    if not any(b.heading is not None and DECISION.search(b.heading) for b in found):
        return record
    for block in found:
        if block.kind == "table" or block.heading is None:
            continue
        sentences = SENTENCE.split(CHECKED.sub("", block.text))
        if BEFORE.match(block.heading):
            record.before += sentences
            continue
        record.after += sentences
        if DECISION.search(block.heading):
            record.decided += [p for s in sentences for p in dict.fromkeys([s, *CLAUSE.split(s)])]
    return record


def _decided(markdown: str, source: str, drafts: Sequence[str], search: Search) -> Iterator[Memory]:
    """Held lessons a decision replaces: one its Context says again and nothing else in the
    record does (the way it replaces), or one a sentence or clause of its Decision gives a
    new value of (the decision's draft, led by the record's title and told with its other
    sentences, shares too few of the held lesson's words for the writer to judge it so)."""
    record = record_sentences(markdown)
    judged = [*((s, restated) for s in record.before), *((s, replaces) for s in record.decided)]
    for sentence, judge in judged:
        for held in search(sentence):
            if held.source == source or not judge(sentence, held.text):
                continue
            if not any(restated(other, held.text) for other in (*drafts, *record.after)):
                yield held


def moved_away(markdown: str) -> set[str]:
    """The first names of the people a handover says moved away ("Dana has moved to …")."""
    return {m.group(1) for m in MOVED.finditer(" ".join(markdown.split()))}


def _handed_over(
    markdown: str, source: str, drafts: Sequence[str], search: Search
) -> Iterator[Memory]:
    """Held lessons that give a role to someone a handover says moved away."""
    if HANDOVER.search(f"{source} {first_heading(markdown)}") is None:
        return
    for name in moved_away(markdown):
        for held in search(name):
            if held.source == source:
                continue
            if ROLE.search(held.text) and same_holder(frozenset({name.lower()}), people(held.text)):
                yield held
