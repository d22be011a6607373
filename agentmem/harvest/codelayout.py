"""A program retro laid out in a form of its language's own, put in the form the line
readers take (`agentmem.harvest.codeparse`): comments in a line mark, statements and
named values one a line.

Three layouts have been seen whose lines the readers could not take apart, so that the
retro was read as one paragraph, a finding run together with its owner and the
settings after it, and what it held was never written:

- a numbered program (BASIC's `80 REM FINDING 3: …`, `100 LET SALTCAKE = 7.5 : ' why`):
  a line's number is where it sits, nothing it says; `REM` is the keyword form of the
  `'` mark, and the `:` before a remark ends the statement, not the value;
- a graph query script (Cypher's `CREATE (:Finding {text: '…'})-[:CAUSED_BY]->(:Cause
  {text: '…'})`, `MERGE (s:Setting {name: 'k'}) SET s.value = 12`): a node's text is
  what it says (its cause going on it), a setting node's properties named values of its
  name; one set deprecated (`SET s.deprecated = true`) a value put aside, as is one
  commented out; the file's own record (`:Retro`), its parameters and constraints say
  nothing found, and its block comments are read as any program's;
- a Smalltalk fileout: chunks ended by `!`, comments in double quotes, a method a
  selector on its line and its body under it. A method answering a literal (`dryerMoistureTargetPct ⏎ ^ 8.0`)
  is a named value; one said deprecated (`self deprecated: 'HA-1 gone …'. ⏎ ^ 0.0`) is
  a value put aside, no lesson: its message, the reason, is said as a comment; a comment
  holding a method (`"moistureCorrection ⏎ ^ -0.4"`) is the value it replaced; a
  message sent with a string (`Transcript show: 'Finding: …'`) says that string.

Every pattern is bounded; a text past `BOUND` is not read (`codeparse` checks it).
"""

from __future__ import annotations

import re
from itertools import pairwise

# --- numbered programs ---------------------------------------------------------------
NUMBERED = re.compile(r"^[ \t]{0,8}\d{1,6}[ \t]+(?=\S)")
NUMBERED_SHARE = 0.8  # of the text's lines that are not blank, their numbers rising
NUMBERED_LINES = 5  # at least: a short numbered list is no program
REMARK = re.compile(r"^(\s*)REM(?:[ \t]+|$)", re.I)
# `PRINT "HOT END COATING "; CMIN; "-"; CMAX; " CTU …"`: one sentence, its values named in
# it, not its longest piece alone ("CTU …", which no search for the coating found)
JOINED = re.compile(r'\s*"\s*;\s*(?P<name>[A-Za-z]\w{0,30}\$?)\s*;\s*"\s*')
SEPARATOR = re.compile(r"[ \t]*:[ \t]*(?=')")  # `LET X = 4 : ' why`: the remark's own statement

# --- Smalltalk fileouts ----------------------------------------------------------------
CHUNK_END = re.compile(r"!\s*$")
METHODS_FOR = re.compile(r"^!\s*[\w ]{1,80}\bmethodsFor:\s*'[^'\n]{0,200}'\s*!\s*$")
SELECTOR = re.compile(r"^(?P<name>[a-z]\w{0,80})\s*$")  # a unary method's selector
ANSWER = re.compile(r"^\^\s*(?P<value>-?\d[\d_.]{0,30}|'[^'\n]{0,400}')\s*\.?\s*$")
DEPRECATED = re.compile(r"^self\s+deprecated:\s*'(?P<why>[^'\n]{0,400})'\s*\.?\s*$")
SENT_STRING = re.compile(
    r"^(?P<to>[A-Za-z]\w{0,40})\s+(?P<key>[a-z]\w{0,40}):\s*(?P<said>'[^'\n]{0,2000}')"
)
COMMENT = re.compile(r'"(?P<said>[^"]{0,4000})"')
MARK = "//"  # the line mark the fileout's comments are written in (a `#` opens its symbols)
MIN_CHUNKS = 3


