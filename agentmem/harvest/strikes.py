"""Struck spans in a retro, in any markup: an old value struck out, and what follows it.

Retros are written in many markups, and each strikes an old value its own way: markdown
"~~old~~", Slack "~old~", LaTeX "\\sout{old}" (also "\\st", "\\xout"), HTML "<del>",
"<s>", "<strike>", BBCode "[s]old[/s]", AsciiDoc "[.line-through]#old#", RTF
"\\strike old\\strike0", and letters with a combining stroke ("o̶l̶d̶"). A review's edit
marks (CriticMarkup) are read as the edit they are: a deletion "{--old--}" is struck, a
substitution "{~~old~>new~~}" strikes the old words and keeps the new, an addition
"{++new++}" and a highlight "{==words==}" are their words, and a reviewer's comment
"{>>…<<}" is no lesson (beside an edit, it stays as the edit's reason, in parentheses). Read as they are, a
line that strikes an old value and gives the new one ("\\sout{Brookfield depot.} All
dispatch now starts from Ridgeview") became one lesson holding both, and the old value
kept being served.

One step reads them all alike (`unstruck`): each struck span is first put in one mark
("~~old~~"); then, in each item (a line, with the lines that continue it), a struck span
followed by new words of its own is taken out, and the item says the new value alone; the
struck words are kept aside (`Struck`) as what the item's lesson replaces, for the hook to
find among held lessons. An item that only labels its struck words as the old ones ("Old
rule: ~~X~~", "Was: ~~X~~") is left out, and the item after it is what replaced them. A
struck span with nothing new after it, or a judgement ("~~X~~ <- wrong!"), is a retraction: `agentmem.core.struck.struck_out` reads it, and it is left
as it stands, in the one mark struck.py reads.

Every pattern is bounded (no unbounded repeat beside another), so a hostile text is read
in linear time.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from agentmem.core.statement import terms
from agentmem.core.struck import struck_out
from agentmem.harvest.comments import ended_claims
from agentmem.harvest.diffgone import SHARED, Search, retires
from agentmem.harvest.residue import plain

BOUND = 200_000  # a longer text is left as it is: no retro strikes values that far in
SPANS = 40  # struck spans read in one item; an item of more is a list that lost its breaks
SHORT = 4  # content words of a struck span that name a lesson without its item's help
AFTER = 400  # what follows a span, read for whether it is new words or a judgement
# Each mark's struck span, one line at most, 2-300 characters; "body" holds its words.
MARKS = (
    re.compile(r"\\(?:sout|st|xout)\{(?P<body>[^{}\n]{2,300})\}"),
    re.compile(
        r"<(?P<tag>del|s|strike)(?:\s[^<>\n]{0,80})?>(?P<body>[^<>\n]{2,300}?)</(?P=tag)\s*>", re.I
    ),
    re.compile(r"&lt;(?P<tag>del|s|strike)&gt;(?P<body>[^&<>\n]{2,300}?)&lt;/(?P=tag)&gt;", re.I),
    re.compile(r"\[(?P<tag>s|strike|del)\](?P<body>[^\[\]\n]{2,300}?)\[/(?P=tag)\]", re.I),
    re.compile(r"\[\.line-through\]#(?P<body>[^#\n]{2,300})#"),
    re.compile(r"\\strike(?![a-z0-9])[ ]?(?P<body>[^\\{}\n]{2,300}?)\\strike0(?![0-9])"),
    # Slack's single tilde: no space inside either tilde, no tilde or word beside it
    # ("~5 min", "~~x~~" are not it)
    re.compile(
        r"(?:^|(?<=[\s(\[]))~(?P<body>[^~\s](?:[^~\n]{0,298}[^~\s])?)~(?=[\s.,;:!?)\]]|$)", re.M
    ),
    # letters each followed by a combining stroke (U+0335, U+0336, U+0338)
    re.compile(
        r"(?P<body>[^\s\u0335\u0336\u0338][\u0335\u0336\u0338]"
        r"(?:[ ]?[^\s\u0335\u0336\u0338][\u0335\u0336\u0338]){1,299})"
    ),
)
COMBINING = re.compile(r"[\u0335\u0336\u0338]")
# CriticMarkup's edit marks, each bounded: a comment, a substitution, a deletion (its words
# may run over lines), and the marks of an addition or highlight around words kept.
REVIEW_COMMENT = re.compile(r"\{>>[\s\S]{0,2000}?<<\}")
# A line that is a reviewer's comment alone, a list mark at most before it: the line goes.
COMMENT_LINE = re.compile(
    rf"^[ \t]{{0,12}}(?:[-*+]|\d{{1,3}}[.)])?[ \t]{{0,4}}{REVIEW_COMMENT.pattern}[ \t]*(?:\n|$)",
    re.M,
)
SUBSTITUTED = re.compile(r"\{~~(?P<old>[^\n]{0,300}?)~>(?P<new>[^\n]{0,300}?)~~\}")
DELETED = re.compile(r"\{--(?P<body>[\s\S]{1,2000}?)--\}")
EDITED = re.compile(r"\{(?:~~|--|\+\+)")  # an edit on a line (a highlight is none)
KEPT = re.compile(r"\{(?P<mark>\+\+|==)(?P<body>[\s\S]{0,2000}?)(?P=mark)\}")
STRUCK = re.compile(r"~~(?P<body>[^~\n]{2,300}?)~~")
# Emphasis around the words after a span ("<strong>Wrong.</strong>", "\\textbf{wrong}"): a
# judgement in bold is a judgement.
EMPHASIS = re.compile(
    r"</?(?:strong|b|em|i|u|mark|span)(?:\s[^<>\n]{0,80})?>|\\(?:textbf|emph|textit)\{|[*_]{1,2}",
    re.I,
)
EMPHASIS_AFTER = re.compile(rf"^[ \t]{{0,3}}(?:{EMPHASIS.pattern}){{1,3}}", re.I)
ARROW = re.compile(r"^[ \t]{0,3}(?:->|→|=>|⇒|-->|:=)")
# A member of a family named by one letter or digit ("Site A", "line 2"), a word of its own.
MEMBER = re.compile(r"(?<![\w.,:/-])[A-Z0-9](?![\w.,:/-]|\.\d)")
# Where an item goes on over lines: a line that opens no new item, heading, row or field.
OPENS = re.compile(
    r"^[ \t]{0,12}(?:[-*+•#>|]|\d{1,3}[.)]|\\item\b|\\(?:sub)*section\b|\\begin\b|\\end\b"
    r"|<(?:li|tr|p|h\d|outline)\b|$)",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Struck:
    """An old value struck out and the new words after it, in one item."""

    new: str  # the item as it now reads, the struck span taken out (or the judgement beside
    # an ended claim read alone)
    old: str  # the struck words: what the item's lesson replaces
    alone: bool = False  # an ended claim with no item of its own: a sibling lesson carries it


def one_mark(text: str) -> str:
    """The text with every struck span, in any markup, written "~~words~~"; a review's
    edit marks read as the edit (`reviewed`)."""
    text = reviewed(text)
    for mark in MARKS:
        text = mark.sub(_canonical, text)
    return text


def reviewed(text: str) -> str:
    """The text with CriticMarkup's edits made: what an edit deletes or substitutes away
    struck ("~~old~~", new words after it), what it adds or highlights kept as words. A
    reviewer's comment is no lesson: gone, unless it stands beside an edit on its line,
    where it is the edit's reason ("{~~28 s~>32 s~~} {>>the new stampers run thicker<<}")
    and stays as an aside, in parentheses, which tells the judge the edit is a change."""
    if "{" not in text:
        return text
    text = COMMENT_LINE.sub("", text)
    if "{>>" in text:  # a comment over lines is no edit's aside: gone
        text = REVIEW_COMMENT.sub(lambda m: "" if "\n" in m.group(0) else m.group(0), text)
        text = "\n".join(
            REVIEW_COMMENT.sub(_aside if EDITED.search(line) else "", line)
            for line in text.split("\n")
        )
    text = SUBSTITUTED.sub(lambda m: f"{_struck(m['old'])} {m['new'].strip()}", text)
    text = DELETED.sub(lambda m: _struck(m["body"]), text)
    return KEPT.sub(lambda m: m["body"], text)


def _aside(match: re.Match[str]) -> str:
    words = " ".join(match.group(0)[3:-3].split())
    return f" ({words})" if words else ""


def _struck(words: str) -> str:
    """Deleted words struck, line by line (a struck span is one line)."""
    return "\n".join(f"~~{line.strip()}~~" if line.strip() else line for line in words.split("\n"))


def _canonical(match: re.Match[str]) -> str:
    body = COMBINING.sub("", match["body"]).strip()
    if len(body) < 2:
        return match.group(0)
    return f"~~{body}~~"


def _items(lines: list[str]) -> list[tuple[int, int]]:
    """Each item's first and past-last line numbers: a line and the lines that go on it."""
    found: list[tuple[int, int]] = []
    for at, line in enumerate(lines):
        if found and not OPENS.match(line) and found[-1][1] == at and lines[at - 1].strip():
            found[-1] = (found[-1][0], at + 1)
        else:
            found.append((at, at + 1))
    return found


