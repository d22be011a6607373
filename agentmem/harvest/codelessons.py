"""A retro kept as a program: a lesson the readers took from its code told as what the
code says, never as the code.

Read as markdown, a retro written as a program (Pascal, Prolog facts, a Fortran namelist,
HCL, Nix …) yields its paragraphs, and a paragraph of code is a lesson: `const {
FermTempC = 16.0; } FermTempC = 12.0; …` or `var F: array[1..4] of TFinding;`. Packs and
syntheses carried the code as noise, a commented-out old value was read as current, and
a paragraph with nothing to say took the place of a lesson the retro did say. Dropping
such lessons lost what they carried: the values that retired the old lessons (two
rounds measured it). So `told` keeps each lesson and tells it in words:

- its live settings in the program's own name and form (`FermTempC = 12.0`,
  `setting(soak_tank, water_temp_c, 60)`, `variable "birch_vat_temp_c" default = 40`;
  `agentmem.harvest.livesettings`), each with the value an old line of the same key in
  the retro's comments had ("was 16.0") and the comment beside it (why);
- its strings that say something: a finding's text and cause, and a printed line with
  the settings it prints put in (`WriteLn('… carbonate to ', OGCanCO2Vol:0:1, ' vol')`
  is "… carbonate to 2.5 vol");
- its comments of prose; a comment that holds code (an entry commented out, deprecated)
  is put aside: it says what no longer holds.

A lesson of code with none of these (a declaration, a loop) is dropped; a lesson that is
not code (a comment block's prose, a sentence) is left as it is; a text that is no
program is left to the readers as it was.
"""

from __future__ import annotations

import bisect
import re
from functools import lru_cache

from agentmem.harvest.codelex import PLACEHOLDER, Lexed, lexed
from agentmem.harvest.livesettings import Setting, bare, settings
from agentmem.harvest.programtext import CODE_COMMENT, CODE_SHARE, ROW, code_line, is_data
from agentmem.harvest.sections import Lesson

HALF = 0.5  # of a lesson's
EDGE = 40  # characters of a lesson's opening and end looked for in the program
SPREAD = 2  # a lesson found so stands within twice its length
CALL = re.compile(r"[A-Za-z_][\w.]{0,60}\s{0,4}\((?P<args>[^()\n]{0,800})\)")
ARG_NAME = re.compile(r"(?P<name>[A-Za-z_]\w{0,80})(?::\d{1,3}){0,2}")
WORD = re.compile(r"[A-Za-z]{3,}")
NUMBER = re.compile(r"[-+]?\d[\d_]*(?:\.\d+)?(?:[eE][-+]?\d+)?")
SENTENCE_WORDS = 3  # words apart
PROSE_WORDS = 2  # of them words of letters ("brokens 4.6 % on lot PB-0810")
# A markdown list item, numbered item, heading or quote at a line's start: a document
# (a program's lists sit inside its comments, indented).
MARKDOWN = re.compile(r"^(?:[-*+]|\d{1,3}[.)]|#{2,6}|>)[ \t]+\S", re.M)
MARKDOWN_LINES = 2
# A TeX or RTF command (`\section{`, `\item`, `\textbf{`): a document's markup.
TEX_COMMAND = re.compile(r"\\(?:begin|end|section|item|textbf|emph|documentclass|par|rtf1)\b")
DEPRECATED = re.compile(r"\b(?:deprecated|obsolete)\b", re.I)
INTERPOLATED = re.compile(
    r"\$\{(?P<name>[\w.]{1,80}(?:\[[\"'][\w.]{1,80}[\"']\])?)\}|#\{(?P<n2>[\w.]{1,80})\}|\$\((?P<n3>[\w.]{1,80})\)|\$(?P<n4>[A-Za-z_]\w{0,80})"
)
# What a name interpolated may stand under and still be the program's own setting (not a
# loop variable's field).
OWNERS = frozenset({"", "env", "params", "self", "this", "config", "settings"})
CLOSERS = "'\"}{)(;, "
KEYED = re.compile(r"\[[\"']([\w.]{1,80})[\"']\]")  # `settings["cook_hold_min"]`
# A line that checks a reading (`require(x >= 5) { "${x} min is too short" }`, `error
# "bars at ${env.T} °C"`): the value its message puts in is the reading, not the setting.
GUARD = re.compile(
    r"\b(?:require|assert\w*|check|error|raise|throw|fail|abort|halt|warn\w*|if|when|unless)\b"
)
# A mark of code in a lesson's own text (an assignment, a statement's end, a brace, a
# call, a quote around a literal): a lesson of a string's prose alone has none.
CODE_MARK = re.compile(r"[=;{}]|:=|\w\(|(?<!\w)['\"]|['\"](?!\w)")
# A table's header row first (`date,section,item,details`): a CSV export, data.
HEADER_ROW = re.compile(r"[\w .-]{1,40}(?:,[\w .-]{1,40}){2,}\r?\n")
# A statement that changes what holds (`retract(finding(…))`, `remove(…)`): told as
# written, for it says a lesson went.
CHANGE_CALL = re.compile(
    r"^[ \t]{0,80}(?P<call>(?:retract\w*|remove\w*|delete\w*|drop\w*|withdraw\w*|deprecate\w*"
    r"|disable\w*|unset\w*|revoke\w*)\([^\n]{0,400}\))",
    re.M | re.I,
)
# A value held to a number (`H >= 83`, `83 =< H`), not one name to another.
COMPARED = re.compile(
    r"(?:>=|=<|<=|(?<![-=<])>(?!=)|<(?![-=<])|==)[ \t]{0,8}[-+]?\d|\d[ \t]{0,8}(?:>=|=<|<=)"
)
# Where a clause ends: a `;` or a brace, or a line's end unless the line goes on (ends in
# a comma, an open bracket, `:-` or an operator, as a Prolog clause's lines do).
CLAUSE_END = re.compile(r"[;{}]|(?<![,(\[:\-&|+*/=<>\\ \t])[ \t]{0,80}\n|(?<=[ \t])\n")
STRINGS_ONLY = re.compile(r"\x00\d{1,6}\x00(?:[\s+.&,]{0,8}\x00\d{1,6}\x00){0,20}")
RECORD_LINES = 3  # a field this near a text field is the same record's
FLAG = re.compile(r"\.?(?:true|false)\.?", re.I)
# A fact or a call statement (`setting(a, b, 4).`), its arguments one call deep.
FACT = re.compile(r"[a-z_]\w{0,60}\((?:[^()\n]|\([^()\n]{0,400}\)){1,400}\)\s{0,4}[.;]")


