"""A program's text split into its code, its string literals and its comments.

A retro kept as a program (Pascal, Prolog facts, a Fortran namelist, HCL, Nix, Ruby …)
says what it learned in three voices: code (settings and the statements that use them),
strings (a finding's text, a printed line) and comments (why a value is what it is, an
old value kept for the record). The readers that take lessons apart need the three
apart, and each language marks a comment its own way; `lexed` finds the marks a text
uses (a line that starts with `%`, `!`, `#`, `//`, `--` or `;`; a `/* */`, `(* *)` or
`<!-- -->` block; a `{ }` block in a Pascal text, known by its `begin`/`end` and `:=`)
rather than knowing any one language by name.

Every pattern is bounded, so a hostile text is read in linear time.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

# Marks a line comment may start with, tried on each line's start (after indentation).
LINE_MARKS = ("//", "--", "*>", "#", ";", "%", "!")
ALWAYS = ("//", "#")  # marks no code uses after a space but for a comment
LINE_START = re.compile(r"^[ \t]{0,40}(//|--|\*>|#|;|%|!)(?=[ \t!%#;/*-]|$)", re.M)
PASCAL = (
    re.compile(r":="),
    re.compile(r"^[ \t]{0,40}begin\b", re.M | re.I),
    re.compile(r"^[ \t]{0,40}end[.;]", re.M | re.I),
)
STRINGS = r"(?P<tq>\"\"\"[\s\S]{0,4000}?\"\"\")|(?P<dq>\"(?:\$\{[^{}\n]{0,200}\}|[^\"\\\n]|\\.){0,4000}\")|(?P<sq>(?<![\w])'(?:[^'\n]|''){0,4000}')"
# Block comments, each tried only when the text closes one (an unclosed opener would
# otherwise be scanned from every place it stands).
BLOCKS = (r"/\*[\s\S]{0,4000}?\*/", r"\(\*[\s\S]{0,4000}?\*\)", r"<!--[\s\S]{0,4000}?-->")
BLOCK_ENDS = ("*/", "*)", "-->")
PASCAL_BLOCK = r"|\{(?!\$)[^{}]{0,4000}\}|\{\$[^{}]{0,400}\}"
MAX_TEXT = 200_000


@dataclass(frozen=True)
class Comment:
    """One comment: its words (marks off), the line it starts on, and whether code
    stands before it on that line (a comment beside a value says why the value)."""

    words: str
    line: int
    beside: bool


@dataclass
class Lexed:
    """A text as code (strings left as `\\x00N\\x00`, comments as blanks, lines kept),
    its strings' bodies and its comments."""

    code: str
    strings: list[str] = field(default_factory=list)
    comments: list[Comment] = field(default_factory=list)
    literals: list[str] = field(default_factory=list)  # each string as written, quotes on

    def restored(self, code: str) -> str:
        """A stretch of `code` with its strings put back as the program wrote them."""
        return PLACEHOLDER.sub(lambda m: " ".join(self.literals[int(m[1])].split()), code)


PLACEHOLDER = re.compile(r"\x00(\d{1,6})\x00")
LEAD = re.compile(r"^[ \t]{0,40}(?:\*(?!\))|//|--|[#;%!]+)?[ \t]?")  # a comment line's own marks


def marks(text: str) -> tuple[str, ...]:
    """The line-comment marks the text uses: those some line starts with, and the two
    no language uses otherwise."""
    used = {m[1] for m in LINE_START.finditer(text)} | set(ALWAYS)
    return tuple(sorted(used, key=LINE_MARKS.index))


def pascal(text: str) -> bool:
    """A text of the Pascal family (`:=`, a `begin` and an `end.` or `end;`), where
    `{ … }` is a comment."""
    return all(sign.search(text) for sign in PASCAL)


@lru_cache(maxsize=16)  # one program's stretches and comments are lexed with its marks
def _token(text: str) -> re.Pattern[str]:
    """The tokens of comments and strings, with the marks `text` (a whole program) uses."""
    closed = [b for b, end in zip(BLOCKS, BLOCK_ENDS, strict=True) if end in text]
    blocks = "|".join(closed or ["(?!)"]) + (PASCAL_BLOCK if pascal(text) else "")
    found = marks(text)
    line = "|".join(re.escape(m) for m in found)
    comment = rf"|(?P<line>(?:^|(?<=\s))(?:{line})[^\n]{{0,4000}})"
    return re.compile(rf"{STRINGS}|(?P<block>{blocks}){comment}", re.M)


def _words(comment: str) -> str:
    """A comment's words without its marks."""
    text = re.sub(r"^(?:/\*|\(\*|<!--|\{|//|--|\*>|[#;%!]+)", "", comment.strip())
    text = re.sub(r"(?:\*/|\*\)|-->|\})$", "", text.strip())
    lines = [LEAD.sub("", line) for line in text.split("\n")]
    return "\n".join(ln.rstrip() for ln in lines).strip()


def lexed(text: str, program: str | None = None) -> Lexed:
    """The text's code, strings and comments (see the module docstring), `text` being a
    stretch of `program` when given: the program's marks are the stretch's."""
    if len(text) > MAX_TEXT or len(program or "") > MAX_TEXT:
        return Lexed(text)
    out = Lexed("")
    parts: list[str] = []
    at = 0
    for match in _token(program or text).finditer(text):
        parts.append(text[at : match.start()])
        body = match.group()
        if match.lastgroup in ("tq", "dq", "sq"):
            quote = body[0]
            inner = body[3:-3] if match.lastgroup == "tq" else body[1:-1]
            inner = inner.replace(quote * 2, quote) if quote == "'" else inner
            parts.append(f"\x00{len(out.strings)}\x00" + "\n" * body.count("\n"))
            out.strings.append(inner)
            out.literals.append(body)
        else:
            line = text.count("\n", 0, match.start())
            sofar = "".join(parts)
            beside = bool(sofar[sofar.rfind("\n") + 1 :].strip())
            out.comments.append(Comment(_words(body), line, beside))
            parts.append("\n" * body.count("\n"))
        at = match.end()
    parts.append(text[at:])
    out.code = "".join(parts)
    return out
