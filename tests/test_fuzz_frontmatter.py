"""Fuzzing the frontmatter reader: random text, YAML tags that construct objects,
billion-laughs aliases, huge files. It returns fields and body or raises FrontmatterError
(StoreError through the file store); it never builds an object or runs code.

Cases tried: `pytest tests/test_fuzz_frontmatter.py --hypothesis-show-statistics`.
"""

from __future__ import annotations

from datetime import date, datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from agentmem._exceptions import StoreError
from agentmem.stores import frontmatter
from agentmem.stores.files import EntryFiles
from agentmem.stores.frontmatter import MAX_FILE_BYTES, FrontmatterError

FUZZ = settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
# What YAML's safe loader may build: data, never an arbitrary Python object.
PLAIN = (str, int, float, bool, type(None), list, dict, bytes, set, tuple, date, datetime)

OBJECT_TAGS = [
    "!!python/object/apply:os.system ['touch {marker}']",
    "!!python/object/apply:subprocess.check_output [['touch', '{marker}']]",
    "!!python/object/new:os.system ['touch {marker}']",
    "!!python/name:os.system",
    "!!python/module:os",
    "!!python/object:builtins.object {{}}",
    "!!python/tuple [1, 2]",
    "!!binary aGVsbG8=",
    "!!set {{a, b}}",
    "!!omap [a: 1]",
    "!custom-tag value",
]


def only_plain(value: Any) -> bool:
    if isinstance(value, dict):
        return all(only_plain(k) and only_plain(v) for k, v in value.items())
    if isinstance(value, list | tuple | set):
        return all(only_plain(v) for v in value)
    return isinstance(value, PLAIN)


def parse_or_refuse(raw: str) -> tuple[dict[str, Any], str] | None:
    try:
        fields, body = frontmatter.parse(raw)
    except FrontmatterError as exc:
        message = str(exc)
    else:
        assert isinstance(body, str) and only_plain(fields), fields
        return fields, body
    assert message  # the refusal says what is wrong
    return None


@FUZZ
@given(raw=st.text(max_size=2000))
def test_random_text(raw: str) -> None:
    """Any text parses to plain data or is refused with FrontmatterError."""
    parse_or_refuse(raw)


YAML_LINES = st.lists(
    st.one_of(
        st.from_regex(r"[a-z_]{1,8}: [^\n]{0,30}", fullmatch=True),
        st.sampled_from(["- a", "  - b", "&a x", "*a", "<<: *a", "? k", ": v", "|", ">", "'", '"']),
        st.text(max_size=20).filter(lambda t: "\n" not in t),
    ),
    max_size=12,
)


@FUZZ
@given(lines=YAML_LINES, body=st.text(max_size=200))
def test_random_frontmatter(lines: list[str], body: str) -> None:
    """YAML-ish headers between fences: plain data or FrontmatterError, nothing else."""
    parse_or_refuse("---\n" + "\n".join(lines) + "\n---\n" + body)


@FUZZ
@given(tag=st.sampled_from(OBJECT_TAGS), key=st.from_regex(r"[a-z]{1,8}", fullmatch=True))
def test_object_constructing_tags_are_refused(tmp_path: Path, tag: str, key: str) -> None:
    """Tags that would build Python objects or run commands are refused; none runs."""
    marker = tmp_path / "pwned"
    raw = f"---\n{key}: {tag.format(marker=marker)}\n---\nbody\n"
    result = parse_or_refuse(raw)
    assert not marker.exists()
    if result is not None:  # only the YAML-1.1 collection tags may load, as plain data
        assert tag.split()[0] in ("!!set", "!!omap", "!!binary"), tag


def billion_laughs(depth: int, width: int) -> str:
    lines = ["a0: &a0 lol"]
    for i in range(1, depth):
        refs = ", ".join([f"*a{i - 1}"] * width)
        lines.append(f"a{i}: &a{i} [{refs}]")
    return "---\n" + "\n".join(lines) + "\n---\nbody\n"