def _space(text: str) -> str:
    return " ".join(text.split())


def is_code(text: str, program: str | None = None) -> bool:
    """Most of the text's lines (half, for a stretch of a `program`), its strings and
    comments left out, are code."""
    lex = lexed(text, program)
    lines = [line for line in PLACEHOLDER.sub('""', lex.code).splitlines() if line.strip()]
    share = CODE_SHARE if program is None else HALF
    return bool(lines) and sum(code_line(line) for line in lines) >= share * len(lines)


@lru_cache(maxsize=4)  # one program's lessons are each looked for in it
def _flat(raw: str) -> tuple[str, tuple[int, ...]]:
    """The program with its spacing made single spaces, and each of that text's characters'
    place in `raw`."""
    flat: list[str] = []
    where: list[int] = []
    for match in re.finditer(r"\S+", raw):
        if flat:
            flat.append(" ")
            where.append(match.start())
        flat.extend(match.group())
        where.extend(range(match.start(), match.end()))
    return "".join(flat), tuple(where)


def _span(raw: str, lesson: str) -> str:
    """The whole lines of the program a lesson was read from: where its words stand in
    the program's (spacing aside), its opening and its end found when a reader changed
    a word between; empty when they stand nowhere."""
    (text, where), said = _flat(raw), _space(lesson)
    if not said:
        return ""
    start = text.find(said)
    end = start + len(said)
    if start < 0:
        edge = min(len(said), EDGE)
        start = text.find(said[:edge])
        end = text.find(said[-edge:], max(start, 0)) + edge
        if start < 0 or end < edge or end - start > SPREAD * len(said):
            return ""
    first = raw.rfind("\n", 0, where[start]) + 1
    last = raw.find("\n", where[end - 1])
    return raw[first : len(raw) if last < 0 else last]


