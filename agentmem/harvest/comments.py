"""Comments in a retro's language or markup, left out before any lesson is looked for.

A retro kept as a program (a Lua table, a Perl POD page, a Python dict), or in a markup
with comments of its own, puts aside in comments what is not its current word: an old
line "kept for the audit trail", a lesson commented out because it was wrong, an open
question from the meeting, a template's guidance. Read as text, those comments were
harvested as lessons like any other line, and an old value kept being served beside the
new one.

`uncommented` reads them apart. A comment beside words on its line is their note, kept in
parentheses ("- Worming (notes: scrap the 8-week rule)"): a line is never cut to a
fragment. A comment on lines of its own is gone, whatever it holds: an old line, who came,
an open question. (Handing a commented-out old line on struck, as an ended claim, was
measured and cost the first half 6 needs and 4 stale items: the writer stores a lone struck
line as a fact of its own, its struck words served in packs; that is the writer's to read
first.) What such a comment holds is read apart all the same (`ended_claims`): an old line of
the file's own syntax, or lines a label calls old ("Old: …", "kept for the audit trail:",
"-- old roster"), are claims that ended, which `agentmem.harvest.strikes.superseding` may
find among held lessons and retire, never a lesson of their own; a question, an example or a
template, or any other comment, holds none. A block comment is recognised by its form wherever it stands,
since each form is no prose: HTML, XML and Markdown's "<!-- … -->", POD's "=begin comment" …
"=end comment" and "=for comment" paragraph, Ruby's "=begin" … "=end", Lua's "--[[ … ]]"
(and "--[==[ … ]==]"), LaTeX's "\\begin{comment}", Org's "#+begin_comment", MATLAB's "%{" …
"%}" on lines of their own, Jinja's "{# … #}", and C's "/* … */" when its marks stand apart
from words ("/* old: 5 */", not the glob "logs/*/app/*.log"). In a Marp slide deck an HTML
comment is the presenter's note, said over the slide, and stays. A line comment is read only
where the file's language is known by its name (`LINE_MARKS`): "--" in a .lua or .sql
file, "#" in a .py or .rb one, "//" in a .js or .go one, "%" in a .tex one; a mark inside a
quoted string stays. Settings files and YAML are not in that list: their comments are what
a review added (`agentmem.harvest.settingsfile`, `agentmem.harvest.codevoices`).

Prose is safe: a "--" dash, a "{" in text, "#" headings in Markdown and "/*" in a path are
no comment, and a lesson that quotes code in backticks keeps it. Every pattern is bounded
(a comment runs `SPAN` characters at most) and a text past `BOUND` is left as it is.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial
from pathlib import Path

BOUND = 200_000  # a longer text is left as it is: no retro is that long
SPAN = 20_000  # the longest block comment read; a longer one is no comment of a retro
# The most block comments' opening marks a text's blocks are read for: each unclosed one
# may be read `SPAN` characters on, so a text of thousands (no retro's) is left as it is.
MOST_MARKS = 500
# Block comments, each by a form no prose takes.
BLOCKS = (
    re.compile(rf"<!--[\s\S]{{0,{SPAN}}}?-->"),
    # POD: a "comment" region, and a "=for comment" paragraph (up to a blank line)
    re.compile(
        rf"^=begin[ \t]+:?comment\b[^\n]{{0,200}}\n[\s\S]{{0,{SPAN}}}?^=end[ \t]+:?comment\b[^\n]{{0,200}}$",
        re.M,
    ),
    re.compile(r"^=for[ \t]+:?comment\b(?:[^\n]{0,2000}\n){0,50}?[ \t]*(?:\n|\Z)", re.M),
    # Ruby's block comment: "=begin" alone on its line
    re.compile(rf"^=begin[ \t]*\n[\s\S]{{0,{SPAN}}}?^=end[ \t]*$", re.M),
    # Lua's long comment, any level of "=" ("--[==[ … ]==]")
    re.compile(rf"--\[(?P<level>={{0,8}})\[[\s\S]{{0,{SPAN}}}?\](?P=level)\]"),
    re.compile(
        rf"\\begin\{{comment\}}[\s\S]{{0,{SPAN}}}?\\end\{{comment\}}",
    ),
    re.compile(
        rf"^[ \t]*#\+begin_comment\b[\s\S]{{0,{SPAN}}}?^[ \t]*#\+end_comment\b.*$", re.M | re.I
    ),
    re.compile(rf"^[ \t]*%\{{[ \t]*\n[\s\S]{{0,{SPAN}}}?^[ \t]*%\}}[ \t]*$", re.M),
    # Jinja's, a space after its mark (a heading's id "{#intro}" is none)
    re.compile(rf"\{{#(?=\s)[\s\S]{{0,{SPAN}}}?#\}}"),
    # C's block comment, its marks apart from words: at a line's start or after a space,
    # and closed after a space or at a line's start ("/* was 5 */", not "logs/*/x/*.log")
    re.compile(rf"(?:^|(?<=[ \t]))/\*(?=[\s*!])[\s\S]{{0,{SPAN}}}?(?<=\s)\*/", re.M),
)
# A block comment's opening and closing marks, in each form `BLOCKS` reads.
OPEN = re.compile(
    r"\A(?:<!--|=begin(?:[ \t]+:?comment)?[^\n]{0,200}|=for[ \t]+:?comment|--\[=*\[|"
    r"\\begin\{comment\}|[ \t]*#\+begin_comment[^\n]{0,200}|[ \t]*%\{|\{#|/\*+!?)",
    re.I,
)
CLOSE = re.compile(
    r"(?:-->|=end(?:[ \t]+:?comment)?[^\n]{0,200}|\]=*\]|\\end\{comment\}"
    r"|[ \t]*#\+end_comment[^\n]{0,200}|[ \t]*%\}[ \t]*|#\}|\*+/)\Z",
    re.I,
)
STAR = re.compile(r"^[ \t]*\*(?!\*)[ \t]?", re.M)
# A comment's line that says its claim is old, opened by the word ("Old: …", "superseded,
# R318 value: …", "was 5 min") or judging it ("… replaced by …", "kept for the audit trail").
OLD_WORD = (
    r"^(?:[-*+]\s+)?(?:the\s+)?(?:old|superseded|was|previously|formerly|replaced|outdated"
    r"|wrong|obsolete|deprecated|retired|withdrawn|before)\b"
)
OLD = re.compile(OLD_WORD, re.I)
ENDED = re.compile(
    r"\b(?:superseded|replaced\s+by|obsolete|outdated|no\s+longer|(?:was|is)\s+wrong"
    r"|deprecated|withdrawn|old\s+(?:line|value|setting|rule|roster|entry|row)s?"
    r"|kept\s+(?:for|as)\s+(?:the\s+)?(?:audit|reference|history|record))\b",
    re.I,
)
# Its label, taken off the claim: "superseded, R318 value:", "Old:", "was".
OLD_LABEL = re.compile(rf"{OLD_WORD}(?:[^:\n]{{0,40}}:)?[ \t,]*", re.I)
ITEM = re.compile(r"(?:[-*+]|\d{1,3}[.)])[ \t]+")  # a markdown item's mark
# A line in a file's own syntax, commented out: an assignment or a key's value, a quoted
# entry, a statement ended by ";" or ",", a call; a markdown item or table row.
CODE = re.compile(
    r"(?:[\w.$@\[\]\"'-]{1,60}[ \t]*(?:=|:=|<-|=>)(?!=)[ \t]*\S"
    r"|[\"'][^\n]{0,300}[\"'][ \t]*[,;]?[ \t]*$"
    r"|[^\n]{0,300}[=\[\]{}()\"'][^\n]{0,300}[;,][ \t]*$"
    r"|[\w.]{1,60}\([^\n]{0,300}\)[ \t]*;?[ \t]*$"
    r"|(?:[-*+]|\d{1,3}[.)])[ \t]+\S|\|[^\n]{0,300}\|[ \t]*$)"
)
# A quoted string of words in a line of code: an entry's text ("[3] = \"Close two …\"").
QUOTED = re.compile(r"\"(?P<d>[^\"\n]{3,300})\"|'(?P<s>[^'\n]{3,300})'")
# A key given a value in a line of code ("dose_g_per_t = 28"), and the marks around values.
KEY = re.compile(r"(?P<key>[A-Za-z_][\w.]{0,60})[ \t]*(?:=|:=|<-|=>)(?!=)")
SYNTAX = re.compile(r"[{}\[\]()\"',;]")
# What is no claim at all: a question, an example, a template, a plan not yet decided.
NO_CLAIM = re.compile(
    r"\?|\b(?:e\.g\.|for\s+example|example|template|sample|placeholder|maybe|perhaps"
    r"|todo|tbd|not\s+(?:a\s+)?decided|not\s+a\s+decision|open\s+question|proposal)\b",
    re.I,
)
# A Marp slide deck (its front matter says so): there an HTML comment is the presenter's
# note, what is said over the slide, and no comment put aside.
MARP = re.compile(r"\A\ufeff?---[ \t]*\n(?:[^\n]{0,300}\n){0,40}?marp[ \t]*:[ \t]*true\b", re.I)
# A block comment's cheap cues, so a text with none is not read further.
CUES = (
    "<!--",
    "=begin",
    "=for",
    "--[",
    "\\begin{comment}",
    "#+begin_comment",
    "#+BEGIN_COMMENT",
    "%{",
    "{#",
    "/*",
)
# Line comments by the language a file's name says it is in.
LINE_MARKS: dict[str, str] = {
    **dict.fromkeys((".lua", ".sql", ".hs", ".elm", ".ada", ".adb", ".ads", ".vhd", ".vhdl"), "--"),
    **dict.fromkeys(
        (
            ".py",
            ".rb",
            ".sh",
            ".bash",
            ".zsh",
            ".pl",
            ".pm",
            ".r",
            ".ps1",
            ".jl",
            ".nim",
            ".tcl",
            ".cr",
            ".ex",
            ".exs",
            ".coffee",
            ".mk",
            ".cmake",
        ),
        "#",
    ),
    **dict.fromkeys(
        (
            ".js",
            ".mjs",
            ".ts",
            ".jsx",
            ".tsx",
            ".go",
            ".c",
            ".h",
            ".cc",
            ".cpp",
            ".hpp",
            ".java",
            ".kt",
            ".kts",
            ".rs",
            ".swift",
            ".cs",
            ".scala",
            ".dart",
            ".groovy",
            ".gradle",
            ".php",
            ".zig",
            ".v",
            ".sv",
            ".proto",
            ".dot",
            ".gv",
            ".jsonc",
            ".json5",
        ),
        "//",
    ),
    **dict.fromkeys((".tex", ".sty", ".cls", ".erl", ".hrl", ".m", ".pro"), "%"),
    **dict.fromkeys((".lisp", ".cl", ".el", ".clj", ".cljs", ".scm", ".rkt", ".asm", ".s"), ";"),
}
QUOTES = "\"'`"
# A string over lines: Lua's long bracket (in a "--" language), Python's triple quotes.
LONG = re.compile(r"\[(=){0,8}\[|\"\"\"|'''")
FENCE = re.compile(
    rf"^[ \t]{{0,3}}(?:```|~~~)[^\n]{{0,200}}\n[\s\S]{{0,{SPAN}}}?^[ \t]{{0,3}}(?:```|~~~)[ \t]*$",
    re.M,
)


def uncommented(text: str, source: str | Path = "") -> str:
    """`text` without its comments (see the module docstring)."""
    if len(text) > BOUND:
        return text
    text = _blocks_read(text, _blank)
    mark = LINE_MARKS.get(Path(str(source)).suffix.lower())
    if mark is not None and mark in text:
        text = _code(text, mark)
    return text


Fences = list[tuple[int, int]]  # where a text's fenced code blocks stand


def _blocks_read(text: str, read: Callable[[Fences, re.Match[str]], str]) -> str:
    """The text with each block comment, in each form `BLOCKS` reads, put as `read` makes
    it (given where the fenced blocks stand); none read in a text with no cue or with more
    than MOST_MARKS."""
    if 0 < sum(map(text.count, CUES)) <= MOST_MARKS:  # one count: any cue, and not too many
        for block in BLOCKS[1:] if MARP.match(text) else BLOCKS:
            fences = [m.span() for m in FENCE.finditer(text)] if "``" in text else []
            text = block.sub(partial(read, fences), text)
    return text


def _beside(fences: Fences, match: re.Match[str]) -> tuple[str, str] | None:
    """What stands on a block comment's lines before and after it; None when a lesson
    quotes it (in backticks on its line, or in a fenced block)."""
    text, at, end = match.string, match.start(), match.end()
    before = text[text.rfind("\n", 0, at) + 1 : at]
    if before.count("`") % 2 or any(start < at < stop for start, stop in fences):
        return None
    return before, text[end : (text.find("\n", end) + 1 or len(text) + 1) - 1]


def _blank(fences: Fences, match: re.Match[str]) -> str:
    """A block comment read: one beside words on its line is their note, in parentheses;
    one on lines of its own is gone, the line breaks it held kept, so what stood on the
    lines around it stays apart. One a lesson quotes (in backticks on its line, or in a
    fenced block) is code, and stays."""
    beside = _beside(fences, match)
    if beside is None:
        return match.group(0)
    before, after = beside
    breaks = "\n" * match.group(0).count("\n")
    if before.strip() or after.strip():
        words = " ".join(_inner(match.group(0)).split())
        space = "" if before[-1:].isspace() else " "
        return (f"{space}({words})" if words else "") + breaks
    return breaks


def _inner(comment: str) -> str:
    """A block comment's words, its opening and closing marks (and a C comment's "*" at
    each line's start) taken off."""
    words = CLOSE.sub("", OPEN.sub("", comment, count=1), count=1)
    return STAR.sub("", words) if comment.startswith("/*") else words


