"""A retro kept as configuration or program text: the prose its values and comments carry.

Some teams keep their retros in the files their tools already read: an Apache httpd
config whose `SetEnv RETRO_FINDING "…"` and `Header set X-Retro-Cause "…"` hold the
findings, a Makefile whose recipes `@echo "…"` them, a Nix or Dhall record of
`text = "…";`, an Emacs Lisp list of `:text "…"`, a gettext catalogue's msgid/msgstr.
What they learned is in string values and in comments, between lines of code no reader
takes for a lesson; read as markdown, such a retro yields nothing, or lines of code.

`program_lessons` reads the text by what any such file has, never by one file's keys:
each quoted value (in double or single quotes, a Nix `''…''` or a triple-quoted block,
literals side by side joined as a catalogue's continued strings are) that is a sentence,
in order; only when no value is one, each comment that ends a sentence (the story a
comment tells beside a value that says the finding crowded packs and syntheses: cement
-kiln-plant's needs). A block a comment marks as outdated (a catalogue's "#, fuzzy"
entry) and BibTeX's `@comment{…}` are put aside. A comment that holds code (a setting
commented out, an old value kept for the record) is no sentence of it: it says what no
longer holds (`agentmem.harvest.comments.ended_claims` reads it as ended). The
distiller asks for it only when no other reader found a lesson in the retro, so a retro
another reader reads is read as before.

Every pattern is bounded, so a hostile text is read in linear time; a text longer than
`BOUND` is left unread (no retro keeps its findings that far down a config file).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

from agentmem.core.model import MemoryType, normalise_text
from agentmem.harvest.guess import SENTENCE_END, sure
from agentmem.harvest.sections import Lesson

BOUND = 200_000
# A string literal, a block comment or a line holds at most 4,000 characters (every
# repeat below is bounded so): a longer one is no retro's.
# One token of a program's text: a string literal, a block comment (BibTeX's `@comment{…}`
# one too), or a line comment (its mark at a line's start or after a space, so "a#b",
# "x--y" and "f(a;b)" are not one).
TOKEN = re.compile(
    r"''(?=[ \t]*\n)(?P<nixbody>[\s\S]{0,4000}?)''"
    r'|"""(?P<triple>[\s\S]{0,4000}?)"""'
    r'|"(?P<dq>(?:[^"\\]|\\[\s\S]){0,4000})"'
    r"|'(?P<sq>[^'\"\\\n]{0,4000})'"
    r"|(?P<block>/\*[\s\S]{0,4000}?\*/|<!--[\s\S]{0,4000}?-->|@comment\{[^{}]{0,4000}\})"
    r"|(?P<comment>(?:^|(?<=\s))(?:#|//|--|;)[^\n]{0,4000})",
    re.M,
)
KEYED = re.compile(r"[ \t]{0,8}[=:]")
CONTINUED = re.compile(r"\\\r?\n[ \t]*")  # a backslash at a line's end: the line goes on
# A block of lines between blank lines, and a whole-line comment in it that marks it old.
OUTDATED_BLOCK = re.compile(r"(?:^[^\n]{0,4000}\S[^\n]{0,4000}(?:\n|$)){1,200}", re.M)
OUTDATED = re.compile(
    r"^[ \t]{0,40}(?:#|//|--|;)[^\n]{0,200}\b(?:fuzzy|outdated|obsolete|deprecated)\b", re.M | re.I
)
ESCAPE = re.compile(r"\\(.)")
INTERPOLATED = re.compile(r"\$\{[^{}\n]{0,200}\}|\$\([^()\n]{0,200}\)")
WORD = re.compile(r"[A-Za-z][A-Za-z'’-]{0,40}[,;:.!?)]?")
# Five words in a row, as prose has and a line of code (`Define KEY 272`) has not.
PROSE_RUN = re.compile(r"[A-Za-z][\w'’-]{0,40}(?:,? [A-Za-z0-9][\w'’.-]{0,40}){4}")
# A comment's own marks ("#.", ";;;", "//", "--", " * "), left out of its words.
MARK = re.compile(r"^[\s#;/*!%.:|-]{0,8}")
# A comment of code: a setting ("KEY = 4.5", "key: 72,", "FOO ?= 245").
CODE_COMMENT = re.compile(r"^[\w.@$-]{1,80}\s{0,4}(?:[:?+]?=|:(?!\s*[A-Za-z]{2}))")
INNER_COMMENT = re.compile(r"\s(?:#|//|--|;)\s[^\n]{0,400}$")
QUOTED = re.compile(r'"[^"\n]{0,4000}"')
# A sign of code on a line: an assignment or a key, a bracket or brace, a statement's end,
# a quoted value (left as ""), a line ending in a continuation.
CODE_SIGN = re.compile(r'[=<>{}()\[\];]|""|^\s*[\w.@$-]{1,80}:\s|[:,]\s*$')
ROW = re.compile(r"^[^,\n]{0,400},[^,\n]{0,400},")  # a table's row: fields between commas
URL = re.compile(r"://|@[\w-]+\.\w")
WORDS = 5  # words a sentence has at least
PROSE_WORDS = 3  # of them in lower case, as prose has and a list of names has not
CODE_SHARE = 0.6  # lines of code (not prose) a program text has at least


def _tokens(text: str) -> Iterator[re.Match[str]]:
    return TOKEN.finditer(CONTINUED.sub(" ", OUTDATED_BLOCK.sub(_blank, text)))


def _blank(block: re.Match[str]) -> str:
    """A block (lines between blank lines) its comment marks as outdated (a catalogue's
    "#, fuzzy" entry, "# obsolete: …"): what it says no longer holds, so it is left out."""
    text = block.group()
    return "\n" * text.count("\n") if OUTDATED.search(text) else text


def is_sentence(text: str) -> bool:
    """`text` reads as a sentence: five words or more, three of them lower case, no
    address or interpolated code making up its words."""
    if URL.search(text):
        return False
    words = [w for w in INTERPOLATED.sub(" ", text).split() if WORD.fullmatch(w.lstrip("("))]
    return len(words) >= WORDS and sum(word.islower() for word in words) >= PROSE_WORDS


def _clean(text: str) -> str:
    return " ".join(text.split())


def _value_parts(body: str, *, escaped: bool) -> list[str]:
    """A literal's text, split where it breaks: an escaped "\\n" (a catalogue's header
    lines) or a blank line; a plain line break inside it only wraps a sentence."""
    if escaped:
        body = ESCAPE.sub(lambda m: "\n\n" if m.group(1) == "n" else m.group(1), body)
    return [_clean(part) for part in re.split(r"\n[ \t]*\n", body) if part.strip()]


def _values(text: str) -> list[str]:
    """The string values of a program text, literals side by side joined, in order."""
    values: list[str] = []
    end = -1
    for match in _tokens(text):
        if match.lastgroup in ("block", "comment"):
            end = -1
            continue
        body = next(b for b in match.group("nixbody", "triple", "dq", "sq") if b is not None)
        gap = match.string[end : match.start()] if end >= 0 else "x"
        key = KEYED.match(match.string, match.end()) is not None  # "Item2"="…": a key
        if values and not gap.strip() and not key and values[-1][-1:] in ("", " "):
            values[-1] += body  # "… " "…": a value wrapped over literals (gettext), one
        else:
            values.append(body)
        end = match.end()
    return values


def _comment_units(text: str) -> list[str]:
    """The whole-line comments of a text, a line that goes on from the one before (it
    starts in lower case) joined to it; a comment of code ends a unit and is none."""
    units: list[str] = []
    joined = False
    for match in _tokens(text):
        if match.lastgroup != "comment":
            joined = False
            continue
        before = match.string[match.string.rfind("\n", 0, match.start()) + 1 : match.start()]
        words = MARK.sub("", match.group()).strip()
        if before.strip() or not words or _code(words):
            joined = False
            continue
        if joined and units and (words[0].islower() or words[0] in "0123456789("):
            units[-1] += " " + words
        else:
            units.append(words)
        joined = True
    return units


def _code(words: str) -> bool:
    """A comment's words are code: a setting, a tag, or a line without a run of prose
    once its own trailing comment and its strings are left out."""
    words = INNER_COMMENT.sub("", words)
    if CODE_COMMENT.match(words):
        return True
    return PROSE_RUN.search(QUOTED.sub(" ", words)) is None


def is_program(text: str) -> bool:
    """The text is configuration or program text: most of its lines that are neither blank
    nor a comment are code (a sign of code, `=`, a bracket, a quoted value, a line that
    goes on, and no run of prose once strings are left out), and it is no document of
    data or markup another reader reads (JSON, a table of rows, XML or HTML)."""
    if is_data(text):
        return False
    bare = TOKEN.sub(lambda m: "" if m.lastgroup in ("block", "comment") else '""', text)
    lines = [line for line in CONTINUED.sub(" ", bare).splitlines() if line.strip()]
    code = sum(code_line(line) for line in lines)
    rows = sum(ROW.search(line) is not None for line in lines)
    return bool(lines) and code >= CODE_SHARE * len(lines) and rows < CODE_SHARE * len(lines)


def code_line(line: str) -> bool:
    """A line of code: a sign of code (`=`, a bracket, a quoted value …) and no run of prose."""
    return (
        PROSE_RUN.search(line) is None
        and CODE_SIGN.search(line) is not None
        and not line.lstrip().startswith("|")  # a markdown table's row
    )


def is_data(text: str) -> bool:
    """JSON (a document or one a line) or markup (XML, HTML): data another reader reads."""
    head = text.lstrip()[:1]
    if head == "<":  # markup, but PHP's opening tag opens a program
        return not text.lstrip().startswith("<?php")
    if head not in ("{", "["):
        return False
    try:
        json.loads(text if len(text) <= BOUND else "")
    except ValueError:
        try:
            json.loads(text.lstrip().split("\n", 1)[0])
        except ValueError:
            return False
    return True


def program_lessons(text: str) -> list[Lesson]:
    """The sentences a config or program text carries, each a semantic lesson: its string
    values, or when none is a sentence its comments that end one ("# Why: the fan
    saturates."), in order, each once, its guesses left out. None for a text of another
    shape."""
    if len(text) > BOUND or not is_program(text):
        return []
    found: list[str] = []
    for value in _values(text):
        escaped = "\\" in value
        found += [part for part in _value_parts(value, escaped=escaped) if is_sentence(part)]
    for unit in [] if found else _comment_units(text):  # the values say it, if any do
        said = [s for s in SENTENCE_END.split(unit) if is_sentence(s) and s.rstrip()[-1:] in ".!?"]
        if said:
            found.append(" ".join(said))
    seen: set[str] = set()
    out: list[Lesson] = []
    for sentence in found:
        sentence = sure(sentence)
        if sentence and normalise_text(sentence) not in seen:
            seen.add(normalise_text(sentence))
            out.append(Lesson(MemoryType.SEMANTIC, sentence))
    return out