def _old(lex: Lexed, program: str) -> dict[str, tuple[str, str]]:
    """Each key an entry commented out holds, with its value and what the comments beside
    that entry say of it ("AB-1 setpoint, retired with AB-1"): what it was, and why not
    any more."""
    old: dict[str, tuple[str, str]] = {}
    for comment in lex.comments:
        inner = lexed(comment.words, program)
        found = settings(inner)
        if not found:
            continue
        why = [c.words for c in inner.comments if not _coded(c.words)]
        why += [
            c.words
            for c in lex.comments
            if c.line == comment.line and c is not comment and not _coded(c.words)
        ]
        for setting in found:
            old.setdefault(setting.key, (setting.value, _space("; ".join(why))))
    return old


def _rows(text: str) -> bool:
    """A table of rows (CSV and the like), which another reader reads."""
    lines = [line for line in text.splitlines() if line.strip()]
    rows = sum(ROW.search(line) is not None and not FACT.fullmatch(line.strip()) for line in lines)
    return rows >= CODE_SHARE * len(lines)


def _coded(words: str) -> bool:
    """A comment holds code: an entry commented out (a setting, a fact, a line of code),
    whatever its own comment after it says."""
    return bool(CODE_COMMENT.match(words) or FACT.match(words) or is_code(words))


def _sentence(text: str) -> bool:
    """Words a reader reads: three at least, apart, two of letters (a path, a name or a
    number is none)."""
    return len(WORD.findall(text)) >= PROSE_WORDS and len(text.split()) >= SENTENCE_WORDS


def _printed(lex: Lexed, values: dict[str, str]) -> list[str]:
    """Each call with a string argument, its arguments read as one line: strings as
    they are, a setting's name as its value; nothing else (a loop's variable)."""
    out: list[str] = []
    for call in CALL.finditer(lex.code):
        args = [arg.strip() for arg in call["args"].split(",")]
        if not any(PLACEHOLDER.fullmatch(arg) for arg in args):
            continue
        parts: list[str] = []
        for arg in args:
            if (string := PLACEHOLDER.fullmatch(arg)) is not None:
                parts.append(_filled(lex.strings[int(string[1])], values))
            elif (name := ARG_NAME.fullmatch(arg)) is not None and name["name"] in values:
                parts.append(values[name["name"]])
        line = _space("".join(parts))
        if (
            _sentence(line)
            and not INTERPOLATED.search(line)
            and not any(line in said for said in out)
        ):
            out.append(line)
    return out


def _tell(setting: Setting, old: dict[str, tuple[str, str]], why: str) -> str:
    aside = []
    was, gone = old.get(setting.key, ("", ""))
    if was and bare(was) != bare(setting.value):
        said = f"was {bare(was)}" if NUMBER.fullmatch(bare(was)) else "changed"
        aside.append(f"{said}: {gone}" if gone else said)
    if why:
        aside.append(why)
    return setting.text + (f" ({'; '.join(aside)})" if aside else "")


def told(raw: str, found: list[Lesson]) -> list[Lesson]:
    """The lessons `found` in the program text `raw`, each of code told in words (module
    docstring); `found` as it is when `raw` is no program."""
    if (
        is_data(raw)
        or _rows(raw)
        or HEADER_ROW.match(raw.lstrip())
        or len(TEX_COMMAND.findall(raw)) >= MARKDOWN_LINES
        or len(MARKDOWN.findall(raw)) >= MARKDOWN_LINES
        or not is_code(raw)
    ):
        return found
    whole = lexed(raw)
    old = _old(whole, raw)
    values = {KEYED.sub(r".\1", s.key).rsplit(".", 1)[-1]: bare(s.value) for s in settings(whole)}
    out: list[Lesson] = []
    told_anew: list[str] = []
    for lesson in found:
        source = _span(raw, lesson.text)
        if not source or not is_code(source, raw) or not CODE_MARK.search(lesson.text):
            out.append(lesson)
            continue
        said = _said(lexed(source, raw), old, values)
        if _space(said).rstrip(".") == _space(lesson.text).rstrip("."):
            out.append(lesson)  # it said it in words already
        elif said:
            out.append(Lesson(lesson.type, said))
            told_anew.append(said)
    # a fragment of a string a reader cut at a sentence's end ("Brandt - move … arrival'
    # } } }") is told whole in the lesson its code became
    return [
        lesson
        for lesson in out
        if lesson.text in told_anew
        or not any(_space(lesson.text).rstrip(CLOSERS) in said for said in told_anew)
    ]