def _code(text: str, mark: str) -> str:
    """The text with each line comment read (`_spans`): one beside code on its line is the
    line's note, in parentheses; one on a line of its own is gone."""
    out: list[str] = []
    kept = 0
    for at, end in _spans(text, mark):
        before = text[kept:at]
        body = text[at + len(mark) : end].strip()
        if text[text.rfind("\n", 0, at) + 1 : at].strip():
            out.append(before.rstrip(" \t") + (f" ({body})" if body else ""))
        else:
            out.append(before)
        kept = end
    out.append(text[kept:])
    return "".join(out)


def _spans(text: str, mark: str) -> list[tuple[int, int]]:
    """Where each line comment stands, its mark to its line's end: a mark outside any
    string (a quoted one ends with its line; Lua's "[[ … ]]" and Python's triple quotes go
    on over lines), at a line's start or after a space (see `_stands_apart`)."""
    found: list[tuple[int, int]] = []
    quote = ""  # the open string's closing mark
    at = 0
    while at < len(text):
        char = text[at]
        if quote:
            if text.startswith(quote, at):
                at, quote = at + len(quote), ""
                continue
            if char == "\\" and len(quote) == 1:
                at += 2
                continue
            if char == "\n" and len(quote) == 1:
                quote = ""  # an unclosed quote ends with its line: an apostrophe in words
        elif (long := LONG.match(text, at)) is not None and (long[0][0] == "[") == (mark == "--"):
            quote = long[0].replace("[", "]") if long[0][0] == "[" else long[0]
            at = long.end()
            continue
        elif char in QUOTES and not (char == "'" and mark == ";"):
            quote = char
        elif text.startswith(mark, at) and _stands_apart(text, at, mark):
            end = text.find("\n", at)
            end = len(text) if end < 0 else end
            found.append((at, end))
            at = end
            continue
        at += 1
    return found


