"""A retro read by its sections: the lessons of hook D's default reader (`lessons`).

A bullet's section decides its type: lessons and facts become semantic memories, how-tos
and what worked become procedural, patterns across runs become reflective. A bullet may
say its type itself with a leading `[semantic]`, `[procedural]` or `[reflective]`, or
(as daily-log event lines do, after their time) with `Lesson:`, `How to:` or `Pattern:`;
so may a plain line of a note, wherever it stands (each such line its own lesson), but
not under a heading of plans. A sentence its author marks as a guess is no lesson.
A decision record (ADR) yields its decision: the prose under its Decision heading, led
by the record's title, unless its status says it is not in force.
A postmortem's lessons are led by its title, which names the incident they are about.
A list item that withdraws a lesson ("Retracted: …") or a practice ("We no longer …"), or a
paragraph labelled "Retracted:", is a lesson under any heading but one of plans
(`withdrawal`); so is a retracting paragraph under a heading that owns up to a mistake
("What we got wrong").
Which reader reads a retro of another shape (a runbook, a chat, a journal, a status report)
is the distiller's choice (`agentmem.harvest.distill`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from agentmem.core.model import MemoryType, normalise_text
from agentmem.core.practice import withdraws_practice
from agentmem.core.retract import retraction
from agentmem.harvest.blocks import blocks, first_heading
from agentmem.harvest.guess import sure
from agentmem.harvest.labelled import as_sections, decided_item
from agentmem.harvest.news import tells_change
from agentmem.harvest.paragraphs import paragraphs
from agentmem.harvest.pasted import as_statement
from agentmem.harvest.sections import (
    CHANGED,
    PLANS,
    PREFIX,
    PREFIX_TYPES,
    ROOT_CAUSE,
    Lesson,
    section_type,
)
from agentmem.harvest.setting import sets_value
from agentmem.stores.bm25 import tokenize

INLINE = re.compile(r"^\[(semantic|procedural|reflective)\]\s*", re.IGNORECASE)
# A daily-log event line (`- 08:00:00Z Lesson: …`) carries its type as a word, after a time.
STAMP = re.compile(r"^\d{1,2}:\d{2}(?::\d{2})?Z?\s*(?:[-–]\s*)?")
LABELLED = re.compile(r"^\**(?:retracted|retraction|withdrawn)\**\s*:", re.IGNORECASE)
# A paragraph a review labels a correction ("**Erratum.** Our 03-14 lesson, which put …
# down to …, was wrong and is withdrawn"): read under any heading, without its label, so the
# retraction opens the text and the judge reads what it withdraws.
CORRECTION = re.compile(
    r"^[*_]{0,2}(?:corrections?|corrected|erratum)(?:[:.][*_]{0,2}|[*_]{0,2}\s*[:.])\s*",
    re.IGNORECASE,
)
# A sentence that opens by setting an earlier one right ("Correction to the earlier memo: …").
SETS_RIGHT = re.compile(r"^\W*correct(?:ion|ed)\b", re.IGNORECASE)
# A correction labelled with what it corrects ("Correction to the March note on kiln loads:
# …", "**Correction to our earlier advice:** …"): read under any heading, list item or
# paragraph, label kept, since the label is what tells the judge an earlier lesson is set
# right. A heading's own word ("Corrections") is `section_type`'s.
CORRECTING = re.compile(
    r"^[*_]{0,2}corrections?\s+(?:to|of|on)\s+[^:.!?\n]{1,60}?[*_]{0,2}:", re.IGNORECASE
)
# A heading owning up to a mistake: its prose may retract a lesson without a label.
OWNED = re.compile(r"\b(?:wrong|mistakes?|mistaken|errat(?:a|um)|retract\w*)\b", re.IGNORECASE)
# A decision record's status: in force unless it says otherwise; what it replaces, if said.
STATUS_LINE = re.compile(r"^\**status\**\s*:\s*(.+)$", re.IGNORECASE)
NOT_IN_FORCE = re.compile(
    r"^\W*(proposed|draft|rejected|superseded|deprecated|withdrawn|obsolete)\b", re.IGNORECASE
)
# ... up to the sentence's end or the record's next label ("Deciders: …" on the next line)
REPLACES = re.compile(
    r"\b(?:replaces|supersedes|overrides)\b:?(?:(?!\s+[A-Z][\w-]*:)[^.;])*", re.IGNORECASE
)
DECISION = re.compile(r"\bdecision|\bdecided")
# A record's header: only its filing fields, each a short value ("Date: 2026-03-02 Status:
# accepted App: billing"), is where the record is filed, not what it decided (a field that
# goes on to a sentence is read as before).
HEADER = re.compile(
    r"(?:\**(?:date|status|app|apps|deciders?|authors?|owners?|created|updated|last updated"
    r"|reviewed|reviewers?|tags?|id)\**\s*:\**\s*[^:.!?;\n]{0,60}?\s*)+",
    re.IGNORECASE,
)
# An incident's account (a postmortem, an RCA): its title names what went wrong.
INCIDENT = re.compile(r"\b(post-?mortems?|incidents?|outages?|rca|root cause)\b")


def decision_status(markdown: str) -> str | None:
    """A decision record's status paragraph (`## Status` or `Status: …`), or None."""
    for heading, text, _ in paragraphs(markdown):
        if heading is not None and heading.strip().lower() == "status":
            return text
        match = STATUS_LINE.match(text)
        if match:
            return match.group(1)
    return None