def _filled(string: str, values: dict[str, str]) -> str:
    """A string with the settings it interpolates put in (`${env.IMPREG_TEMP_C}`,
    `#{temp}`, `$(TEMP)`, `$temp`): what it prints."""

    def value(match: re.Match[str]) -> str:
        said = next(group for group in match.groups() if group)
        owner, _, name = KEYED.sub(r".\1", said).rpartition(".")
        return values.get(name, match.group()) if owner in OWNERS else match.group()

    return INTERPOLATED.sub(value, string)


def _prose(lex: Lexed, setting: Setting) -> bool:
    """The setting's value is a string of prose (a finding's text), not a value."""
    strings = [int(m[1]) for m in PLACEHOLDER.finditer(setting.code)]
    only = STRINGS_ONLY.fullmatch(setting.code) is not None  # not a call with a string in it
    return only and _sentence(" ".join(lex.strings[i] for i in strings))


def _rules(lex: Lexed) -> list[str]:
    """Each clause of the code that holds a value to a limit (`H >= 83, H =< 87`,
    `require(x >= 15.0)`): a rule in the program's own form, between the marks that end
    a statement (a `;`, a brace, a line that does not go on) ."""
    code = lex.code
    ends = [m.start() for m in CLAUSE_END.finditer(code)]
    out: list[str] = []
    for compared in COMPARED.finditer(code):
        at = bisect.bisect_left(ends, compared.start())
        start = ends[at - 1] + 1 if at else 0
        end = ends[at] if at < len(ends) else len(code)
        clause = _space(lex.restored(code[start:end])).strip(" .")
        if clause and not any(clause in said for said in out):
            out.append(clause)
    return out


def _deprecated(lex: Lexed) -> set[int]:
    """The lines of code marked deprecated or obsolete (`@deprecated(reason: …)`,
    `[Obsolete]`, `#[deprecated]`): what they hold no longer applies."""
    lines = lex.code.split("\n")
    return {at for at, line in enumerate(lines) if DEPRECATED.search(line)}


def _string_lines(lex: Lexed) -> list[int]:
    """The line each string of the code starts on."""
    return [lex.code.count("\n", 0, m.start()) for m in PLACEHOLDER.finditer(lex.code)]


def _said(lex: Lexed, old: dict[str, tuple[str, str]], values: dict[str, str]) -> str:
    """What a stretch of code says in words: its settings, its strings' prose, its
    printed lines and its comments of prose."""
    beside = {c.line: c.words for c in lex.comments if c.beside and not _coded(c.words)}
    parts: list[str] = []
    used: set[int] = set()
    aside = _deprecated(lex)
    found = [s for s in settings(lex) if s.line not in aside]
    texts = [s.line for s in found if _prose(lex, s)]  # a finding's text, a cause
    for setting in found:
        strings = [int(m[1]) for m in PLACEHOLDER.finditer(setting.code)]
        if _prose(lex, setting):
            continue  # a text field (`F[1].Text := '…'`): its prose, below
        near = any(abs(line - setting.line) <= RECORD_LINES for line in texts)
        if near and not setting.generic and (strings or FLAG.fullmatch(setting.code)):
            continue  # a finding's owner, date or flag beside its text: filing

        parts.append(_tell(setting, old, _space(beside.pop(setting.line, ""))))
        used.update(strings)
    on = _string_lines(lex)
    guarded = {at for at, line in enumerate(lex.code.split("\n")) if GUARD.search(line)}
    prose = [
        _space(s if on[i] in guarded else _filled(s, values))
        for i, s in enumerate(lex.strings)
        if i not in used and _sentence(s) and on[i] not in aside
    ]
    # a template whose values are a loop's or a reading's says no value: it is no lesson
    prose = [p for p in prose if not INTERPOLATED.search(p)]
    printed = _printed(lex, values)
    prose = [p for p in prose if not any(p in line for line in printed)]
    put_aside = {c.line for c in lex.comments if _coded(c.words)}  # an entry commented out
    notes = [
        _space(c.words)
        for c in lex.comments
        if not c.beside and c.line not in put_aside and not _coded(c.words) and _sentence(c.words)
    ]
    notes += [_space(words) for words in beside.values() if _sentence(words)]
    changes = [lex.restored(m["call"]) for m in CHANGE_CALL.finditer(lex.code)]
    rules = _rules(lex)
    groups = ["; ".join(changes), "; ".join(prose), *printed, "; ".join(parts), *rules, *notes]
    return ". ".join(g.rstrip(".") for g in groups if g)
