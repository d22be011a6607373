"""Markdown with YAML frontmatter, read with a safe loader that also refuses aliases.

Safe YAML builds no objects; refusing anchors and aliases as well closes the
"billion laughs" expansion, and a size cap keeps a huge file from being parsed at all.
"""

from __future__ import annotations

import re
from datetime import date, datetime
from typing import Any

import yaml

MAX_FILE_BYTES = 256 * 1024
FENCE = "---"

_Loader: type[Any] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _load_without_aliases(text: str) -> Any:
    # An anchor is written `&name` and an alias `*name`; without either character there can
    # be neither, and the check's extra parse (a tenth of a rebuild) is skipped.
    if "&" not in text and "*" not in text:
        return yaml.load(text, Loader=_Loader)
    # One pass over the events (in C where libyaml is present) before building anything.
    for event in yaml.parse(text, Loader=_Loader):
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
            raise yaml.YAMLError("YAML anchors and aliases are not allowed in memory frontmatter")
    return yaml.load(text, Loader=_Loader)


class FrontmatterError(ValueError):
    """A file that is not frontmatter plus body; the message says what is wrong."""


def _plain(value: Any) -> Any:
    # An unquoted date in a hand edit loads as a date; the model stores ISO strings.
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def parse(raw: str) -> tuple[dict[str, Any], str]:
    """Split a file into its frontmatter mapping and its body text."""
    if len(raw.encode("utf-8", "surrogatepass")) > MAX_FILE_BYTES:
        raise FrontmatterError(f"file larger than {MAX_FILE_BYTES} bytes")
    lines = raw.split("\n")
    if not lines or lines[0].strip() != FENCE:
        raise FrontmatterError("missing opening '---' frontmatter fence")
    try:
        # Only an unindented line closes the header: YAML indents the continuation lines of
        # a multi-line value, and a value may itself hold a "---" line.
        end = next(i for i in range(1, len(lines)) if lines[i].rstrip() == FENCE)
    except StopIteration:
        raise FrontmatterError("missing closing '---' frontmatter fence") from None
    header = "\n".join(lines[1:end])
    try:
        data = _load_without_aliases(header)
    except yaml.YAMLError as exc:
        raise FrontmatterError(f"invalid YAML frontmatter: {exc}") from exc
    if not isinstance(data, dict):
        raise FrontmatterError("frontmatter must be a mapping of fields")
    body = "\n".join(lines[end + 1 :]).strip("\n")
    return {str(k): _plain(v) for k, v in data.items()}, body


YAML_BREAKS = ("\x85", "\u2028", "\u2029")  # line breaks to YAML, ordinary text to Python


class _Dumper(yaml.SafeDumper):
    """Safe dumping, except that a string holding a YAML-only line break is double-quoted
    (where it is escaped): left raw, the reader folded it into a space."""


def _represent_str(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    style = '"' if any(ch in value for ch in YAML_BREAKS) else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_Dumper.add_representer(str, _represent_str)


_Base: type[Any] = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


class _CDumper(_Base):  # type: ignore[misc]
    """The same representers, emitted by libyaml (C) where it is present: a fifth of a
    write's CPU went to the Python emitter."""


_CDumper.add_representer(str, _represent_str)

# libyaml writes the very text the Python emitter writes for strings of printable BMP
# characters (tabs, newlines and YAML breaks excluded): checked on 20,000 random records.
# Outside that set it escapes astral characters (emoji) and folds escaped strings
# elsewhere: such a record goes through the Python emitter, so a file's bytes never depend
# on whether libyaml is installed.
_NOT_PLAIN = re.compile("[^\x20-\x7e\u00a0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd]")


def _plain_text(value: Any) -> bool:
    if isinstance(value, str):
        return _NOT_PLAIN.search(value) is None
    if isinstance(value, list | tuple):
        return all(_plain_text(v) for v in value)
    if isinstance(value, dict):
        return all(_plain_text(k) and _plain_text(v) for k, v in value.items())
    return True


def render(fields: dict[str, Any], body: str) -> str:
    """The canonical file text: frontmatter in a stable key order, then the body."""
    dumper = _CDumper if _plain_text(fields) else _Dumper
    header = yaml.dump(fields, Dumper=dumper, sort_keys=False, allow_unicode=True, width=100)
    return f"{FENCE}\n{header}{FENCE}\n{body.strip()}\n"