def _replaced(item: str, span: re.Match[str]) -> bool:
    """Whether new words of their own follow the struck span in its item (not a judgement
    of it, which makes it a retraction for `struck_out`)."""
    after = EMPHASIS.sub("", re.sub(r"\s+", " ", item[span.end() : span.end() + AFTER]))
    if not any(c.isalnum() for c in STRUCK.sub(" ", after)):
        return False
    return struck_out(f"{span.group(0)}{after}") is None


def unstruck(markdown: str) -> tuple[str, list[Struck]]:
    """The retro with each struck span that has a successor in its item taken out, and what
    was struck, item by item (see the module docstring)."""
    if len(markdown) > BOUND or not _marked(markdown):
        return markdown, []
    lines = one_mark(markdown).split("\n")
    found: list[Struck] = []
    items = _items(lines)
    for at, (start, end) in enumerate(items):
        item = "\n".join(lines[start:end])
        if (successor := _old_of_next(item, lines, items[at + 1 :])) is not None:
            lines[start:end] = [""] * (end - start)  # "Old rule: ~~X~~": the next item's
            found += [Struck(successor, plain(s["body"]).strip()) for s in STRUCK.finditer(item)]
            continue
        spans = list(STRUCK.finditer(item))[:SPANS] if "~~" in item else []
        ends = [s.start() for s in spans[1:]] + [len(item)]
        olds = [s for s, end_ in zip(spans, ends, strict=False) if _replaced(item[:end_], s)]
        for span in reversed(spans):
            after = item[span.end() :]
            if span in olds:  # with the arrow to the new value ("~~4 h~~ -> 6 h")
                item = item[: span.start()] + ARROW.sub("", after, count=1)
            else:  # "~~X~~ **Wrong.**": the judgement at once, for `struck_out`
                item = item[: span.end()] + EMPHASIS_AFTER.sub(" ", after, count=1)
        lines[start:end] = (
            re.sub(r"[ \t]{2,}", " ", item).split("\n") if spans else lines[start:end]
        )
        new = re.sub(r"\s+", " ", item).strip()
        found += [Struck(new, plain(span["body"]).strip()) for span in olds]
    return "\n".join(lines), found


