"""A program retro's text read into its lines: comments, block comments, here-documents
and statements, by the marks any language has (`agentmem.harvest.codelines` reads what
each says).

Apart from what the lines say, because the marks are the one thing every language's
retro shares: a comment's mark is the one most of the text's comment lines open with (a
quote only when nothing on its line closes it: Vim's `" …`, not a string's line), a
block comment runs to its own close, a here-document to its tag alone on a line, and a
fixed-format COBOL statement to its full stop. A config of directives (a router's,
comments opening in `!`) is no program by its signs of code, yet it is read into lines so
too. Every pattern is bounded; a text past `BOUND` is not read.
"""

from __future__ import annotations

import re
from collections import Counter

from agentmem.harvest.codelayout import relaid
from agentmem.harvest.programtext import is_program
from agentmem.harvest.scriptlines import BOUND

# Line comment marks, longest first so "//" is not read as "/".
MARKS = ("//", "--", "#", "%", ";", "!", "'")
# A fixed-format COBOL line: a sequence area of six (digits or blanks), then the indicator.
COBOL_COMMENT = re.compile(r"^[ \d]{6}[*/](?:>)?(?P<said>.*)$")
COBOL_CODE = re.compile(r"^[ \d]{6} (?P<code>.*)$")
# Block comments, and how each ends.
# (Matlab's `%{` opens a block alone on its line, closed by a `%}` line; Elixir's opens a map)
BLOCK_OPEN = re.compile(r"^\s*(?P<open>#\[=*\[|/\*|\{-|%\{(?=\s*$)|\(\*|<!--|#\|)")
BLOCK_CLOSE = {"#[": re.compile(r"\]=*\]"), "/*": re.compile(r"\*/"), "{-": re.compile(r"-\}")}
BLOCK_CLOSE.update({"%{": re.compile(r"%\}"), "(*": re.compile(r"\*\)")})
BLOCK_CLOSE["<!--"] = re.compile(r"-->")
BLOCK_CLOSE["#|"] = re.compile(r"\|#")  # a Lisp's (Racket's, Scheme's) block comment
STRING = re.compile(r"\"(?P<dq>(?:[^\"\\\n]|\\.){0,2000})\"|(?<![\w&])'(?P<sq>[^'\n]{0,2000})'")
MARGIN = re.compile(r"^\s*\*(?!/)")  # a `/** … */` block's ` * ` margin
# A here-document opened at a line's end (`$note = <<<EOT`, `cat <<-'EOF'`): its lines,
# up to the one that is its tag alone, are a string as written.
HEREDOC = re.compile(
    r"(?:<<<[ \t]{0,4}|<<[-~]?)(?P<q>[\"']?)(?P<tag>[A-Z][A-Z0-9_]{1,30})(?P=q)\s*[;,)]{0,3}\s*$"
)
# A line of a directive config (`interface Furnace0/1`, `no winding-tension 55`): it
# opens on a lower-case keyword.
DIRECTIVE = re.compile(r"^\s*[a-z][\w-]{1,40}(?:\s|$)")
DIRECTIVE_SHARE = 0.6  # of its lines that are no comment
QUOTE = '"'  # a line comment's mark when it opens a line and never closes (Vim's `" …`)


def _quote_comment(stripped: str) -> bool:
    """A whole line opened by a quote that no other quote on it closes, a space after it:
    a comment in that mark (`" Finding: …`), not a string (`"key": 1`, a docstring)."""
    if not stripped.startswith(QUOTE) or stripped[1:2] not in (" ", "\t", ""):
        return False
    # a quote closing it (an odd count aside): a string's last line (`" and more";`)
    return stripped.count(QUOTE) % 2 == 1 or not stripped.rstrip(" ;,)+").endswith(QUOTE)


def _opens(stripped: str, mark: str) -> bool:
    """The line (stripped) is a whole-line comment in `mark`."""
    return _quote_comment(stripped) if mark == QUOTE else stripped.startswith(mark)


def _mark(lines: list[str]) -> str | None:
    """The line-comment mark most of the text's whole-line comments open with."""
    counts: Counter[str] = Counter()
    for line in lines:
        stripped = line.lstrip()
        for mark in (*MARKS, QUOTE):
            if _opens(stripped, mark):
                counts[mark] += 1
                break
    return counts.most_common(1)[0][0] if counts else None


def _cobol(lines: list[str]) -> bool:
    """Laid out as fixed-format COBOL: most lines' column 7 is a blank or a comment mark
    after a sequence area, and some are comments so."""
    shaped = [line for line in lines if line.strip()]
    comments = sum(COBOL_COMMENT.match(line) is not None for line in shaped)
    coded = sum(COBOL_CODE.match(line) is not None for line in shaped)
    return comments > 0 and comments + coded >= 0.9 * len(shaped)


