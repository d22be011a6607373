"""A feedback form's responses export (CSV or TSV), read as its answers under their question.

    Timestamp<TAB>Your name<TAB>What went wrong?<TAB>What should we change?<TAB>Anything else?
    31/08 19:02<TAB>Ana Ruiz<TAB>Kiln B cracked two loads<TAB>Glaze loads go on the middle shelf<TAB>-
    01/09 08:15<TAB>Tom Ek<TAB>nothing really<TAB>see above<TAB>I now hold the kiln keys

Read as markdown it was one paragraph of cells: no heading, no list item, so the distiller
found nothing in it (or one stray sentence), and what a respondent said had changed never
reached memory. `as_sections` writes each question as a heading and each respondent's answer
to it as a list item under it, so the question says what its answers are, in the words the
distiller already reads headings in ("What should we change?" is a heading of change;
"What went well?" is one of no lesson kind, whose items count only when they tell a
change). An answer to a question of what ought to be that only asks for it ("Could we get
a second sled?", "Faster sign-offs please") is a wish, no fact, and is left out. A
column whose header asks nothing ("Timestamp", "Your name", "Email address", "Your team /
role") files the response and says nothing: it is left out, except that an answer in the
first person is led by the respondent's name ("Dev Okonkwo: all swaps need my OK"), since
"I" alone names no one to the next worker. Blank answers, "-", "n/a", "nothing really" and
"see above" (the respondent's earlier answer, already read) are no answers.

A document is read so (`is_form`) by its content, whatever its name: a first line of three
cells or more split by tabs or commas, two of them questions (ending in "?" or opening on a
question word), and at least one row below it, most rows holding as many cells as the header.
"""

from __future__ import annotations

import csv
import io
import re

from agentmem.core.words import FIRST_PERSON
from agentmem.harvest.news import tells_change
from agentmem.harvest.setting import sets_value

FEWEST_COLUMNS = 3
FEWEST_QUESTIONS = 2
SHARE = 2 / 3  # of the body rows, those of the header's width at least
SHORT = 40  # an answer longer than this gives one, whatever it opens on
MAX_CHARS = 2_000_000  # past this a text is no form export: left to the other readers
ASKS = re.compile(
    r"^\W*(?:what|how|why|where|when|which|who|whom|anything|any|did|do|does|is|are|was|were"
    r"|would|should|could|can|will|has|have)\b",
    re.IGNORECASE,
)
NAMED = re.compile(r"\bname\b", re.IGNORECASE)
# A question asking what ought to be ("What should we change?", "What could we do
# better?"): its answers are suggestions, facts only when they tell a change made.
PROPOSED = re.compile(r"\b(?:should|could|would)\b", re.IGNORECASE)
WISH = re.compile(
    r"\?|\bplease\b|\bwould be (?:nice|good|great)\b|^\W*(?:could|can|would|maybe|perhaps)\b",
    re.IGNORECASE,
)
# An answer that gives none: a dash, "n/a", "nothing (really)", "see above" and the like.
NO_ANSWER = re.compile(
    r"[\W_]*(?:n/?a|none|nil|nothing(?:\s+(?:really|else|much))?|nope|no|not really|same"
    r"|(?:see|as|same as)\s+above|ditto|idem|tbc)?[\W_]*",
    re.IGNORECASE,
)


def _table(text: str) -> list[list[str]] | None:
    """The export's rows (header first), split by the delimiter its first line uses; None
    when the first line splits into too few cells or the text is no table csv can read."""
    if len(text) > MAX_CHARS:
        return None
    stripped = text.lstrip("\ufeff\n\r ")
    first = stripped.split("\n", 1)[0]
    delimiter = "\t" if first.count("\t") >= FEWEST_COLUMNS - 1 else ","
    if first.count(delimiter) < FEWEST_COLUMNS - 1:
        return None
    try:
        rows = list(csv.reader(io.StringIO(stripped), delimiter=delimiter, strict=False))
    except csv.Error:  # a field past csv's size limit, a NUL byte: no form export
        return None
    return [[" ".join(cell.split()) for cell in row] for row in rows if any(c.strip() for c in row)]


def _asks(header: str) -> bool:
    return header.rstrip().endswith("?") or ASKS.match(header) is not None


def _responses(text: str) -> list[list[str]] | None:
    table = _table(text)
    if table is None or len(table) < 2:
        return None
    header, body = table[0], table[1:]
    if len(header) < FEWEST_COLUMNS or sum(map(_asks, header)) < FEWEST_QUESTIONS:
        return None
    if sum(len(row) == len(header) for row in body) < SHARE * len(body):
        return None
    return table


def is_form(text: str) -> bool:
    """Whether the text is a form's responses export (see the module docstring)."""
    return _responses(text) is not None


def _answered(answer: str) -> bool:
    words = answer.split()
    if not words or (len(answer) <= SHORT and NO_ANSWER.fullmatch(answer)):
        return False
    # "Nothing, it's done", "n/a really": a short answer opening on none says none
    return not (
        len(words) <= 4 and NO_ANSWER.fullmatch(words[0][:SHORT]) and words[0][:1].isalpha()
    )


def _wished(answer: str) -> bool:
    """An answer to a question of what ought to be that only asks for it (a question, a
    "please", "would be nice", an opening "could" or "maybe"), unless it tells a change
    made or a value in force."""
    if tells_change(answer) or sets_value(answer):
        return False
    return WISH.search(answer) is not None


def as_sections(text: str) -> str:
    """The form's answers under their questions (see the module docstring); any other text
    as it is."""
    table = _responses(text)
    if table is None:
        return text
    header, body = table[0], table[1:]
    names = [at for at, cell in enumerate(header) if NAMED.search(cell) and not _asks(cell)]
    out: list[str] = []
    for at, question in enumerate(header):
        if not _asks(question):
            continue  # a timestamp, a name, a role: the response's filing
        items = []
        for row in body:
            answer = row[at] if at < len(row) else ""
            if not _answered(answer):
                continue
            if PROPOSED.search(question) and _wished(answer):
                continue  # a wish ("Faster sign-offs please") is no fact until it is done
            who = row[names[0]] if names and names[0] < len(row) else ""
            if who and FIRST_PERSON.search(answer):
                answer = f"{who}: {answer}"
            items.append(f"- {answer}")
        if items:
            out += ["", f"## {question}", "", *items]
    return "\n".join(out).strip() + "\n" if out else text