def _stands_apart(text: str, at: int, mark: str) -> bool:
    """A comment's mark opens the line or follows a space; "%" follows no backslash and no
    digit ("50%"); a "--" is no longer run of dashes (a "---" rule stays)."""
    if mark == "--" and text[at + 2 : at + 3] == "-":
        return False
    if at and not text[at - 1].isspace():
        return mark == "%" and text[at - 1] != "\\" and not text[at - 1].isdigit()
    return True


def ended_claims(text: str, source: str | Path = "") -> list[tuple[str, str]]:
    """The claims that comments on lines of their own hold as ended (see the module
    docstring), each with the judgement beside it ("-- x = 5,  -- wrong, it is 6": "wrong,
    it is 6"), read where `uncommented` reads the comments: a block comment by its form, a
    line comment in a file whose language is known by its name."""
    if len(text) > BOUND:
        return []
    found: list[tuple[str, str]] = []

    def read(fences: Fences, match: re.Match[str]) -> str:
        beside = _beside(fences, match)
        if beside is not None and not "".join(beside).strip():  # on lines of its own
            found.extend(_claims(_inner(match.group(0)).split("\n"), ""))
        return "\n" * match.group(0).count("\n")

    text_ = _blocks_read(text, read)
    mark = LINE_MARKS.get(Path(str(source)).suffix.lower())
    if mark is not None and mark in text_:
        for at, end in _spans(text_, mark):
            if not text_[text_.rfind("\n", 0, at) + 1 : at].strip():
                body = text_[at + len(mark) : end]
                inner = _spans(body, mark)[:1]  # "-- old_key = 5,  -- wrong": its judgement
                claim = body[: inner[0][0]] if inner else body
                judged = body[inner[0][0] + len(mark) :].strip() if inner else ""
                found += _claims([claim], judged)
    return found