def string_spans(code: str) -> list[tuple[int, int, str]]:
    return [
        (m.start(), m.end(), m["dq"] if m["dq"] is not None else m["sq"])
        for m in STRING.finditer(code)
    ]


def split_comment(code: str, mark: str | None) -> tuple[str, str]:
    """A code line split at its own comment (the mark after a space, outside strings)."""
    if mark is None:
        return code, ""
    spans = string_spans(code)
    at = 0
    while (at := code.find(mark, at)) >= 0:
        inside = any(start <= at < end for start, end, _ in spans)
        if not inside and (at == 0 or code[at - 1] in " \t"):
            return code[:at].rstrip(), code[at + len(mark) :].strip().lstrip(mark[:1]).strip()
        at += len(mark)
    return code, ""


def read_lines(text: str) -> tuple[bool, str | None, list[tuple[str, str]]] | None:
    """A program text's lines, each a comment, a block comment's line or a statement
    (COBOL's joined to its full stop), with whether it is laid out as one (COBOL's columns,
    BASIC's line numbers, a Smalltalk fileout's chunks: `agentmem.harvest.codelayout`) and
    its comment mark; None when it is no program."""
    if len(text) > BOUND:
        return None
    bare = relaid(text)
    laid_out = bare is not text  # a numbered program, a fileout: a program by its layout
    lines = bare.splitlines()
    cobol = _cobol(lines)
    mark = None if cobol else _mark(lines)
    if not cobol and not laid_out and not is_program(text) and not _directives(lines):
        return None
    code: list[tuple[str, str]] = []  # ("comment" | "block" | "here" | "code", text)
    closing: re.Pattern[str] | None = None
    margin = False  # in a `/* … */` block: a line's leading `*` is its margin
    here = ""  # the tag that ends the here-document the lines are in
    statement = ""
    last = {line.strip().rstrip(";,)"): n for n, line in enumerate(lines)}  # a tag's last line
    for n, line in enumerate(lines):
        if here:
            here = "" if line.strip().rstrip(";,)") == here else here
            code.append(("here", line) if here else ("code", ""))
            continue
        if closing is not None:
            end = closing.search(line)
            said = line[: end.start()] if end else line
            code.append(("block", MARGIN.sub("", said) if margin else said))
            closing = None if end else closing
            continue
        if cobol:
            if (comment := COBOL_COMMENT.match(line)) is not None:
                code.append(("comment", comment["said"].lstrip(">")))
                continue
            body = line[7:72].strip() if len(line) > 7 else ""
            statement = f"{statement} {body}".strip()
            if statement.endswith(".") or not statement:
                code.append(("code", statement))
                statement = ""
            continue
        opened = BLOCK_OPEN.match(line)
        if opened is not None and opened["open"] == "%{" and last.get("%}", -1) <= n:
            opened = None  # never closed by a `%}` line: Elixir's map, not Matlab's block
        if opened is not None and opened["open"] == "#|" and "|#" not in "".join(lines[n:]):
            opened = None  # never closed: gettext's `#| msgid …`, not a Lisp's block
        if opened is not None:
            key = opened["open"][:2] if opened["open"] != "<!--" else "<!--"
            rest = line[opened.end() :]
            margin = key == "/*"
            rest = rest.lstrip("*") if margin else rest  # `/**` opens a doc block
            end = BLOCK_CLOSE[key].search(rest)
            code.append(("block", ""))  # a block comment is apart from the comments before it
            code.append(("block", rest[: end.start()] if end else rest))
            closing = None if end else BLOCK_CLOSE[key]
            continue
        stripped = line.strip()
        if mark is not None and _opens(stripped, mark):
            code.append(("comment", stripped[len(mark) :].lstrip(mark[:1])))
            continue
        code.append(("code", line.rstrip()))  # its indent kept: a deeper line goes on
        opened_here = HEREDOC.search(line)
        if opened_here is not None and last.get(opened_here["tag"], -1) > n:
            here = opened_here["tag"]  # closed further down: a here-document, not `x << BITS`
    if statement:
        code.append(("code", statement))
    return cobol or laid_out, mark, code


def _directives(lines: list[str]) -> bool:
    """A config of directives (a router's, a switch's: `interface Furnace0/1`,
    `description …`) whose comments open in a mark of their own (`!`, not a script's `#`:
    a Tcl or shell script of `set …` lines is read by the program readers): most lines
    that are no comment open on a lower-case keyword. It is no program by its signs of
    code, yet it is read by its lines as one is."""
    mark = _mark(lines)
    if mark is None or mark == "#":  # `#` marks a script's comments too (Tcl's, a shell's)
        return False
    said = [line for line in lines if line.strip() and not line.lstrip().startswith(mark)]
    comments = sum(line.lstrip().startswith(mark) for line in lines)
    keyed = sum(DIRECTIVE.match(line) is not None for line in said)
    return comments >= 3 and bool(said) and keyed >= DIRECTIVE_SHARE * len(said)