# An item that only labels its struck words the old ones ("Old rule: ~~X~~", "Was: ~~X~~"):
# the item after it is what replaced them.
OLD_LABEL = re.compile(
    r"^[ \t]{0,12}(?:[-*+•#>|]+|\d{1,3}[.)])?[ \t]*(?:the[ \t]+)?(?:old|was|previously|formerly"
    r"|before|superseded|replaced|outdated)(?:[ \t]+[a-z]{2,20})?[ \t]*[:=-]?[ \t]*$",
    re.IGNORECASE,
)


def _old_of_next(item: str, lines: list[str], after: list[tuple[int, int]]) -> str | None:
    """The item after this one, when this one is struck words labelled as the old ones and
    the next one gives new words with nothing struck: what replaced them."""
    if "~~" not in item or not OLD_LABEL.match(STRUCK.sub("", item).replace("\n", " ")):
        return None
    for start, end in after[:1]:
        following = "\n".join(lines[start:end])
        if "~~" not in following and any(c.isalnum() for c in following):
            return re.sub(r"\s+", " ", following).strip()
    return None


CUES = (
    "~",
    "{--",
    "{++",
    "{==",
    "{>>",
    "\\sout",
    "\\st{",
    "\\xout",
    "del",
    "<s",
    "strike",
    "[s]",
    "line-through",
)


def _marked(text: str) -> bool:
    """A cheap test that some mark may be in the text."""
    return any(cue in text for cue in CUES) or COMBINING.search(text) is not None


def superseding(
    found: Sequence[Struck], texts: Sequence[str], search: Search
) -> dict[int, list[str]]:
    """By the index of a lesson's text, the ids of the held lessons the struck words of its
    item retire: a held lesson that says every name and number of the struck words and most
    of their words (`agentmem.harvest.diffgone.retires`), which the new words do not all
    say again, of the item's subject (`_of_subject`) and family member (`_members_said`). A
    lesson is the item's when it holds most of the item's new words. An ended claim read
    alone (`commented_out`) has no item: the lesson most about its words carries the link
    (what carries it need not be what replaced it), and the held lesson must say its values
    of the same things and not already agree with its judgement (`_said_alike`)."""
    out: dict[int, list[str]] = {}
    for strike in found:
        at = _carrier(strike.old, texts) if strike.alone else _lesson_of(strike.new, texts)
        if at is None:
            continue
        ids = [
            m.id
            for m in search(strike.old)
            if retires(strike.old, texts[at], m.text)
            and _of_subject(strike, m.text)
            and _members_said(strike.old, m.text)
            and (not strike.alone or _said_alike(strike, m.text))
        ]
        if ids:
            out[at] = list(dict.fromkeys([*out.get(at, []), *ids]))
    return out


