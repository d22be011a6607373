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
  a block comment (`#[[ … ]]`, `/* … */`, `{- … -}`), apart from the comments before it (a
  title's line comments do not swallow its findings), a bullet opening a unit of its own
  and its deeper lines going on it ("Cause: …" under "1. …" is that item's cause, not a
  fragment), a label naming people only ("Owner: H. Lind (press shop)") opening one,
  whole, so the sentence after it is not run into the finding before it, and any label
  after a labelled unit; in prose a label goes on the sentence before ("The old gauge
  went back. ⏎ New gauge: …" tells what the new one replaces);
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

The text is read into lines by `agentmem.harvest.codeparse`, a statement's named value or
said string by `agentmem.harvest.codevalues`, a check's message by
`agentmem.harvest.codechecks`; this module weighs them into the items a retro holds.
"""

from __future__ import annotations

import re

from agentmem.harvest.codechecks import goes_on, is_check, is_guarded, worded_as_rule
from agentmem.harvest.codelayout import relaid
from agentmem.harvest.codeparse import read_lines, split_comment, string_spans
from agentmem.harvest.codevalues import (
    COLLECTION,
    LETTERS,
    PLACEHOLDER,
    is_filled,
    named_value,
    said_string,
    says_sentence,
)
from agentmem.harvest.programtext import code_line, is_program
from agentmem.harvest.programtext import is_sentence as prose_sentence
from agentmem.harvest.scriptlines import FILING, Item, Said, _comment

__all__ = ["PLACEHOLDER", "code_lines"]  # PLACEHOLDER: where the checks' tests read it

BULLET = re.compile(r"^(?:[-*•+]|\d{1,3}[.)])\s+")
# A comment that opens what a retro found, not its filing: "findings:", "cause (…):",
# "Pattern: …" (what runs showed again and again: a Vim retro's were never read).
FOUND_LABEL = re.compile(
    r"^(?:findings?|causes?|root cause|lessons?|patterns?|fix(?:es)?|actions?|decisions?|retracted"
    r"|withdrawn|learned)\b[^:\n]{0,40}:",
    re.I,
)
LABEL = re.compile(r"^[A-Za-z][\w ()/&-]{0,30}\s?:")  # "OWNER  :", "Cause:" open a unit
# A value given in a form not read here (a keyed or indexed name, a list): the program
# readers tell it in the program's own form
UNREAD_VALUE = re.compile(r"(?<![=!<>])=(?!=)\s*[-\d\[{\"']")
ENDS = (".", "!", "?", ";", ":")  # a comment line ending so ends its sentence
# A key and its numbers, as a directive config sets one (`furnace-setpoint 2140`).
KEY_NUMBERS = re.compile(r"^[a-z][a-z0-9]*(?:[-_][a-z0-9]+)+(?:\s+-?\d[\d.]*){1,4}$", re.I)
PROSE_RUN = re.compile(r"[A-Za-z][\w'’-]{0,40}(?:,? [A-Za-z0-9][\w'’.-]{0,40}){4}")
CODE_PUNCTUATION = re.compile(r"(?<![<>!])=|[{};]\s*$|[{}]|\(\)")
# A directive's words that are a sentence (`description Change the muffle at 350 h; …`,
# a banner's ` Tower 2: check the argon purge first.`): prose, not code.
KEYED = re.compile(r"^\{\s*[\"']?[A-Za-z_]\w{0,40}[\"']?\s*:\s*[-\d\"'.]")  # `{'do_min': 4.0, …}`
# A line that is one string of a list (`'("PA-58 skins … 60 C now"`, `"…",`): the list's
# item, said as written (a Lisp's list of findings the program prints one by one).
LIST_ITEM = re.compile(r"^\s*'?\(?\s*\"(?P<said>[^\"\n]{1,2000})\"\s*\)*\s*,?\s*$")
PROSE = re.compile(r"^\s*(?:[a-z][\w-]{1,40}\s+)?(?P<said>[A-Z][^\n]{0,2000})$")


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
        and not _opens_fields(last.text, words)
        and FILING.match(last.text) is None  # "Owner: H. Lind (press shop)" is whole
    ):
        items[-1] = Said(f"{last.text} {words}", comment=True)
    else:
        items.append(Said(words, comment=True))


def _opens_fields(before: str, words: str) -> bool:
    """A label opens a unit of a block comment when it names people only ("Owner: H. Lind")
    or when the unit before opened with a label too (fields in a row, as line comments give
    them); in prose ("The old gauge went back. ⏎ New gauge: …") it goes on the sentence
    before, which tells what it replaces."""
    return bool(LABEL.match(words)) and bool(FILING.match(words) or LABEL.match(before))


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
    parsed = read_lines(text)
    if parsed is None:
        return None
    directives = not parsed[0] and not is_program(text)  # read by its lines, as no other
    # laid out in a form of its own, it is read by its lines whatever its comments say: a
    # reader of prose ran its lines together (`agentmem.harvest.codelayout`)
    own_layout = relaid(text) is not text
    if labelled and not directives and not own_layout and not _labels_findings(parsed[2]):
        return None
    cobol, mark, code = parsed
    items: list[Item] = []
    known: dict[str, str] = {}
    for kind, body in code:
        if kind == "code":
            live, note = split_comment(body.strip(), mark)
            if (setting := named_value(live, note, aside=False)) is not None:
                known[setting.key] = setting.value
    printed = elsewhere = 0
    before = (
        ""  # the code line before: a check a message goes on (`assert x <= MAX` ⏎ `report "…"`)
    )
    under = -1  # the indent of the bullet a block comment's unit opened on
    for kind, line in code:
        body = line.strip()
        if kind == "block":
            indent = len(line) - len(line.lstrip())
            if body and 0 <= under < indent and _goes_on_prose(items):
                _go_on(items, body)  # a bullet's deeper line ("Cause: …" under "1. …") is its
                continue
            under = indent if BULLET.match(body) else -1
            _block_line(items, body)
            continue
        under = -1
        if kind == "here":  # a here-document's line: prose as a block comment's, or code
            prose = bool(body) and not code_line(body) and is_filled(body, known)
            if prose and (prose_sentence(body) or _goes_on_prose(items)):  # no template
                _block_line(items, body)
            else:
                _break(items)
            continue
        if kind == "comment":
            inner, note = split_comment(body.strip(), mark)
            if (setting := named_value(inner, note, aside=True)) is not None:
                items.append(setting)
            elif _commented_code(inner):  # an old line kept for the record: no finding
                _break(items)
            else:
                _line_comment(items, body)
            continue
        live, note = split_comment(body, mark)
        setting = named_value(live, note, aside=False)
        checked = (
            is_check(live)
            or (goes_on(before, line) and is_check(before, alone=True))
            or (is_guarded(before, line) and not worded_as_rule(live))
        )
        before = line if body else before
        if checked:  # the words a failed check says: an alarm, not what was found
            items.append(Said("", comment=True))
        elif setting is not None and says_sentence(setting.value) and not _keyed(setting.value):
            items.append(Said(setting.value, comment=False))  # a finding's text, a cause
        elif setting is not None:
            items.append(setting)
            elsewhere += COLLECTION.match(live) is not None  # a table: data, as before
        elif (item := LIST_ITEM.match(live)) is not None and says_sentence(item["said"]):
            items.append(Said(item["said"], comment=False))  # a list's item, said as written
            printed += 1
        elif said := said_string(live, known):
            items.append(Said(said, comment=False))
            printed += 1
        elif (sentence := _prose(live)) is not None:
            items.append(Said("", comment=True))
            items.append(Said(sentence, comment=True))
        else:
            items.append(Said("", comment=True))
            elsewhere += sum(
                says_sentence(text) and is_filled(text, known) for _, _, text in string_spans(live)
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


def _keyed(value: str) -> bool:
    """A table of keys and values (`{'do_min': 4.0, 'sal_min': 10}`): data, no sentence."""
    return KEYED.match(value) is not None


def _go_on(items: list[Item], words: str) -> None:
    """The unit before goes on with `words` (`_goes_on_prose` said it is prose)."""
    last = items[-1]
    assert isinstance(last, Said)
    items[-1] = Said(f"{last.text} {words}", comment=True)


def _break(items: list[Item]) -> None:
    items.append(Said("", comment=True))


def _prose(code: str) -> str | None:
    """The sentence a statement is, its string-less words read as prose (a directive's
    `description …`, a banner's line), or None: a line of code, or too few words."""
    match = PROSE.match(code)
    if match is None or string_spans(code):
        return None
    said = match["said"].strip()
    # a comparison in a sentence ("1550 nm <= 0.20 dB/km") is the sentence's; an
    # assignment, a statement's end or a block is code
    if code_line(code) and CODE_PUNCTUATION.search(said) is not None:
        return None
    ended = said.endswith((".", "!", "?")) and says_sentence(said)  # "Ship limits: … dB/km."
    return said if prose_sentence(said) or ended else None