def decision_text(text: str, title: str, replaces: re.Match[str] | None) -> str:
    """A decision out of its record: led by the record's title (its subject), and saying
    what it replaces when the status does ("Stages 0.5% → 5%…" alone names no rollout)."""
    if title and normalise_text(title) not in normalise_text(text):
        text = f"{title.rstrip(':.')}: {text}"
    if replaces is not None:
        clause = replaces.group(0).rstrip(".")
        text = f"{text.rstrip('.')} ({clause[0].lower()}{clause[1:]})."
    return text


def _decided(markdown: str, status: str | None) -> Iterator[tuple[str | None, str, bool]]:
    """`paragraphs`, but in a decision record's Decision section a sentence that ends in
    ":" and the list that completes it are one paragraph ("three rings: ring 0 …; ring 1
    …; ring 2 …."): its items name parts of one decision, not decisions of their own (and,
    worded alike, superseded each other). Items after no such sentence stay one each."""
    intro: list[str] = []
    heading: str | None = None
    for heading_, text, prose in paragraphs(markdown):
        in_decision = heading_ is not None and DECISION.search(heading_.lower()) is not None
        if intro and in_decision and not prose:
            intro.append(text.rstrip(".;,") + ";")
            continue
        if intro:
            yield heading, " ".join(intro).rstrip(";") + ".", True
            intro = []
        if in_decision and status is not None and prose and text.endswith(":"):
            heading, intro = heading_, [text]
            continue
        yield heading_, text, prose
    if intro:
        yield heading, " ".join(intro).rstrip(";") + ".", True


def _changes(
    sections: Iterator[tuple[str | None, str, bool]],
) -> Iterator[tuple[str | None, str, bool]]:
    """The paragraphs, with the prose of a section whose heading says it tells a change
    (`CHANGED`) joined into one: its sentences go on from each other ("Re-imports go
    through the CLI now:", the command, "It books reversal lines …") and make one lesson."""
    held: list[str] = []
    at: str | None = None
    for heading, text, prose in sections:
        if prose and text.startswith("|"):
            continue  # a table: its rows are not sentences
        if held and not (prose and heading == at):
            yield at, " ".join(held), True
            held = []
        if prose and heading is not None and CHANGED.search(heading.lower()):
            at = heading
            # a paragraph with no end of its own (a command on its lines) ends before the next
            held = [*held[:-1], *(p if p[-1] in ".:;!?" else f"{p}." for p in held[-1:]), text]
            continue
        yield heading, text, prose
    if held:
        yield at, " ".join(held), True


def _replaced(markdown: str, status: str | None) -> re.Match[str] | None:
    """What a decision record says it replaces: in its status, else in the record's own
    words outside its context ("This replaces the previous one-shot release practice.")."""
    if status is not None and (found := REPLACES.search(status)):
        return found
    for heading, text, _ in paragraphs(markdown):
        outside = heading is None or "context" not in heading.lower()
        if outside and (found := REPLACES.search(text)):
            return found
    return None