def commented_out(markdown: str, source: str) -> list[Struck]:
    """The claims a retro's comments hold as ended (`agentmem.harvest.comments.ended_claims`:
    an old line commented out, lines labelled old), each an ended claim read alone: it may
    retire the held lesson it matches (`superseding`), and is never a lesson of its own."""
    return [Struck(judged, claim, alone=True) for claim, judged in ended_claims(markdown, source)]


# A value: a number ("6.2", "06:00"), and a code of letters and digits that names one thing
# of a family ("BM-2", "HFDB-4202"), the number's holder when it comes before it.
NUMBER = re.compile(r"(?<![\w.-])\d+(?:[.,:]\d+)*(?![\w-])")
HOLDER = re.compile(r"(?<![\w.-])[A-Za-z]{1,12}[-_]?\d[\w.-]{0,20}(?<![.-])")


def _said_alike(strike: Struck, held: str) -> bool:
    """The held lesson says the ended claim's values of the same things: each number the
    claim gives after a code ("BM-2 can run at 6.2 MW") follows that code in the held
    lesson too ("BM-1 6.2 MW, BM-2 5.6 MW" gives 6.2 to BM-1: another thing's value); and
    it says no value the judgement beside the claim gives that the claim does not ("--
    wrong, BM-2 is 5.6 MW": a held lesson saying 5.6 agrees with the correction)."""
    for number in NUMBER.finditer(strike.old):
        holders = HOLDER.findall(strike.old, 0, number.start())
        if holders and not any(
            (HOLDER.findall(held, 0, m.start()) or [""])[-1].lower() == holders[-1].lower()
            for m in re.finditer(rf"(?<![\w.-]){re.escape(number[0])}(?![\w-])", held)
        ):
            return False
    given = _valued(strike.new) - _valued(strike.old)
    return not given & _valued(held)


def _valued(text: str) -> set[str]:
    return {v.lower() for v in NUMBER.findall(text) + HOLDER.findall(text)}


def _carrier(old: str, texts: Sequence[str]) -> int | None:
    """The lesson that shares the most words with an ended claim read alone (the first
    lesson when none does): the one to carry what the claim retires."""
    if not texts:
        return None
    words = terms(plain(old)).content
    shared = [len(words & terms(text).content) for text in texts]
    return shared.index(max(shared))


def _of_subject(strike: Struck, held: str) -> bool:
    """A few struck words ("~~Tove Lind~~ Ahmed signs off the invoices") name no lesson by
    themselves: the held lesson's other words must be the item's too, two or most of them
    ("Tove Lind signs off the invoices", not "Tove Lind books studio 2 on Mondays"). A
    struck clause of its own (SHORT words or more) names its lesson; a shorter claim read
    alone names it by two values or more ("report_lock = 06:00, 18:00")."""
    old = terms(strike.old).content
    if len(old) >= SHORT:
        return True
    if strike.alone:
        return len(_valued(strike.old)) >= 2
    rest = terms(held).content - old
    shared = len(rest & (terms(plain(strike.new)).content - old))
    return shared >= 2 or (shared >= 1 and 2 * shared > len(rest))


def _members_said(old: str, held: str) -> bool:
    """Every one-character member the struck words name ("Site A", "line 2", "kiln B") is
    named by the held lesson too: "Site B gate opens 06:00" is another site's, though it
    says every longer name and number of "Site A gate opens 06:00"."""
    return all(
        re.search(rf"(?<![\w.]){re.escape(m)}(?![\w]|\.\d)", held) for m in MEMBER.findall(old)
    )


def _lesson_of(new: str, texts: Sequence[str]) -> int | None:
    """The lesson that holds most of the item's new words (an item may run over two
    lessons: the one most about it, by the cosine of their words)."""
    words = terms(plain(new)).content
    if not words:
        return None
    best, score = None, 0.0
    for at, text in enumerate(texts):
        said = terms(text).content
        shared = len(words & said)
        if shared >= SHARED * len(words) and shared**2 / (len(words) * len(said)) > score:
            best, score = at, shared**2 / (len(words) * len(said))
    return best
