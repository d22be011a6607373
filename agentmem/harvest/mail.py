"""A mail pasted as a retro: what it says to its readers, and what it only quotes.

A mail opens on its salutation ("Hi all,", "Dana,", "Dear team,"), after a subject line
if it kept one (`is_mail`): written to colleagues, each of its sentences tells them
something, where a review document's prose tells the period's story
(`agentmem.harvest.inprose` reads a mail's sentences so).

In a reply, the lines it quotes are the earlier mail, not the reply:

    Dana,

    On Tue 3 Mar 2026, Dana Okafor wrote:
    > The kiln still fires on Fridays, right?
    Not since the new rota. It fires on Tuesdays from this week.
    > And the glaze order?
    Same supplier, same day.

Read as the reply's own lines, a quoted question ("The kiln still fires on Fridays,
right?") became a lesson of its own that restated the fact the answer replaces, and a
quoted line with no blank line before the answer ran into the answer's paragraph. The
earlier mail is what the reply answers, never news: its lines, and the line that says who
wrote them ("On <date>, <name> wrote:"), are left out, each answer then a paragraph of its
own. A document is a reply when such a line introduces a quote, or when its quotes are
answered inline (two quoted passages at least, each followed by a paragraph of the
writer's own, not by a heading or a list that goes on with the note). One quote alone with
no such line is a text pasted in (a supplier's notice, a memo quoted for the team), and so
is one led by a plain "Dana wrote:": it is the news the note brings, and stays.
"""

from __future__ import annotations

import re

from agentmem.harvest.blocks import BULLET, HEADING, QUOTED

# A mail client's line over what it quotes: "On Tue 3 Mar 2026, Dana Okafor wrote:", "On
# 2026-03-03 at 10:14, Dana <dana@example.org> wrote:" (when, then who).
WROTE = re.compile(r"^\s{0,3}(?:>\s*)?on\s[^\n]{3,80}?,?\s+[^\n]{2,80}?\bwrote\s*:\s*$", re.I)
INLINE = 2  # quoted passages answered, at least, for a reply with no attribution line
SUBJECT = re.compile(r"^\s*(?:#{1,6}\s*)?(?:subject|re|fwd?)\s*:", re.IGNORECASE)
# "Hi all,", "Hello everyone!", "Dear team,", "Hi all, and happy Friday.", "Dana,": a greeting word
# and whom it greets, or a name alone and a comma; a line of its own, a few words long.
SALUTATION = re.compile(
    r"^\s*(?:(?:hi|hello|hey|dear|morning|good\s+(?:morning|afternoon|evening)|greetings)\b"
    r"[^?:;]{0,40}?[,.!\-–—]?|[A-Z][\w'-]+(?:\s+(?:and\s+)?[A-Z][\w'-]+){0,2}\s*,)\s*$",
    re.IGNORECASE,
)
SALUTED = 6  # words a salutation line has at most
# A mail's closing and the signature it runs into ("Thanks, Dana Okafor, Kiln lead").
CLOSING = re.compile(
    r"^\W*(?:many\s+)?(?:thanks|thank\s+you|cheers|regards|kind\s+regards|best(?:\s+wishes)?|"
    r"all\s+the\s+best|sincerely|yours)\b\s*[,.!-]",
    re.IGNORECASE,
)


def is_mail(markdown: str) -> bool:
    """Whether the document opens as a mail does: on a salutation, after its subject line
    if any."""
    lines = [line for line in markdown.splitlines() if line.strip()]
    if lines and SUBJECT.match(lines[0]):
        lines = lines[1:]
    return (
        bool(lines) and len(lines[0].split()) <= SALUTED and SALUTATION.match(lines[0]) is not None
    )


def closing(paragraph: str) -> bool:
    """Whether the paragraph is a mail's closing and signature."""
    return CLOSING.match(paragraph) is not None


def is_reply(markdown: str) -> bool:
    """Whether the document answers an earlier mail it quotes (see the module docstring)."""
    lines = markdown.splitlines()
    if any(WROTE.match(line) for line in lines):
        return any(QUOTED.match(line) for line in lines)
    answered, quoting = 0, False
    for line in lines:
        if QUOTED.match(line):
            quoting = True
        elif line.strip() and quoting:  # a heading or a list after it: the note goes on
            answered += not (HEADING.match(line) or BULLET.match(line))
            quoting = False
    return answered >= INLINE


def own_lines(markdown: str) -> str:
    """The document without the earlier mail it quotes, when it is a reply; else as it is.
    Each quoted line is left blank, so the answers under it are paragraphs of their own."""
    if not is_reply(markdown):
        return markdown
    lines = markdown.splitlines()
    return "\n".join("" if QUOTED.match(line) or WROTE.match(line) else line for line in lines)
