"""The settings a program's code holds, in every assignment shape programs and config
files use, each in the program's own name and form.

A retro kept as a program says its current values in code, and the values that code
replaced in comments (`{ FermTempC = 16.0; }` above `FermTempC = 12.0;`, a Prolog
`% setting(soak_tank, water_temp_c, 65).` under the live fact, an HCL block commented out
with "Withdrawn 14 April"). A reader that knew only `NAME = value` lines lost the rest:
once the code was kept out of lessons, a setting told in another shape was not told at
all, and the old lesson it had retired stayed live. `settings` reads shapes, never one
language:

- an assignment `key = value`, `key := value`, `key ?= value`, `key <- value`, and
  `key: value` for a value that starts as a number or a string, one statement a line or
  several (`A = 35;  B = 60;`, a namelist's `&settings x = 1.0, y = 2 /`), a declaration
  word before it (`const`, `val`, `let`, `set` …);
- `key value;` (a value with a digit or a string in it);
- an Erlang-style term `{fryer_oil_temp_c, 146}.`;
- a call of literal arguments (a Prolog fact `setting(dryer_2, air_temp_c, 43).`, a CMake
  `set(KEY 4)`): its key is the call up to its last argument;
- a generic key (`default`, `value`) inside a block is the block's: `variable
  "birch_vat_temp_c" default = 40`.

Each `Setting` keeps its text as the program wrote it (strings restored), its key (with
the blocks it sits in, so two presses' `temp_c` are two keys) and its line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from agentmem.harvest.codelex import PLACEHOLDER, Lexed

DECLARE = (
    r"(?:(?:const|var|val|let|local|set|export|def|my|our|static|final|readonly|declare|dim"
    r"|global|parameter|param|define)[ \t]+)?"
)
NAME = r"[A-Za-z_$@][\w$@]{0,80}(?:\[[^\]\n]{0,20}\]|\([^()\n]{0,20}\))?(?:\.[A-Za-z_]\w{0,80})*"
# A declared type between a name and its `=` (`val x: Double = 12.0`, GraphQL's
# `sideOverlapPct: Int = 30`).
TYPE = r"[A-Za-z_][\w.]{0,60}(?:<[^<>\n]{0,60}>|\[[^\]\n]{0,20}\])?[!?]?"
# A statement's start: a line's, or after `;`, `,`, `{`, `(` or a namelist's `&group`.
HEAD = re.compile(
    rf"(?:^[ \t]{{0,80}}|(?<=[;,{{(])[ \t]{{0,20}}|^[ \t]{{0,20}}&\w{{1,40}}[ \t]+){DECLARE}"
    rf"(?P<name>{NAME})(?P<type>[ \t]{{0,8}}:[ \t]{{0,8}}{TYPE}(?=[ \t]{{0,8}}=[^=]))?"
    rf"[ \t]{{0,40}}(?P<op>:=|\?=|<-|=(?![=>~<])|:(?=[ \t]))[ \t]{{0,40}}",
    re.M,
)
SPACED = re.compile(
    r"^[ \t]{0,80}(?P<name>[A-Za-z_][\w.-]{0,80})[ \t]{1,20}"
    r"(?P<value>[^\s;{}=()]{1,80}(?:[ \t]{1,8}[^\s;{}=()]{1,80}){0,2})[ \t]{0,20};[ \t]*$",
    re.M,
)
CALL = re.compile(
    r"^[ \t]{0,80}(?P<call>(?P<fn>[a-z_]\w{0,60})\((?P<args>[^()\n]{1,400})\))[ \t]{0,20}[.;]?[ \t]*$",
    re.M,
)
# An Erlang-style term `{key, value}.` standing alone on its line.
TUPLE = re.compile(
    r"^[ \t]{0,80}\{[ \t]{0,20}(?P<name>[a-z_]\w{0,80})[ \t]{0,20},[ \t]{0,20}"
    r"(?P<value>[-+]?\d[\w.]{0,40}|\x00\d{1,6}\x00|[a-z]\w{0,40})[ \t]{0,20}\}"
    r"(?=[ \t]{0,20}[.,]?[ \t]*$)",
    re.M,
)
LITERAL = re.compile(
    r"[-+]?\d[\w.:/%-]{0,40}|\x00\d{1,6}\x00|\.(?:true|false)\.|true|false|[A-Za-z_]\w{0,40}"
)
NUMBERISH = re.compile(r"[-+]?[\d.]|\x00")
# A value that holds a literal (a number, a string, a flag), not another name's value.
LITERAL_VALUE = re.compile(r"\d|\x00|\b(?:true|false|yes|no|on|off)\b", re.I)
GENERIC = frozenset({"default", "value", "val"})
END = re.compile(r"[\s,;/}]+$")
OPENS = ("{", "[", "(", "<<")
HEADER = 200  # characters of a block's header read before its `{`
PAIRS = (("[", "]"), ("(", ")"))
CONTROL = re.compile(r"^\s*(?:for|if|while|until|elif|elsif|case|when|return|unless)\b", re.I)


@dataclass(frozen=True)
class Setting:
    """One setting: its key (blocks it sits in, then its name), what it says as the
    program wrote it, its value and the line it is on."""

    key: str
    text: str
    value: str
    line: int
    code: str = ""  # the value as code: its strings left as placeholders
    generic: bool = False  # a block's `default` or `value`: the block's own setting


def _headers(code: str) -> list[tuple[int, int, str]]:
    """Each `{ … }` block of the code: its start, its end, the header before its `{`."""
    blocks: list[tuple[int, int, str]] = []
    stack: list[tuple[int, str]] = []
    start = 0
    for at, char in enumerate(code):
        if char == "\n":
            start = at + 1
        elif char == "{":
            header = END.sub("", code[max(start, at - HEADER) : at]).rstrip(" =").strip()
            stack.append((at, header))
        elif char == "}" and stack:
            opened, header = stack.pop()
            blocks.append((opened, at, header))
    return blocks


def _within(blocks: list[tuple[int, int, str]], at: int) -> list[str]:
    return [header for start, end, header in sorted(blocks) if start < at < end and header]


def settings(lex: Lexed) -> list[Setting]:
    """The settings of the lexed code, in order (see the module docstring)."""
    code = lex.code
    blocks = _headers(code)
    found: list[tuple[int, Setting]] = []
    heads = list(HEAD.finditer(code))
    past = -1  # a head inside the value before it (a map's `key: 1` in `[key: 1, …]`)
    for index, head in enumerate(heads):
        if head.start() < past:
            continue
        line_end = code.find("\n", head.end())
        line_end = len(code) if line_end < 0 else line_end
        stop = heads[index + 1].start() if index + 1 < len(heads) else line_end
        value = code[head.end() : min(stop, line_end)]
        if any(value.count(a) > value.count(b) for a, b in PAIRS):  # a bracket still open
            value, past = code[head.end() : line_end], line_end
        value = END.sub("", value).strip()
        line_start = code.rfind("\n", 0, head.start()) + 1
        before = code[line_start : head.start()].rstrip()
        if (
            not value
            or value.endswith(OPENS)
            or not LITERAL_VALUE.search(value)
            or any(brace in value for brace in "{}")
            or any(value.count(b) > value.count(a) for a, b in PAIRS)  # a map's last entry
            or CONTROL.match(before + head.group())
            or (head["op"] == ":" and not NUMBERISH.match(value))
        ):
            continue
        name = head["name"]
        within = _within(blocks, head.start())
        shown = f"{within[-1]} {name}" if name.lower() in GENERIC and within else name
        shown += (head["type"] or "").strip()
        generic = name.lower() in GENERIC and bool(within)
        key = lex.restored(f"{within[-1]}.{name}" if generic else name)
        op = ":" if head["op"] == ":" else f" {head['op']}"
        text = lex.restored(f"{shown}{op} {value}")
        line = code.count("\n", 0, head.start("name"))
        found.append((head.start(), Setting(key, text, lex.restored(value), line, value, generic)))
    for match in SPACED.finditer(code):
        value = match["value"]
        if NUMBERISH.match(value) and match["name"].lower() not in ("return", "goto", "end"):
            text = lex.restored(f"{match['name']} {value}")
            at = match.start("name")
            line = code.count("\n", 0, at)
            found.append((at, Setting(match["name"], text, lex.restored(value), line, value)))
    for match in TUPLE.finditer(code):
        at = match.start()
        line = code.count("\n", 0, at)
        value = match["value"]
        text = lex.restored(match.group().strip())
        found.append((at, Setting(match["name"], text, lex.restored(value), line, value)))
    for match in CALL.finditer(code):
        args = [arg.strip() for arg in match["args"].split(",")]
        if len(args) == 1 and len(words := args[0].split()) >= 2:
            args = words
        if len(args) < 2 or not all(LITERAL.fullmatch(arg) for arg in args):
            continue
        key = f"{match['fn']}({', '.join(args[:-1])})"
        at = match.start("call")
        text = lex.restored(match["call"])
        line = code.count("\n", 0, at)
        found.append((at, Setting(key, text, lex.restored(args[-1]), line, args[-1])))
    return [setting for _, setting in sorted(found, key=lambda pair: pair[0])]


def bare(value: str) -> str:
    """A value as compared: quotes and spaces off."""
    return PLACEHOLDER.sub("", value).strip().strip("\"'").strip()