def unnumbered(text: str) -> str:
    """A numbered program's text without its line numbers, its `REM` remarks in the `'`
    mark; any other text as it is (the same object)."""
    lines = text.splitlines()
    shaped = [line for line in lines if line.strip()]
    numbers = [int(m[0]) for line in shaped if (m := NUMBERED.match(line)) is not None]
    rising = all(a < b for a, b in pairwise(numbers))
    if len(numbers) < NUMBERED_LINES or len(numbers) < NUMBERED_SHARE * len(shaped) or not rising:
        return text
    bare = (NUMBERED.sub("", line) for line in lines)
    return "\n".join(
        JOINED.sub(r" \g<name> ", SEPARATOR.sub(" ", REMARK.sub(r"\1' ", line))) for line in bare
    )


def is_fileout(text: str) -> bool:
    """Laid out as a Smalltalk fileout: chunks ended by `!`, one opening methods."""
    lines = text.splitlines()
    ended = sum(CHUNK_END.search(line) is not None for line in lines)
    return ended >= MIN_CHUNKS and any(METHODS_FOR.match(line.strip()) for line in lines)


def fileout_lines(text: str) -> str:
    """A Smalltalk fileout as `//` comments and statements (module docstring); any other
    text as it is (the same object)."""
    if not is_fileout(text):
        return text
    out: list[str] = []
    in_methods = False
    for chunk in _chunks(text):
        head = chunk.strip()
        if METHODS_FOR.match(head + ("" if head.endswith("!") else "!")):
            in_methods = True
            continue
        if not head or head == "\0":
            in_methods = in_methods and head != "\0"  # `! !` ends the methods
            continue
        if in_methods:
            out += ["", *_method(head)]
        elif COMMENT.fullmatch(head):  # a comment chunk (the title's)
            out += ["", *_comment(head)]
        # a class's definition (`Object subclass: #Lot …`) says nothing found
    return "\n".join(out).strip() + "\n"


def _chunks(text: str) -> list[str]:
    """The fileout's chunks: text up to a `!` ending its line; a methods section's end
    (`! !`) as the mark "\\0"."""
    chunks: list[str] = []
    current: list[str] = []
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("!") and METHODS_FOR.match(stripped):
            chunks.append(stripped)
            continue
        if CHUNK_END.search(line):
            body = CHUNK_END.sub("", line)
            ends_section = body.rstrip().endswith("!")
            current.append(body.rstrip().rstrip("!"))
            chunks.append("\n".join(current))
            current = []
            if ends_section:
                chunks.append("\0")
            continue
        current.append(line)
    if "".join(current).strip():
        chunks.append("\n".join(current))
    return chunks


def _comment(said: str) -> list[str]:
    """A comment's lines in the line mark; one holding a method is the value it was."""
    inner = COMMENT.fullmatch(said.strip())
    words = inner["said"] if inner else said
    method = _value(words.strip().splitlines())
    if method is not None:
        return [f"{MARK} {method[0]} = {method[1]}"]
    return [f"{MARK} {line.strip()}" for line in words.splitlines() if line.strip()]


def _value(lines: list[str]) -> tuple[str, str] | None:
    """A unary method answering a literal (`name ⏎ ^ 8.0`): its name and value."""
    lines = [line.strip() for line in lines if line.strip()]
    if len(lines) != 2 or (name := SELECTOR.match(lines[0])) is None:
        return None
    answer = ANSWER.match(lines[1])
    return None if answer is None else (name["name"], answer["value"])


def _method(chunk: str) -> list[str]:
    """A method chunk (or a comment between methods) as lines the readers take."""
    if COMMENT.fullmatch(chunk):
        return _comment(chunk)
    lead = COMMENT.match(chunk)  # a comment before the method (an old one kept): its own
    if lead is not None and chunk[lead.end() :].strip():
        return [*_comment(lead[0]), *_method(chunk[lead.end() :].strip())]
    lines = chunk.splitlines()
    name = SELECTOR.match(lines[0].strip())
    body = [line.strip() for line in lines[1:] if line.strip()]
    notes = [m["said"].strip() for line in body if (m := COMMENT.fullmatch(line))]
    said = [line for line in body if not COMMENT.fullmatch(line)]
    answers = [m["value"] for line in said if (m := ANSWER.match(line))]
    why = [m["why"] for line in said if (m := DEPRECATED.match(line))]
    if name is not None and len(answers) == 1 and len(said) == 1 + len(why):
        note = f"  {MARK} {'; '.join(notes)}" if notes else ""
        if why:  # said deprecated: a value put aside, its reason a comment
            return [f"{MARK} {name['name']} = {answers[0]}", f"{MARK} {why[0]}"]
        return [f"{name['name']} = {answers[0]}{note}"]
    out = [f"{lines[0].strip()}"]
    for line in body:
        if (comment := COMMENT.fullmatch(line)) is not None:
            out.append(f"{MARK} {comment['said'].strip()}")
        elif (sent := SENT_STRING.match(line)) is not None and sent["to"] != "self":
            out.append(f"    {sent['to']}.{sent['key']}({sent['said']});")
        else:
            out.append(f"    {line}")
    return out