def _claims(lines: list[str], judged: str) -> list[tuple[str, str]]:
    """The ended claims among a comment's lines: each line when a label line before them
    calls them old ("Old line, kept for the audit trail:"), else each line opened by a word
    that calls it old ("Old: …", "was …") or in the file's own syntax; none in a comment that holds no claim
    (`NO_CLAIM`)."""
    lines = [line.strip() for line in lines if line.strip()]
    if not lines or any(NO_CLAIM.search(line) for line in lines):
        return []
    labelled = lines[0].endswith(":") and bool(OLD.match(lines[0]) or ENDED.search(lines[0]))
    out: list[tuple[str, str]] = []
    for line in lines[1:] if labelled else lines:
        if labelled or OLD.match(line) or CODE.match(line):
            claim = OLD_LABEL.sub("", line, count=1).strip()
            claim = _prose(ITEM.sub("", claim, count=1).strip())
            if any(c.isalnum() for c in claim):
                out.append((claim[:300], judged))
    return out


def _prose(line: str) -> str:
    """A commented-out line's claim: the text of the entry it holds when a quoted string of
    words is in it (its index, key and the row's other fields are the file's syntax), else
    the setting's key and values, else the line."""
    said = [m["d"] or m["s"] or "" for m in QUOTED.finditer(line)]
    words = [s for s in said if len(s.split()) >= 3]
    if words:
        return max(words, key=len)
    first = KEY.search(line)
    if first is None:
        return line
    # "collector = { supplier = \"Senmin\", dose_g = 28 }": its key and values, "collector
    # Senmin 28" (inner keys are the file's field names, no words of the claim)
    rest = KEY.sub(" ", line[first.end() :])
    values = f"{first['key']} {rest}".replace("_", " ")
    return " ".join(SYNTAX.sub(" ", values).split())
