"""What a program retro's statement gives: a named value (`NAME = 4.5`, `def NAME: 4;`,
`set(NAME 40 …)`, `05 NAME PIC … VALUE …`, a named table) or a sentence it hands to a
call in a string (`message(STATUS "…")`), its settings put in.

Apart from the reading of lines (`agentmem.harvest.codeparse`) and of checks
(`agentmem.harvest.codechecks`): these are the forms a statement says a finding or a
setting in, whatever the language; `agentmem.harvest.codelines` weighs them. A string
still holding a placeholder no setting fills (a loop's `%s`, `{row}`, jq's `\\(.x)`) says
no value. Every pattern is bounded.
"""

from __future__ import annotations

import re

from agentmem.harvest.codeparse import string_spans
from agentmem.harvest.scriptlines import Setting

NAME = r"[A-Za-z_][\w.\-]{0,80}"
# A name's scope, one letter and a colon on it (Vim's `g:feed_rate`, `s:limits`): no type
# (`x: int`, `x:int` name a type after a name of their own)
SCOPE = r"(?:\b[a-z]:(?=[A-Za-z_]\w{0,80}\s*=))?"
LITERAL = (
    r"(?:-?\d[\d_]{0,20}(?:\.\d{1,20})?(?:[eE][-+]?\d{1,3})?"
    r"|\"[^\"\n]{0,200}\"|'[^'\n]{0,200}'|true|false|on|off|yes|no)"
)
# `[declaring words] NAME [: Type] = literal [;]`: a named value in most languages.
ASSIGN = re.compile(
    rf"^(?:[a-z]{{2,12}}\s+){{0,3}}{SCOPE}(?P<key>{NAME})(?:\s*::?\s*[\w&<>\[\]]{{1,40}}\s*)?"
    rf"\s*(?::=|<-|\?=|(?<![=!<>])=(?!=))\s*(?P<value>{LITERAL})\s*[;,]?\s*$",
    re.I,
)
# `[declaring words] NAME = {…}` / `[…]` / `(…)`: a named table or list of values (a literal
# of keys and numbers, a call on it after: `{"300mm": 0.3}.toTable`).
COLLECTION = re.compile(
    rf"^(?:[a-z]{{2,12}}\s+){{0,3}}{SCOPE}(?P<key>{NAME})(?:\s*::?\s*[\w&<>\[\]]{{1,40}}\s*)?"
    r"\s*(?::=|<-|(?<![=!<>])=(?!=))\s*(?P<value>[\[{(](?=[^\n]{0,200}\d)[^\n;=]{0,200}[\]})]"
    r"(?:\.\w{1,20}(?:\(\))?)?)\s*[;,]?\s*$",
    re.I,
)
# `declaring-word NAME: value;`: a definition that binds a name with a colon (jq's `def
# coat_within_h: 4;`, `def limits: {min: 30, max: 40};`); the declaring word and the
# statement's end are asked, so a label ("Cause: 4") or a record's field is none.
DEFINITION = re.compile(
    rf"^(?:[a-z]{{2,12}}\s+){{1,3}}(?P<key>{NAME})\s*:\s*(?P<value>{LITERAL}"
    r"|[\[{(](?=[^\n]{0,200}\d)[^\n;=]{0,200}[\]})])\s*;\s*$",
    re.I,
)
# `verb(NAME args…)`: a call that names a key and gives it a value (CMake's set/option).
KEYED_CALL = re.compile(
    rf"^(?P<verb>[a-z_]\w{{0,30}})\s*\(\s*(?P<q>[\"']?)(?P<key>{NAME})(?P=q)\s*,?"
    r"(?P<args>(?:[^()\"'\n]|\"[^\"\n]{0,400}\"|'[^'\n]{0,400}'){0,40})\)\s*;?$",
    re.I,
)
SETTING_VERBS = frozenset({"set", "option", "define", "setting", "param", "parameter", "const"})
BARE = re.compile(rf"^{LITERAL}$", re.I)
KEYWORD = re.compile(r"^[A-Z_]{2,20}$")  # CACHE, STRING, FORCE: the call's own words
# `NN NAME PIC … VALUE literal.`: a record's named value.
PIC_VALUE = re.compile(
    rf"^\d{{2}}\s+(?P<key>{NAME})\s+(?:PIC(?:TURE)?\s+\S{{1,40}}\s+)?VALUE\s+(?P<value>'[^'\n]{{0,200}}'"
    r"|\"[^\"\n]{0,200}\"|[-+]?\d{1,20}(?:\.\d{1,20})?(?:\s+THRU\s+[-+]?\d{1,20}(?:\.\d{1,20})?)?)"
    r"\s*\.?\s*$",
    re.I,
)
# A placeholder a loop or a format fills: `%s`, `%.1f`, `{row}`, `${x}`, `#{x}`, `$x`, `\(.x)`.
PLACEHOLDER = re.compile(
    r"%[-+0#]?\d{0,3}(?:\.\d{1,3})?[sdifgeEuxc]|\$\{(?P<a>[\w.]{1,80})\}|#\{(?P<b>[\w.]{1,80})\}"
    r"|\$\((?P<c>[\w.]{1,80})\)|\{(?P<d>[\w.]{0,80})\}|\$(?P<e>[A-Za-z_]\w{0,80})"
    r"|\\\((?P<f>[^()\n]{1,80})\)"
)
ESCAPES = re.compile(r"\\[ntr]")
LETTERS = re.compile(r"[^\W\d_]{2,}")
SAID_WORDS = 4  # words of letters a string says at least to be a finding
FIELD = re.compile(r"[\w\]'\"]\s{0,8}:\s*$")  # `text: "…"`, `"key": "…"`: a field's value
OPENING = re.compile(r"^\s*[A-Za-z_][\w.:!]{0,60}")  # a statement opens on a name


