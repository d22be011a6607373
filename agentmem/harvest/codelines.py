"""The lines of a retro kept as a program in any language, read by their form.

Teams keep retros in the files their tools run: a CMakeLists whose `message(STATUS
"Finding: …")` lines and `set(MIX_TEMP_MAX_C 40 CACHE STRING "…")` settings hold what the
review agreed, a Gnuplot script whose `set label 1 "finding: …"` lines and `name = value
# why` settings do, a COBOL copybook whose column-7 `*` comments and `05 NAME PIC …
VALUE …` entries do. Read as paragraphs, such a file ran its code and its findings
together, or left the findings in a comment block taken for filing, and the lessons it
held were never written. Retros come in languages no reader here was written for, so
the lines are read by what any such language has, never by one language's keywords:

- a comment in the file's own mark (the mark most of its comment lines open with: `#`,
  `//`, `--`, `%`, `;`, `!`, a fixed-format COBOL line's column-7 `*`), and the lines of
  a block comment (`#[[ … ]]`, `/* … */`, `{- … -}`), a bullet opening a unit of its own;
- a string a statement hands to a call or a command (`message(STATUS "…")`, `set label
  1 "…" at …`, `println!("…")`, `DISPLAY '…'`), the settings it interpolates put in; a
  string still holding a placeholder no setting fills (a loop's `%s`, `{row}`) says no
  value and is left out;
- a here-document of prose (`$note = <<<EOT` … `EOT;`, `<<~TEXT`), its lines read as a
  block comment's; one of code (a query, a script) is left out;
- a statement that is a sentence in words, no string around it: a directive's
  `description Change the muffle at 350 h; …`, a banner's line;
- a named value: `NAME = 4.5` under any declaring words and type, `def NAME: 4;` (a
  definition bound with a colon, jq's), `set(NAME 40 …)`, `define('NAME', 0.28)` or
  `option(NAME "…" ON)` (a call that names a key and gives it a literal, a string beside
  it its note), `05 NAME PIC 9(3) VALUE 045.0.`, a named table or list of values as
  written (`let limits = {"300mm": 0.3}.toTable`); one commented out is the value it
  replaced, and the change says it ("was 64.0: Glenmor, retired …"); any other line of
  code commented out (`! furnace-setpoint 2140   <- old`) is no finding.

A config of directives (a router's: `interface …`, `description …`, comments opening in
`!`) is no program by its signs of code, yet it is read so too: most of its lines open on
a lower-case keyword, and no other reader takes its comments apart from its directives.

A string a statement hands after a comparison (`doAssert d <= MAX, "…"`, `if .x == null
then error("…")`, or `assert x <= MAX` with `report "…"` on the deeper line after it) is
what the check says when it fails: an alarm, not a finding, and it is left out, as is
the first statement of a block a comparing condition opens (`if ($pct > 0.30) {` ⏎ `throw
new RuntimeException("…")`) (read so,
"wash charge over 15000 L, foam-over" filled the pack beside the lessons that tell the
limit). jq's `\\(.x)` is a placeholder like `%s`.

`agentmem.harvest.scriptretro` writes what they hold as it writes a batch file's, what
the statements say before the comments (a retro's cap keeps the first it yields, and a
program's statements are its findings; its comments, the story around them). The
distiller reads a text so only when a comment of it labels what was found ("findings:",
"# cause:", "* FINDING :", `code_lines(text, labelled=True)`): a config whose comments tell a story beside
the values that say its findings is read by its values as before
(`agentmem.harvest.programtext`). `code_lines` takes a text only when it is program text
(`agentmem.harvest.programtext.is_program`) or a config of directives, whose statements
say at least as many sentences as its data holds (a record's fields, values given to
keyed names or lists, which `agentmem.harvest.codelessons` tells; a template holding a
field no setting fills says none), and which says something: a statement's sentence, a
comment labelling what was found (a jq filter's `# Finding:` lines over its `def`s), or
the directives' own; or when it is laid out as fixed-format COBOL. Every pattern is bounded; a text past `BOUND` is not read.
"""

from __future__ import annotations

import re
from collections import Counter

from agentmem.harvest.programtext import code_line, is_program
from agentmem.harvest.programtext import is_sentence as prose_sentence
from agentmem.harvest.scriptlines import BOUND, Item, Said, Setting, _comment