@pytest.mark.parametrize(("depth", "width"), [(2, 2), (9, 9), (30, 10)])
def test_billion_laughs_aliases_are_refused(depth: int, width: int) -> None:
    """Anchors and aliases are refused before anything is expanded (10^30 nodes at most)."""
    with pytest.raises(FrontmatterError, match="anchors and aliases"):
        frontmatter.parse(billion_laughs(depth, width))


@pytest.mark.parametrize(
    ("header", "refused"),
    [
        ("a: &x 1", True),  # an anchor alone
        ("a: 1\nb: *x", True),  # an alias alone (unknown: refused before YAML complains)
        ("title: R&D notes\nnote: 2 * 3 = 6", False),  # the characters inside plain text
        ("title: '&x'\nother: '*y'", False),  # quoted: text, not syntax
    ],
)
def test_ampersand_and_asterisk_take_the_checked_path(header: str, refused: bool) -> None:
    """Text without `&` or `*` skips the anchor check (it cannot hold an anchor or alias);
    text with either is checked, and refused only when they are YAML syntax."""
    raw = f"---\n{header}\n---\nbody\n"
    if refused:
        with pytest.raises(FrontmatterError, match="anchors and aliases"):
            frontmatter.parse(raw)
    else:
        fields, body = frontmatter.parse(raw)
        assert body == "body" and all(isinstance(v, str) for v in fields.values())


@given(extra=st.integers(min_value=1, max_value=4096))
@settings(max_examples=20, deadline=None)
def test_huge_files_are_refused_unparsed(extra: int) -> None:
    """A file past the size cap is refused without parsing, whatever it holds."""
    raw = "---\nid: x\n---\n" + "x" * (MAX_FILE_BYTES + extra)
    with pytest.raises(FrontmatterError, match="larger than"):
        frontmatter.parse(raw)


def test_huge_multibyte_file_counts_bytes() -> None:
    """The cap is in bytes: a file of 3-byte characters is refused at a third the length."""
    raw = "---\nid: x\n---\n" + "€" * (MAX_FILE_BYTES // 3 + 10)
    with pytest.raises(FrontmatterError):
        frontmatter.parse(raw)


@FUZZ
@given(data=st.binary(max_size=3000))
def test_memory_file_with_random_bytes_is_a_store_error(tmp_path: Path, data: bytes) -> None:
    """Any bytes in a memory file read as a memory or raise StoreError naming the path."""
    files = EntryFiles(tmp_path / "memory")
    files.entries.mkdir(parents=True, exist_ok=True)
    path = files.entries / "semantic-0123456789ab.md"
    path.write_bytes(b"---\n" + data)
    try:
        files.parse(path)
    except StoreError as exc:
        message = str(exc)
    else:
        return
    assert str(path) in message


SCALARS = st.one_of(
    st.text(min_size=1, max_size=60).filter(lambda t: t.strip() != ""),
    st.integers(-1000, 1000),
    st.booleans(),
)


@FUZZ
@given(
    fields=st.dictionaries(st.from_regex(r"[a-z_]{1,12}", fullmatch=True), SCALARS, max_size=8),
    body=st.text(max_size=300),
)
def test_render_then_parse_round_trips(fields: dict[str, Any], body: str) -> None:
    """What the writer renders, the reader parses back: the same fields (even values
    holding "---" lines), and the body up to surrounding blank lines."""
    parsed_fields, parsed_body = frontmatter.parse(frontmatter.render(fields, body))
    assert parsed_fields == fields
    assert parsed_body.strip() == body.strip()


@pytest.mark.parametrize("value", ["a\x85b", "line\u2028separator", "para\u2029graph", "a\n---\nb"])
def test_yaml_line_breaks_and_fences_round_trip(value: str) -> None:
    """Regression (found by the round-trip fuzz): NEL, LS and PS were written raw and read
    back as spaces; a value holding a "---" line closed the header early."""
    assert frontmatter.parse(frontmatter.render({"source": value}, "body"))[0] == {"source": value}
