"""A retro kept as SQL (a migration, a database dump), read as the rows it writes.

Some teams keep their retro in the database their tools read, and commit it as SQL: a
migration that inserts the week's items, a `pg_dump` of the retro tables. Read as text its
rows were one paragraph of quotes and commas, and the whole file one lesson the writer
refused (or a few `CREATE TABLE` statements read as lessons). `records` reads the rows:

- `INSERT INTO items (kind, text, cause) VALUES (…), (…);` gives a record per row, its
  values named by the columns (a row of no column list is not read: its values have no
  names);
- `COPY items (kind, body, …) FROM stdin;` and the tab-separated lines after it, up to
  `\\.`, give one each (`\\N` is no value);
- `UPDATE items SET text = '…' WHERE …;` sets an earlier row right: a record that
  corrects, its fields those it sets;
- a row's `supersedes` / `supersedes_id` / `replaces` column names the row it replaces.

A row's kind is its kind column, else its table's name ("decisions"); every other
statement (a schema, a `SET`, a `DELETE` of a migration's way down) and comments are no
rows. The text is read once, statement by statement, so an unclosed quote or one row of
half a megabyte costs one pass (`agentmem.harvest.records` writes the rows as markdown).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from agentmem.harvest.records import Record, heading, kind_of, text_of

MAX_CHARS = 1_000_000  # a longer text's rest is not read
# One token of SQL: a comment, a string (its quote doubled inside; E'' strings with
# backslash escapes), a quoted name, a word, a number, or one mark. An unclosed string or
# comment runs to the end of the text.
TOKEN = re.compile(
    r"""(?P<space>\s+)
    |(?P<comment>--[^\n]*|/\*(?:[^*]|\*(?!/))*(?:\*/|\Z))
    |(?P<estring>[eE]'(?:[^'\\]|\\.|'')*(?:'|\Z))
    |(?P<string>'(?:[^']|'')*(?:'|\Z))
    |(?P<quoted>"(?:[^"]|"")*(?:"|\Z))
    |(?P<word>[A-Za-z_][\w$]*(?:\.[A-Za-z_"][\w$"]*)*)
    |(?P<number>-?\d+(?:\.\d+)?)
    |(?P<mark>::|[^\s\w])""",
    re.VERBOSE | re.DOTALL,
)
REPLACES_KEYS = frozenset({"supersedes", "supersedes_id", "replaces", "replaces_id", "corrects"})
ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "\\": "\\"}
COPY_ESCAPE = re.compile(r"\\(.)")

Token = tuple[str, str]


def _tokens(text: str) -> Iterator[Token]:
    at = 0
    while at < len(text):
        match = TOKEN.match(text, at)
        if match is None:  # pragma: no cover - the last branch matches any character
            return
        at = match.end()
        kind = match.lastgroup or "mark"
        if kind in ("space", "comment"):
            continue
        yield kind, match.group()


def _value(tokens: list[Token]) -> str | None:
    """A value as its text: the string it holds (a cast after it ignored), None for NULL,
    else the tokens as written ("now()", "42")."""
    for kind, raw in tokens:
        if kind == "string":
            return raw[1:-1].replace("''", "'") if raw.endswith("'") else raw[1:]
        if kind == "estring":
            body = raw[2:-1] if raw.endswith("'") else raw[2:]
            return re.sub(r"\\(.)|''", lambda m: ESCAPES.get(m[1], m[1]) if m[1] else "'", body)
    if len(tokens) == 1 and tokens[0][1].upper() == "NULL":
        return None
    return "".join(raw for _, raw in tokens) or None


def _split(tokens: list[Token], at: int, close: str = ")") -> tuple[list[list[Token]], int]:
    """The comma-separated values of a parenthesised list opened before `at`, and where the
    list ends: nested parentheses kept within their value."""
    values: list[list[Token]] = [[]]
    depth = 0
    while at < len(tokens):
        kind, raw = tokens[at]
        at += 1
        if raw == "(" and kind == "mark":
            depth += 1
        elif raw == close and kind == "mark":
            if depth == 0:
                return values, at
            depth -= 1
        elif raw == "," and kind == "mark" and depth == 0:
            values.append([])
            continue
        values[-1].append((kind, raw))
    return values, at


def _name(raw: str) -> str:
    """A table or column name without its schema and quotes ("public.retro_items")."""
    return raw.rsplit(".", 1)[-1].strip('"')


def _record(table: str, columns: list[str], values: list[str | None]) -> Record:
    fields = {col: val for col, val in zip(columns, values, strict=False) if val is not None}
    lowered = {key.lower(): value for key, value in fields.items()}
    replaces = next((lowered[key] for key in REPLACES_KEYS if lowered.get(key)), None)
    return Record(
        kind=kind_of(fields) or table,
        fields=fields,
        id=lowered.get("id"),
        replaces=replaces,
        table=table,
    )


def _insert(statement: list[Token]) -> Iterator[Record]:
    """`INSERT INTO t (cols) VALUES (…), (…)`: a record per row."""
    if len(statement) < 4 or statement[3][1] != "(":
        return
    table = _name(statement[2][1])
    names, at = _split(statement, 4)
    columns = [_name(value[0][1]) if value else "" for value in names]
    if at >= len(statement) or statement[at][1].upper() != "VALUES":
        return
    at += 1
    while at < len(statement) and statement[at][1] == "(":
        row, at = _split(statement, at + 1)
        yield _record(table, columns, [_value(value) for value in row])
        if at < len(statement) and statement[at][1] == ",":
            at += 1


def _update(statement: list[Token]) -> Iterator[Record]:
    """`UPDATE t SET col = value, … WHERE …`: a record that corrects an earlier row."""
    words = [raw.upper() for _, raw in statement]
    if "SET" not in words:
        return
    table = _name(statement[1][1])
    end = words.index("WHERE") if "WHERE" in words else len(statement)
    assigned, _ = _split([*statement[words.index("SET") + 1 : end], ("mark", ")")], 0)
    fields: dict[str, str] = {}
    for value in assigned:
        if len(value) >= 3 and value[1][1] == "=":
            said = _value(value[2:])
            if said is not None:
                fields[_name(value[0][1])] = said
    if text_of(fields) is not None:
        where = kind_of(fields)
        what = f"an earlier {heading(where)}" if where else f"an earlier entry in {heading(table)}"
        yield Record(kind=where or table, fields=fields, corrects=what.lower(), table=table)


def _copied(text: str, start: int, table: str, columns: list[str]) -> tuple[list[Record], int]:
    """The tab-separated lines of a `COPY … FROM stdin` after `start`, up to `\\.`."""
    found: list[Record] = []
    end = text.find("\n\\.", start)
    end = len(text) if end < 0 else end
    for line in text[start:end].split("\n"):
        if not line.strip():
            continue
        cells = [
            None if cell == "\\N" else COPY_ESCAPE.sub(lambda m: ESCAPES.get(m[1], m[1]), cell)
            for cell in line.split("\t")
        ]
        found.append(_record(table, columns, cells))
    return found, end + 3


COPY_HEAD = re.compile(
    r"^COPY\s+([\w.\"]+)\s*\(([^)]{0,4000})\)\s+FROM\s+stdin[^;\n]{0,200};[ \t]*\n",
    re.IGNORECASE | re.MULTILINE,
)
STATEMENT = re.compile(r"^\s*(?:INSERT\s+INTO|COPY\s+\S+|UPDATE\s+\S+\s+SET)\b", re.I | re.M)


def is_sql(text: str) -> bool:
    """Whether the text writes rows in SQL (an INSERT, a COPY FROM stdin, an UPDATE)."""
    return STATEMENT.search(text[:MAX_CHARS]) is not None


def records(text: str) -> list[Record]:
    """The rows the SQL text writes, in order (see the module docstring)."""
    text = text[:MAX_CHARS]
    found: list[Record] = []
    at = 0
    for copy in COPY_HEAD.finditer(text):  # a dump's data blocks, read apart from its SQL
        if copy.start() < at:
            continue
        found += _statements(text[at : copy.start()])
        columns = [_name(col.strip()) for col in copy[2].split(",")]
        rows, at = _copied(text, copy.end(), _name(copy[1]), columns)
        found += rows
    return found + _statements(text[at:])


def _statements(text: str) -> list[Record]:
    found: list[Record] = []
    statement: list[Token] = []
    for token in [*_tokens(text), ("mark", ";")]:
        if token != ("mark", ";"):
            statement.append(token)
            continue
        words = [raw.upper() if kind == "word" else "" for kind, raw in statement]
        if "INSERT" in words and words[words.index("INSERT") + 1 :][:1] == ["INTO"]:
            found += _insert(statement[words.index("INSERT") :])
        elif "UPDATE" in words and len(statement) > words.index("UPDATE") + 2:
            found += _update(statement[words.index("UPDATE") :])
        statement = []
    return found