# Line comment marks, longest first so "//" is not read as "/".
MARKS = ("//", "--", "#", "%", ";", "!", "'")
# A fixed-format COBOL line: a sequence area of six (digits or blanks), then the indicator.
COBOL_COMMENT = re.compile(r"^[ \d]{6}[*/](?:>)?(?P<said>.*)$")
COBOL_CODE = re.compile(r"^[ \d]{6} (?P<code>.*)$")
# Block comments, and how each ends.
# (Matlab's `%{` opens a block alone on its line, closed by a `%}` line; Elixir's opens a map)
BLOCK_OPEN = re.compile(r"^\s*(?P<open>#\[=*\[|/\*|\{-|%\{(?=\s*$)|\(\*|<!--)")
BLOCK_CLOSE = {"#[": re.compile(r"\]=*\]"), "/*": re.compile(r"\*/"), "{-": re.compile(r"-\}")}
BLOCK_CLOSE.update({"%{": re.compile(r"%\}"), "(*": re.compile(r"\*\)")})
BLOCK_CLOSE["<!--"] = re.compile(r"-->")
BULLET = re.compile(r"^(?:[-*•+]|\d{1,3}[.)])\s+")
# A comment that opens what a retro found, not its filing: "findings:", "cause (…):".
FOUND_LABEL = re.compile(
    r"^(?:findings?|causes?|root cause|lessons?|fix(?:es)?|actions?|decisions?|retracted"
    r"|withdrawn|learned)\b[^:\n]{0,40}:",
    re.I,
)
STRING = re.compile(r"\"(?P<dq>(?:[^\"\\\n]|\\.){0,2000})\"|(?<![\w&])'(?P<sq>[^'\n]{0,2000})'")
NAME = r"[A-Za-z_][\w.\-]{0,80}"
LITERAL = (
    r"(?:-?\d[\d_]{0,20}(?:\.\d{1,20})?(?:[eE][-+]?\d{1,3})?"
    r"|\"[^\"\n]{0,200}\"|'[^'\n]{0,200}'|true|false|on|off|yes|no)"
)
# `[declaring words] NAME [: Type] = literal [;]`: a named value in most languages.
ASSIGN = re.compile(
    rf"^(?:[a-z]{{2,12}}\s+){{0,3}}(?P<key>{NAME})(?:\s*::?\s*[\w&<>\[\]]{{1,40}}\s*)?"
    rf"\s*(?::=|<-|\?=|(?<![=!<>])=(?!=))\s*(?P<value>{LITERAL})\s*[;,]?\s*$",
    re.I,
)
# `[declaring words] NAME = {…}` / `[…]` / `(…)`: a named table or list of values (a literal
# of keys and numbers, a call on it after: `{"300mm": 0.3}.toTable`).
COLLECTION = re.compile(
    rf"^(?:[a-z]{{2,12}}\s+){{0,3}}(?P<key>{NAME})(?:\s*::?\s*[\w&<>\[\]]{{1,40}}\s*)?"
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
LABEL = re.compile(r"^[A-Za-z][\w ()/&-]{0,30}\s?:")  # "OWNER  :", "Cause:" open a unit
# A value given in a form not read here (a keyed or indexed name, a list): the program
# readers tell it in the program's own form
UNREAD_VALUE = re.compile(r"(?<![=!<>])=(?!=)\s*[-\d\[{\"']")
FIELD = re.compile(r"[\w\]'\"]\s{0,8}:\s*$")  # `text: "…"`, `"key": "…"`: a field's value
ENDS = (".", "!", "?", ";", ":")  # a comment line ending so ends its sentence
# A comparison in code (strings taken out): `<=`, `>=`, `==`, `!=`, `/=`, `~=`, ` < `, ` > `.
COMPARES = re.compile(r"<=|>=|==|!=|/=|~=|\s[<>]\s")
EQUALS = re.compile(r"(?<![:<>!=/+*\-])=(?![=>])")
STATEMENT_ENDS = (";", "{", "}", ",", ":", "=", "(", "[")
BLOCK_OPENS = re.compile(r"\b(?:then|do|begin|else|is)\s*$", re.I)  # a block's lines go on
OPENING = re.compile(r"^\s*[A-Za-z_][\w.:!]{0,60}")  # a statement opens on a name
# A here-document opened at a line's end (`$note = <<<EOT`, `cat <<-'EOF'`): its lines,
# up to the one that is its tag alone, are a string as written.
HEREDOC = re.compile(
    r"(?:<<<[ \t]{0,4}|<<[-~]?)(?P<q>[\"']?)(?P<tag>[A-Z][A-Z0-9_]{1,30})(?P=q)\s*[;,)]{0,3}\s*$"
)
# A condition's keyword opening a block of a check.
CONDITION = re.compile(r"^\s*(?:\}\s*)?(?:if|elif|elsif|else\s+if|unless|when)\b", re.I)
# A message worded as a rule ("never release an untested lot", "always …", "do not …"):
# what the check enforces, told as a lesson would tell it, not the reading it failed on.
RULE = re.compile(r"^\W{0,3}(?:never|always|do not|don't|must not|must)\b", re.I)
# A key and its numbers, as a directive config sets one (`furnace-setpoint 2140`).
KEY_NUMBERS = re.compile(r"^[a-z][a-z0-9]*(?:[-_][a-z0-9]+)+(?:\s+-?\d[\d.]*){1,4}$", re.I)
PROSE_RUN = re.compile(r"[A-Za-z][\w'’-]{0,40}(?:,? [A-Za-z0-9][\w'’.-]{0,40}){4}")
CODE_PUNCTUATION = re.compile(r"(?<![<>!])=|[{};]\s*$|[{}]|\(\)")
MARGIN = re.compile(r"^\s*\*(?!/)")  # a `/** … */` block's ` * ` margin
# A line of a directive config (`interface Furnace0/1`, `no winding-tension 55`): it
# opens on a lower-case keyword.
DIRECTIVE = re.compile(r"^\s*[a-z][\w-]{1,40}(?:\s|$)")
DIRECTIVE_SHARE = 0.6  # of its lines that are no comment
# A directive's words that are a sentence (`description Change the muffle at 350 h; …`,
# a banner's ` Tower 2: check the argon purge first.`): prose, not code.
PROSE = re.compile(r"^\s*(?:[a-z][\w-]{1,40}\s+)?(?P<said>[A-Z][^\n]{0,2000})$")


def _mark(lines: list[str]) -> str | None:
    """The line-comment mark most of the text's whole-line comments open with."""
    counts: Counter[str] = Counter()
    for line in lines:
        stripped = line.lstrip()
        for mark in MARKS:
            if stripped.startswith(mark):
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


def _strings(code: str) -> list[tuple[int, int, str]]:
    return [
        (m.start(), m.end(), m["dq"] if m["dq"] is not None else m["sq"])
        for m in STRING.finditer(code)
    ]


def _trailing(code: str, mark: str | None) -> tuple[str, str]:
    """A code line split at its own comment (the mark after a space, outside strings)."""
    if mark is None:
        return code, ""
    spans = _strings(code)
    at = 0
    while (at := code.find(mark, at)) >= 0:
        inside = any(start <= at < end for start, end, _ in spans)
        if not inside and (at == 0 or code[at - 1] in " \t"):
            return code[:at].rstrip(), code[at + len(mark) :].strip().lstrip(mark[:1]).strip()
        at += len(mark)
    return code, ""


def _unquoted(value: str) -> str:
    value = value.strip()
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
        return value[1:-1]
    return value


def _setting(code: str, note: str, *, aside: bool) -> Setting | None:
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


def _said(code: str, known: dict[str, str]) -> str:
    """The sentence a statement hands to a call or a command in a string, its settings
    put in; empty when it says none, assigns, or leaves a placeholder unfilled."""
    if OPENING.match(code) is None:
        return ""
    spans = _strings(code)
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


def _block_line(items: list[Item], words: str) -> None:
    """A block comment's line: a bullet or a label opens a unit, other lines go on."""
    words = words.strip()
    if not words:
        items.append(Said("", comment=True))
        return
    if BULLET.match(words):
        items.append(Said(BULLET.sub("", words), comment=True))
        return
    last = items[-1] if items else None
    if (
        isinstance(last, Said)
        and last.comment
        and last.text
        and not last.text.endswith(":")
        and not FOUND_LABEL.match(words)  # "Findings:", "Cause:" open a unit of their own
    ):
        items[-1] = Said(f"{last.text} {words}", comment=True)
    else:
        items.append(Said(words, comment=True))


def _line_comment(items: list[Item], said: str) -> None:
    """A line comment: a bullet or a label of what was found opens a unit of its own
    (after a blank, which ends the comment block a title opens: what follows is found,
    not filing); other lines go on as a script's comments do."""
    words = said.strip()
    if BULLET.match(words) or FOUND_LABEL.match(words):
        items.append(Said("", comment=True))
        items.append(Said(BULLET.sub("", words), comment=True))
        return
    if words and not LETTERS.search(words):  # a banner: what follows is apart
        items.append(Said("", comment=True))
        return
    last = items[-1] if items else None
    if (
        words
        and isinstance(last, Said)
        and last.comment
        and LETTERS.search(last.text)
        and not LABEL.match(words)
        and not last.text.rstrip().endswith(ENDS)
    ):  # a line that goes on a sentence the one before left open
        items[-1] = Said(f"{last.text} {words}", comment=True)
        return
    _comment(items, said)


def _parsed(text: str) -> tuple[bool, str | None, list[tuple[str, str]]] | None:
    """A program text's lines, each a comment, a block comment's line or a statement
    (COBOL's joined to its full stop), with whether it is COBOL and its comment mark; None
    when it is no program."""
    if len(text) > BOUND:
        return None
    lines = text.splitlines()
    cobol = _cobol(lines)
    if not cobol and not is_program(text) and not _directives(lines):
        return None
    mark = None if cobol else _mark(lines)
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
        if opened is not None:
            key = opened["open"][:2] if opened["open"] != "<!--" else "<!--"
            rest = line[opened.end() :]
            margin = key == "/*"
            rest = rest.lstrip("*") if margin else rest  # `/**` opens a doc block
            end = BLOCK_CLOSE[key].search(rest)
            code.append(("block", rest[: end.start()] if end else rest))
            closing = None if end else BLOCK_CLOSE[key]
            continue
        stripped = line.strip()
        if mark is not None and stripped.startswith(mark):
            code.append(("comment", stripped[len(mark) :].lstrip(mark[:1])))
            continue
        code.append(("code", line.rstrip()))  # its indent kept: a deeper line goes on
        opened_here = HEREDOC.search(line)
        if opened_here is not None and last.get(opened_here["tag"], -1) > n:
            here = opened_here["tag"]  # closed further down: a here-document, not `x << BITS`
    if statement:
        code.append(("code", statement))
    return cobol, mark, code


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


def _labels_findings(code: list[tuple[str, str]]) -> bool:
    """A comment of the program opens on a label of what was found ("findings:", "# cause:",
    "* FINDING :"): its comments are findings, not a story told beside its values."""
    return any(
        kind != "code" and FOUND_LABEL.match(BULLET.sub("", body.strip())) for kind, body in code
    )


def code_lines(text: str, *, labelled: bool = False) -> list[Item] | None:
    """The program text's lines read by form (module docstring), or None when it is no
    program, or no statement of it says a sentence and it is no COBOL layout. `labelled`:
    None too when no comment of it labels what was found (`_labels_findings`), read from
    the same parse."""
    parsed = _parsed(text)
    if parsed is None:
        return None
    directives = not parsed[0] and not is_program(text)  # read by its lines, as no other
    if labelled and not directives and not _labels_findings(parsed[2]):
        return None
    cobol, mark, code = parsed
    items: list[Item] = []
    known: dict[str, str] = {}
    for kind, body in code:
        if kind == "code":
            live, note = _trailing(body.strip(), mark)
            if (setting := _setting(live, note, aside=False)) is not None:
                known[setting.key] = setting.value
    printed = elsewhere = 0
    before = (
        ""  # the code line before: a check a message goes on (`assert x <= MAX` ⏎ `report "…"`)
    )
    for kind, line in code:
        body = line.strip()
        if kind == "block":
            _block_line(items, body)
            continue
        if kind == "here":  # a here-document's line: prose as a block comment's, or code
            prose = bool(body) and not code_line(body) and _filled(body, known)
            if prose and (prose_sentence(body) or _goes_on_prose(items)):  # no template
                _block_line(items, body)
            else:
                _break(items)
            continue
        if kind == "comment":
            inner, note = _trailing(body.strip(), mark)
            if (setting := _setting(inner, note, aside=True)) is not None:
                items.append(setting)
            elif _commented_code(inner):  # an old line kept for the record: no finding
                _break(items)
            else:
                _line_comment(items, body)
            continue
        live, note = _trailing(body, mark)
        setting = _setting(live, note, aside=False)
        checked = (
            _checks(live)
            or (_goes_on(before, line) and _checks(before, alone=True))
            or (_guarded(before, line) and not _rules(live))
        )
        before = line if body else before
        if checked:  # the words a failed check says: an alarm, not what was found
            items.append(Said("", comment=True))
        elif setting is not None and _sentence(setting.value):
            items.append(Said(setting.value, comment=False))  # a finding's text, a cause
        elif setting is not None:
            items.append(setting)
            elsewhere += COLLECTION.match(live) is not None  # a table: data, as before
        elif said := _said(live, known):
            items.append(Said(said, comment=False))
            printed += 1
        elif (sentence := _prose(live)) is not None:
            items.append(Said("", comment=True))
            items.append(Said(sentence, comment=True))
        else:
            items.append(Said("", comment=True))
            elsewhere += sum(
                _sentence(text) and _filled(text, known) for _, _, text in _strings(live)
            )
            elsewhere += UNREAD_VALUE.search(live) is not None  # `s["k"] = 10`, `K = [5 7]`
    # findings kept in data (a record's fields) are the program readers'
    # (`agentmem.harvest.codelessons`): read so, they would be lost. A program whose
    # statements say nothing and keep nothing in data, its comments labelling what was
    # found (a jq filter's `# Finding:` lines above its `def`s), is read by its lines too
    told = printed or directives or _labels_findings(code)
    return items if cobol or (told and printed >= elsewhere) else None


def _commented_code(words: str) -> bool:
    """A comment that is a line of code put aside (`furnace-setpoint 2140   <- old`,
    `x = f(3);`), its note after an arrow left out: code signs or a key and its numbers,
    and no run of prose."""
    head = re.split(r"\s<-|\s//\s|\s#\s", words, maxsplit=1)[0].strip()
    if PROSE_RUN.search(head) is not None or not head:
        return False
    return KEY_NUMBERS.match(head) is not None or re.search(r"[=(){}\[\];]", head) is not None


def _goes_on_prose(items: list[Item]) -> bool:
    """The unit before is prose its line left open (a here-document's sentence wraps)."""
    last = items[-1] if items else None
    return isinstance(last, Said) and last.comment and bool(last.text)


def _break(items: list[Item]) -> None:
    items.append(Said("", comment=True))


def _prose(code: str) -> str | None:
    """The sentence a statement is, its string-less words read as prose (a directive's
    `description …`, a banner's line), or None: a line of code, or too few words."""
    match = PROSE.match(code)
    if match is None or _strings(code):
        return None
    said = match["said"].strip()
    # a comparison in a sentence ("1550 nm <= 0.20 dB/km") is the sentence's; an
    # assignment, a statement's end or a block is code
    if code_line(code) and CODE_PUNCTUATION.search(said) is not None:
        return None
    ended = said.endswith((".", "!", "?")) and _sentence(said)  # "Ship limits: … dB/km."
    return said if prose_sentence(said) or ended else None


def _filled(text: str, known: dict[str, str]) -> bool:
    """A string says its words as they stand, or with settings of the program put in: a
    template holding a field no setting fills (jq's `"\\(.lot) gel time \\(.gel_time_s) s"`,
    a loop's `%s`) says no finding, in data or printed."""
    for match in PLACEHOLDER.finditer(text):
        name = next((g for g in match.group("a", "b", "c", "d", "e", "f") if g), "")
        if name.rsplit(".", 1)[-1] not in known:
            return False
    return True


def _unstrung(code: str) -> str:
    """A code line with its strings taken out."""
    for start, end, _ in reversed(_strings(code)):
        code = f"{code[:start]} {code[end:]}"
    return code


def _checks(code: str, *, alone: bool = False) -> bool:
    """A statement that compares before the string it hands (`doAssert d <= MAX, "…"`,
    `if .x == null then error("…")`): its string is what the check says when it fails.
    `alone`: a line of a check whose message the next line gives, where a lone `=` compares
    too (`assert flushed = '1'`)."""
    spans = _strings(code)  # up to the last string: `if ($lot['fe'] > MAX) { throw …("…")`
    if not spans and not alone:
        return False  # it hands no words
    head = _unstrung(code[: spans[-1][0]]) if spans and not alone else _unstrung(code)
    return COMPARES.search(head) is not None or (alone and EQUALS.search(head) is not None)


def _rules(code: str) -> bool:
    """A string the line hands is worded as a rule (`RULE`): the check's message is the
    lesson the check keeps, a finding as a printed one is (a Dart retro's `throw
    StateError('never run production rope after a long stop without the leader rope')`)."""
    return any(RULE.match(text) is not None for _, _, text in _strings(code))


def _guarded(before: str, line: str) -> bool:
    """The line is the first of a block a condition opens (`if ($pct > 0.30) {` ⏎ `throw
    new RuntimeException("…")`): what it hands is the check's message."""
    if not before.strip() or not (
        before.rstrip().endswith(("{", ":")) or BLOCK_OPENS.search(before)
    ):
        return False
    if CONDITION.search(before) is None or COMPARES.search(_unstrung(before)) is None:
        return False
    return len(line) - len(line.lstrip()) > len(before) - len(before.lstrip())


def _goes_on(before: str, line: str) -> bool:
    """The line goes on the statement of the code line before: indented deeper, and that
    line neither ended its statement nor opened a block."""
    if not before.strip() or before.rstrip().endswith(STATEMENT_ENDS):
        return False
    if BLOCK_OPENS.search(before) is not None:
        return False
    return len(line) - len(line.lstrip()) > len(before) - len(before.lstrip())


def _sentence(text: str) -> bool:
    return len(LETTERS.findall(text)) >= SAID_WORDS
