"""The lines of a retro kept as a script, one by one: what each says, in two dialects.

Some teams keep a retro as a script their plant's machines already run: a Windows batch
file that `echo`es its findings and `set`s the settings the review agreed, a VBA module
whose `Debug.Print` and `MsgBox` lines say the lessons beside `Public Const` settings. What
they learned is in the comments, in the strings the script prints, and in its settings;
a setting commented out above the live one ("REM set VACUUM_MBAR=55") is the value it
replaced. Read as markdown, such a file ran its lines together into lessons of code.

`batch_lines` and `basic_lines` read each line of their dialect as one `Said` (words: a
comment, a printed string) or one `Setting` (live, or put aside in a comment), in order;
code that says nothing a review added (`setlocal`, `Dim`, `If … Then`, a `goto`) is left
out. A line continued (`^` at a batch line's end, " _" at a VBA one's) is read whole, and a
comment's lines are one text while they go on (an indented or lower-case line after it).
`agentmem.harvest.scriptretro` writes what they hold as the sections the readers know.
Every pattern is bounded; a text past `BOUND` is not read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

BOUND = 200_000
# A person as filing names one: "H. Lindqvist", "P. Mensah (OT)", "OT (P. Mensah)".
PERSON = r"[A-Z]\.\s?(?:[A-Z]\.\s?)?[A-Z][\w'’-]{1,30}(?:\s\([^()\n]{0,40}\))?"
# A line of filing: labels, each naming people only ("Owners: P. Mensah (OT), L. Okafor").
FILING = re.compile(
    rf"^(?:[A-Z][\w /&-]{{0,30}}:\s*{PERSON}(?:\s*(?:,|and|&)\s*{PERSON}){{0,8}}[.;,]?\s*)+$"
)


@dataclass(frozen=True)
class Said:
    """Words the script says: a comment, or a string it prints."""

    text: str
    comment: bool  # a comment (read for filing) rather than a printed message


@dataclass(frozen=True)
class Setting:
    """A setting: its key, its value and the note beside it; `aside` when commented out."""

    key: str
    value: str
    note: str
    aside: bool = False


Item = Said | Setting

# --- Windows batch -------------------------------------------------------------------
BAT_COMMENT = re.compile(r"^@?(?:rem(?:\s|$)|::)[ \t]?(?P<said>.*)$", re.I)
BAT_SET = re.compile(
    r"^@?set\s+\"?(?P<key>[A-Za-z_][\w.\-]{0,80})=(?P<value>[^\"\n]*)\"?\s*$", re.I
)
BAT_ECHO = re.compile(r"^@?echo(?:\s+|[.:])(?P<said>.*)$", re.I)
# `if [not] A OP B echo …` (and `if defined X echo …`): the message is said on a condition
BAT_IF = re.compile(
    r"^@?if\s+(?:/i\s+)?(?:not\s+)?(?:defined\s+\S+|exist\s+\S+|errorlevel\s+\d+"
    r"|\S+\s*(?:==|\s(?:equ|neq|lss|leq|gtr|geq)\s)\s*\S+)\s+(?P<then>.*)$",
    re.I,
)
# A batch expansion: `%NAME%`, `%~dp0`, `%1`, delayed `!NAME!`.
EXPANSION = re.compile(r"%~?[\w]{1,40}%?|![\w]{1,40}!")
REDIRECT = re.compile(r"(?<![\w^])\d?>>?|\|")
ECHO_STATE = re.compile(r"^(?:on|off|\.)?\s*$", re.I)

# --- VBA / VBScript ------------------------------------------------------------------
BAS_COMMENT = re.compile(r"^(?:'|rem(?:\s|$))[ \t]?(?P<said>.*)$", re.I)
BAS_CONST = re.compile(
    r"^(?:(?:public|private|global|friend)\s+)?const\s+(?P<key>[A-Za-z_]\w{0,80})"
    r"(?:\s+as\s+\w+)?\s*=\s*(?P<value>\"[^\"\n]*\"|[^'\n]*?)\s*(?:'(?P<note>.*))?$",
    re.I,
)
BAS_PRINT = re.compile(
    r"^(?:debug\.print|msgbox|wscript\.echo|print|console\.writeline)\b\s*\(?(?P<args>.*)$",
    re.I,
)
BAS_ASSIGN = re.compile(
    r"(?:^|:\s*)(?P<name>[A-Za-z_]\w{0,40})\s*=\s*(?P<value>\"[^\"\n]*\"|-?[\d.]+)\s*(?=:|$)"
)
BAS_IF = re.compile(r"^if\s.{0,400}?\sthen\s+(?P<then>\S.*)$", re.I)
STRING = re.compile(r"\"((?:[^\"\n]|\"\"){0,2000})\"")
# The named constants of VBA that print as a space or a break.
BLANKS = frozenset({"vbcrlf", "vbnewline", "vblf", "vbcr", "vbtab"})
TYPE_MARK = re.compile(r"(?<=\d)[#!@&%^]$")  # `3#`: a Double's type mark, no part of it


def _joined(text: str, mark: str) -> list[str]:
    """The text's lines, a line ending in the continuation `mark` joined with the next."""
    out: list[str] = []
    carried = ""
    for raw in text.splitlines():
        line = raw.strip()
        if line.endswith(mark) and (mark != "_" or line[:-1].endswith((" ", "\t"))):
            carried += line[: -len(mark)].rstrip() + " "
            continue
        out.append(carried + line)
        carried = ""
    if carried:
        out.append(carried.rstrip())
    return out