# --- graph query scripts ---------------------------------------------------------------
GRAPH = re.compile(r"^\s*(?:CREATE|MERGE|MATCH)\s*\(", re.M)
GRAPH_LINES = 2
NODE_TEXT = re.compile(
    r"^(?P<lead>\s*(?:CREATE|MERGE)\s*)?(?:-\[:\w{1,40}\]->)?\s*\(\w{0,20}:(?P<kind>\w{1,40})"
    r"\s*\{\s*text:\s*'(?P<said>[^'\n]{0,2000})'\s*\}\)"
)
SET_NODE = re.compile(
    r"^\s*MERGE\s*\((?P<var>\w{1,20}):\w{1,40}\s*\{\s*name:\s*'(?P<name>[\w.-]{1,80})'\s*\}\)"
    r"\s*SET\s+(?P<props>[^;\n]{0,2000});?\s*(?://\s*(?P<note>.{0,400}))?$"
)
PROPERTY = re.compile(
    r"(?P<var>\w{1,20})\.(?P<key>\w{1,40})\s*=\s*(?P<value>'[^'\n]{0,400}'|[^,;\s]{1,60})"
)
FILED = ("Retro",)  # the file's own record: its date, scope, author


def graph_lines(text: str) -> str:
    """A graph query script as statements and comments the line readers take (module
    docstring); any other text as it is (the same object)."""
    if len(GRAPH.findall(text)) < GRAPH_LINES:
        return text
    out: list[str] = []
    for line in text.splitlines():
        stripped = line.strip()
        aside = stripped.startswith("//")
        code = stripped[2:].strip() if aside else stripped
        if (setting := SET_NODE.match(code)) is not None:
            out += _graph_setting(setting, aside=aside)
        elif not aside and (node := NODE_TEXT.match(code)) is not None:
            related = code.startswith("-[") and out and out[-1].endswith("');")
            if related:  # `-[:CAUSED_BY]->(:Cause {text: …})`: goes on the node before
                out[-1] = f"{out[-1][:-3].rstrip('.')}. {node['kind']}: {node['said']}');"
            elif node["kind"] not in FILED:
                out.append(f"{node['kind']}('{node['said']}');")
        elif aside or stripped.startswith(("/*", "*")) or not GRAPH_CODE.match(stripped):
            out.append(line)  # a comment, a block comment's line, prose
        else:
            out.append("")  # a parameter, a constraint, the file's own record
    return "\n".join(out)


GRAPH_CODE = re.compile(r"^(?::param|CREATE|MERGE|MATCH|FOR|REQUIRE|WITH|RETURN|-\[|\))")


def _graph_setting(setting: re.Match[str], *, aside: bool) -> list[str]:
    """A setting node's properties as named values of its name (module docstring)."""
    props = [(m["key"], m["value"]) for m in PROPERTY.finditer(setting["props"])]
    if any(key == "deprecated" and value == "true" for key, value in props):
        return [f"// {setting['name']} = deprecated"]
    note = f"  // {setting['note']}" if setting["note"] else ""
    mark = "// " if aside else ""
    named = [
        f"{mark}{setting['name'] if key == 'value' else setting['name'] + '_' + key} = {value}{note}"
        for key, value in props
    ]
    return named


def relaid(text: str) -> str:
    """The text in the form the line readers take when it is laid out in one of its own
    (a numbered program, a Smalltalk fileout); any other text as it is (the same object)."""
    for layout in (unnumbered, fileout_lines, graph_lines):
        if (laid := layout(text)) is not text:
            return laid
    return text