def lessons(markdown: str) -> list[Lesson]:
    """Every typed bullet or paragraph under a lesson-bearing section, in order, once each.

    A decision record (ADR) whose status says it is not in force (proposed, rejected,
    superseded, deprecated) yields nothing; one whose status says what it replaces carries
    that clause on its decision, so the writer sees the replacement in the lesson's words.
    """
    markdown = as_sections(markdown)  # "- Decision: …" items as the sections they stand for
    status = decision_status(markdown)
    if status is not None and NOT_IN_FORCE.search(status):
        return []
    title = first_heading(markdown)
    found: list[Lesson] = []
    seen: set[str] = set()
    decisions: dict[int, str] = {}  # where each decision is in `found`: its own words
    late: list[Lesson] = []  # facts of a change section of no lesson-bearing kind
    listed = {block.heading for block in blocks(markdown) if block.kind != "prose"}
    for heading, paragraph, prose in _changes(_decided(markdown, status)):
        current = section_type(heading) if heading is not None else None
        decided = heading is not None and DECISION.search(heading.lower()) is not None
        changed = heading is not None and CHANGED.search(heading.lower()) is not None
        done = heading is not None and PLANS.search(heading.lower()) is not None
        # A retro's lessons are its bullets, a decision record's its prose; a section of a
        # kind that is prose alone ("Bank notice (important)": a paragraph) says its lesson
        # in that prose (a sentence before a list only introduces the list).
        paragraph = as_statement(paragraph)  # a pasted card or form row: the words it holds
        told = current is not None and heading not in listed and not paragraph.endswith(":")
        text = STAMP.sub("", paragraph)
        corrected = CORRECTION.match(text) if prose else None
        owned = prose and _owned_up(heading, text)
        rooted = _news_of_cause(heading, text)
        labelled = LABELLED.match(paragraph) is not None
        named = CORRECTING.match(text) is not None
        kept = decided or changed or told or rooted or labelled or corrected or owned or named
        if prose and not kept:
            continue
        text = text[corrected.end() if corrected else 0 :]
        inline, prefix = INLINE.match(text), PREFIX.match(text)
        kind = current
        if inline:
            kind = MemoryType(inline.group(1).lower())
        elif prefix:
            kind = PREFIX_TYPES[prefix.group(1).lower()]
        text = sure(PREFIX.sub("", INLINE.sub("", text)).strip())
        # a plan said done is a change made; a root cause found, a fact after the lessons
        after = kind is None and (changed or done or rooted)
        kind = MemoryType.SEMANTIC if after else kind
        if kind is None and not prose and decided_item(text) is not None:
            kind, after = MemoryType.SEMANTIC, True  # a decision taken, under any heading
        if kind is None and not done and (corrected or owned or named or withdrawal(text, prose)):
            kind = MemoryType.SEMANTIC  # a practice withdrawn is news under any heading
        elif kind is None and not done and not prose and (tells_change(text) or sets_value(text)):
            kind, after = MemoryType.SEMANTIC, True  # a note's item that says what is now
        if kind is None or not text or HEADER.fullmatch(text):
            continue
        if decided:
            decisions[len(found)] = text
            text = decision_text(text, title, None)
        if normalise_text(text) in seen:
            decisions.pop(len(found), None)
            continue
        seen.add(normalise_text(text))
        (late if after else found).append(Lesson(kind, text))
    replaced = _replaced(markdown, status)
    if decisions and replaced is not None:  # said of the decision it is most about
        words = set(tokenize(replaced.group(0)))
        at = max(decisions, key=lambda i: (len(words & set(tokenize(decisions[i]))), -i))
        found[at] = Lesson(found[at].type, decision_text(decisions[at], title, replaced))
    return led_by_incident(found + late, title)


def led_by_incident(found: list[Lesson], title: str) -> list[Lesson]:
    """A postmortem's lessons, each led by its title: a lesson there is about the incident
    the title names ("Postmortem: bulk pushes throttled (429) — Pushes go through the token
    bucket …"), which the lesson alone rarely repeats, so a goal on that work found it by
    one shared word. A withdrawal stays as written: it must open with its cue."""
    if not title or INCIDENT.search(title.lower()) is None:
        return found
    return [
        lesson
        if normalise_text(title) in normalise_text(lesson.text) or withdrawal(lesson.text)
        else Lesson(lesson.type, f"{title.rstrip(':.')} — {lesson.text}")
        for lesson in found
    ]


def _news_of_cause(heading: str | None, text: str) -> bool:
    """A root cause that tells what is now otherwise ("the supplier now ships on
    Thursdays") or sets an earlier lesson right ("Correction to our earlier advice: …"):
    a fact a worker on that work must know. A root cause that only diagnoses ("the
    parser trimmed the field") is the incident's story, and stays out; so does one that
    takes an earlier note back in passing ("the note blaming the cache was wrong"): read
    only where a retraction is read (its label, a heading owning up to a mistake), it
    withdrew lessons it never named."""
    if heading is None or ROOT_CAUSE.match(heading.lower()) is None:
        return False
    if SETS_RIGHT.match(text) is not None:
        return True
    return tells_change(text) and retraction(text) is None


def _owned_up(heading: str | None, text: str) -> bool:
    """A paragraph under a heading that owns up to a mistake ("What we got wrong",
    "Mistakes", "Errata") that retracts a lesson ("Last week we noted that … That was
    wrong."): read as a lesson, so the writer withdraws what it withdraws."""
    return heading is not None and OWNED.search(heading) is not None and bool(retraction(text))


def withdrawal(text: str, prose: bool = False) -> bool:
    """A list item that withdraws a lesson ("Retracted: …") or a practice ("We no longer
    …"), or a paragraph labelled a retraction: read as a lesson whatever its section (a
    review's "Corrections" or "Decisions" label is no heading of a lesson kind), so the
    writer can withdraw what it withdraws. A paragraph telling what the team no longer does
    may be the story of a change, not its word: only its label makes it one."""
    if prose:
        return LABELLED.match(text) is not None
    return retraction(text) is not None or withdraws_practice(text)