def _comment(items: list[Item], said: str) -> None:
    """A comment's words: a line that goes on the one before (indented past the mark, or
    opening in lower case) is joined to it; any other opens a text of its own."""
    words = said.strip()
    if not words:
        items.append(Said("", comment=True))  # an empty comment line ends a text
        return
    indented = len(said) - len(said.lstrip()) >= 2
    last = items[-1] if items else None
    goes_on = indented or words[:1].islower()
    if goes_on and isinstance(last, Said) and last.comment and last.text:
        items[-1] = Said(f"{last.text} {words}", comment=True)
    else:
        items.append(Said(words, comment=True))


def batch_lines(text: str) -> list[Item]:
    """A batch file's lines, read (see the module docstring)."""
    items: list[Item] = []
    if len(text) > BOUND:
        return items
    for line in _joined(text, "^"):
        if (comment := BAT_COMMENT.match(line)) is not None:
            said = comment["said"]
            if (setting := BAT_SET.match(said.strip())) is not None:
                items.append(Setting(setting["key"], setting["value"].strip(), "", aside=True))
            else:
                _comment(items, said.replace("%%", "%"))
            continue
        if line.startswith(":"):
            items.append(Said("", comment=True))  # a label: what follows is apart
            continue
        then = BAT_IF.match(line)
        body = then["then"] if then is not None else line
        if (setting := BAT_SET.match(body)) is not None and then is None:
            value = setting["value"].strip()
            if not EXPANSION.search(value.replace("%%", "")):  # a path built from others
                items.append(Setting(setting["key"], value, ""))
        elif (echo := BAT_ECHO.match(body)) is not None:
            said = echo["said"]
            plain = said.replace("%%", "")
            if ECHO_STATE.match(said) or EXPANSION.search(plain) or REDIRECT.search(plain):
                continue  # `echo off`, a line built of variables, one written to a file
            items.append(Said(said.replace("%%", "%").strip(), comment=False))
        else:
            items.append(Said("", comment=True))
    return items


def _printed(args: str, known: dict[str, str]) -> str:
    """The words a VBA print or message statement shows: its first argument's strings
    joined, a variable given its literal value when the module gives it one."""
    out: list[str] = []
    at = 0
    depth = 0
    while at < len(args):
        char = args[at]
        if char == '"':
            literal = STRING.match(args, at)
            if literal is None:
                break
            out.append(literal.group(1).replace('""', '"'))
            at = literal.end()
            continue
        if char in ",;" and depth == 0 and out:
            if char == ",":
                break  # a message box's buttons and title
        elif char == "(":
            depth += 1
        elif char == ")":
            if depth == 0:
                break
            depth -= 1
        elif char.isalpha() or char == "_":
            name = re.match(r"[A-Za-z_]\w{0,60}", args[at:])
            word = name.group(0) if name else char
            if word.lower() in BLANKS:
                out.append(" ")
            elif word in known:
                out.append(known[word])
            elif word.lower() not in ("and", "or", "not"):
                out.append(word)
            at += len(word)
            continue
        at += 1
    return " ".join("".join(out).split())


def basic_lines(text: str) -> list[Item]:
    """A VBA module's lines, read (see the module docstring)."""
    items: list[Item] = []
    if len(text) > BOUND:
        return items
    lines = _joined(text, "_")
    known: dict[str, str] = {}
    for line in lines:
        for assigned in BAS_ASSIGN.finditer(line):
            value = assigned["value"].strip('"')
            known[assigned["name"]] = value
    for line in lines:
        if (comment := BAS_COMMENT.match(line)) is not None:
            said = comment["said"]
            if (const := BAS_CONST.match(said.strip())) is not None:
                items.append(_const(const, aside=True))
            else:
                _comment(items, said)
            continue
        if (const := BAS_CONST.match(line)) is not None:
            items.append(_const(const, aside=False))
            continue
        then = BAS_IF.match(line)
        body = then["then"] if then is not None else line
        if (printed := BAS_PRINT.match(body)) is not None:
            said = _printed(printed["args"], known)
            if said:
                items.append(Said(said, comment=False))
            continue
        if line and not line.startswith("'"):
            items.append(Said("", comment=True))
    return items


def _const(match: re.Match[str], *, aside: bool) -> Setting:
    value = TYPE_MARK.sub("", match["value"].strip().strip('"'))
    return Setting(match["key"], value, (match["note"] or "").strip(), aside=aside)
