"""A chat thread exported as a retro: one message a line, "<speaker>: <message>".

    #kiln-ops thread export: glaze review (2027-02-03)

    ana.r: the last two firings cracked on the top shelf again
    tom (lab): agreed. DECISION: glaze loads go on the middle shelves only, from Monday
    ana.r: and the test tiles?
    tom (lab): same rule

Read as prose, its lines were one paragraph: each memory the distiller made of it ran
from one speaker's message into the next, and a decision said in one line was told
inside another's chatter, where the judge could not read it as the new value of what it
changed. Each message is its own statement (`thread_lessons`): the speaker's handle goes
(a message in the first person keeps it, since "I" is who holds what it gives), so does
a leading acknowledgement ("agreed.", "yes,"); a question, a short reply and thanks are
no lessons. A thread is told by its lines (`is_thread`): most lines of its body open on
a speaker's handle, two speakers at least, one of whom speaks twice. A field label
("Status:", "To:"), a question and answer ("Q:", "A:"), a kind of lesson ("Lesson:"), a
decision's label or a log's "Shipped:" and "Broke:" opening each of a note's lines once
are no speakers.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import NamedTuple

from agentmem.core.model import MemoryType
from agentmem.core.words import FIRST_PERSON
from agentmem.harvest.blocks import HEADING
from agentmem.harvest.labelled import decided_line
from agentmem.harvest.sections import PREFIX, Lesson

# "[09:12] ana.r: …", "ana.r: …", "tom (lab): …", "@ana: …", "<ana> …", "#42 ana.r: …" (a
# ticket's comment): a handle of one
# word (letters, digits, dots, dashes, underscores) or a first and last name, an aside.
LINE = re.compile(
    r"^\s*(?:\[?\d{1,2}:\d{2}(?::\d{2})?\]?\s+)?"
    r"(?:#\d{1,7}\s+)?"  # a ticket's number leading its comment: "#42 ana.r: …"
    r"(?:<(?P<nick>[\w.'-]{2,30})>|@?(?P<who>[A-Za-z][\w.'-]{1,29}(?:\s[A-Z][\w.'-]{1,29})?)"
    r"(?:\s*\((?P<aside>[^()]{1,40})\))?\s*:)\s+(?P<said>\S.*?)\s*$"
)
# A label that opens a line of a form, a note or a log, never a person's handle.
LABELS = frozenset(
    """to from re cc bcc subject date status owner owners author authors reviewer reviewers
    app apps title id tags note notes update updates summary context decision decided
    consequences action actions todo done open blocked blockers blocker yesterday today
    tomorrow next shipped broke learned risk risks impact cause fix question answer
    agenda attendees present absent""".split()  # noqa: SIM905 (a word list)
)
# An acknowledgement opening a message ("agreed.", "yes,", "ok -"): no part of what it says.
ACK = re.compile(
    r"^(?:(?:yes|yep|yeah|ok|okay|agreed|right|sure|thanks|thank you|\+1|done|ack|noted)"
    r"\s*[.,!:;-]+\s*)+",
    re.IGNORECASE,
)
OPENING = re.compile(r"^[a-z]|(?<=[.!?] )[a-z]")
SHORTEST = 40  # a message shorter than this is a reply or a greeting, no lesson
SHARE = 2 / 3  # of a thread's body lines, the messages at least


class Message(NamedTuple):
    """One line of a thread: who said it, and what."""

    speaker: str
    said: str


def _message(line: str) -> Message | None:
    """The line as a message, or None when it opens on no handle or on a form's label."""
    match = LINE.match(line)
    if match is None:
        return None
    who = (match["nick"] or match["who"]).strip()
    if len(re.findall(r"[A-Za-z]", who)) < 2 or who.lower() in LABELS:
        return None  # "Q:", "L1:", "D-2:", "Status:" label a line, they name no one
    if PREFIX.match(line.strip()) or decided_line(line) is not None:
        return None  # "Lesson: …", "Decided: …"
    return Message(who, match["said"])


def messages(markdown: str) -> list[Message] | None:
    """The thread's messages in order, when the document is one (see the module
    docstring), else None."""
    lines = [line for line in markdown.splitlines() if line.strip()]
    body = [line for line in lines if HEADING.match(line) is None]
    if body and not body[0].lstrip().startswith(("-", "*")) and _message(body[0]) is None:
        body = body[1:]  # the export's own title line ("#ops thread export: …")
    said = [m for m in map(_message, body) if m is not None]
    speakers = Counter(m.speaker.lower() for m in said)
    if len(said) < 3 or len(said) < SHARE * len(body) or len(speakers) < 2:
        return None
    if max(speakers.values()) < 2:
        return None  # each label once: a note's "Shipped:", "Broke:", "Open:" lines
    return said


def is_thread(markdown: str) -> bool:
    """Whether the document is a chat thread (see the module docstring)."""
    return messages(markdown) is not None


def thread_lessons(markdown: str) -> list[Lesson]:
    """Each message of a thread that states something, one lesson each, in order."""
    found: list[Lesson] = []
    for message in messages(markdown) or []:
        text = ACK.sub("", message.said).strip()
        if len(text) < SHORTEST or text.endswith("?"):
            continue
        # each sentence opened as written prose opens it ("… on time. first the …")
        text = OPENING.sub(lambda m: m[0].upper(), text)
        if FIRST_PERSON.search(text):  # the speaker's handle leads it: "ana.r: I moved …"
            text = f"{message.speaker}: {text}"
        found.append(Lesson(MemoryType.SEMANTIC, text if text[-1] in ".!" else f"{text}."))
    return found