def _unquoted(value: str) -> str:
    value = value.strip()
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
        return value[1:-1]
    return value


def named_value(code: str, note: str, *, aside: bool) -> Setting | None:
    """The named value a statement gives, or None."""
    if (match := ASSIGN.match(code)) is not None or (match := PIC_VALUE.match(code)) is not None:
        value = _unquoted(match["value"])
        return None if PLACEHOLDER.search(value) else Setting(match["key"], value, note, aside)
    if (match := COLLECTION.match(code)) is not None:  # a table or list of values, as written
        return Setting(match["key"], match["value"], note, aside)
    if (match := DEFINITION.match(code)) is not None:
        value = _unquoted(match["value"])
        return None if PLACEHOLDER.search(value) else Setting(match["key"], value, note, aside)
    call = KEYED_CALL.match(code)
    if call is None or call["verb"].lower() not in SETTING_VERBS:
        return None
    args = [
        m.group() for m in re.finditer(r"\"[^\"\n]{0,400}\"|'[^'\n]{0,400}'|[^\s,]+", call["args"])
    ]
    values = [
        a for a in args if (BARE.match(a) and not KEYWORD.match(a)) or a.upper() in ("ON", "OFF")
    ]
    if not values or any(PLACEHOLDER.search(a) for a in values[:1]):
        return None
    quoted = [a for a in values if a[:1] in "\"'"]
    bare = [a for a in values if a[:1] not in "\"'"]
    value = bare[0] if bare else quoted[0]  # `option(KEY "note" ON)`: ON, its note beside
    notes = [_unquoted(a) for a in quoted if a != value and LETTERS.search(a)]
    return Setting(call["key"], _unquoted(value), "; ".join(n for n in [*notes, note] if n), aside)


def said_string(code: str, known: dict[str, str]) -> str:
    """The sentence a statement hands to a call or a command in a string, its settings
    put in; empty when it says none, assigns, or leaves a placeholder unfilled."""
    if OPENING.match(code) is None:
        return ""
    spans = string_spans(code)
    before = code[: spans[0][0]] if spans else ""
    if not spans or re.search(r"(?<![=!<>])=(?!=)", before) or FIELD.search(before):
        return ""  # an assignment, or a record's field (`text: "…"`): data, not said

    def filled(match: re.Match[str]) -> str:
        name = next((g for g in match.group("a", "b", "c", "d", "e", "f") if g), "")
        return known.get(name.rsplit(".", 1)[-1], "\x00")

    best = ""
    for _, _, text in spans:
        text = ESCAPES.sub(" ", text)
        said = " ".join(PLACEHOLDER.sub(filled, text).split())
        if (
            "\x00" not in said
            and len(LETTERS.findall(said)) >= SAID_WORDS
            and len(said) > len(best)
        ):
            best = said
    return best


def is_filled(text: str, known: dict[str, str]) -> bool:
    """A string says its words as they stand, or with settings of the program put in: a
    template holding a field no setting fills (jq's `"\\(.lot) gel time \\(.gel_time_s) s"`,
    a loop's `%s`) says no finding, in data or printed."""
    for match in PLACEHOLDER.finditer(text):
        name = next((g for g in match.group("a", "b", "c", "d", "e", "f") if g), "")
        if name.rsplit(".", 1)[-1] not in known:
            return False
    return True


def says_sentence(text: str) -> bool:
    return len(LETTERS.findall(text)) >= SAID_WORDS
