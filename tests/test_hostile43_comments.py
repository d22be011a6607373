"""Hostile retros for the comment and Lua readers: thousands of unclosed marks are read in
one pass, not one pass a mark (a 200 KB text of them took minutes before)."""

from __future__ import annotations

import time

from agentmem.harvest.comments import MOST_MARKS, uncommented
from agentmem.harvest.luatable import parsed


def test_unclosed_long_brackets_are_no_lua_data_and_read_once() -> None:
    """A table of unclosed long strings ("[[" with no "]]") is no data, found in one pass."""
    for text in ("return {" + "[[x\n" * 49_000, "return {" + "--[==[x\n" * 25_000):
        start = time.process_time()
        assert parsed(text) is None
        assert time.process_time() - start < 5


def test_a_closed_long_string_and_comment_still_read() -> None:
    """The one-pass reading keeps what the long forms hold, at any level of "="."""
    text = "return {\n  --[==[ old: 5 ]==]\n  lessons = { [[Dry 3 days]], [=[a ]] b]=] },\n}\n"
    assert parsed(text) == {"lessons": ["Dry 3 days", "a ]] b"]}


def test_thousands_of_unclosed_block_comments_leave_the_text_as_it_is() -> None:
    """Past `MOST_MARKS` opening marks a text is no retro's commenting: left as it is, at
    once, instead of each unclosed mark read `SPAN` characters on."""
    for text, source in (("/* x\n" * 39_000, "r.c"), ("<!-- x\n" * 28_000, "notes.md")):
        start = time.process_time()
        assert uncommented(text, source) == text
        assert time.process_time() - start < 5


def test_a_retro_under_the_mark_bound_is_still_read() -> None:
    """A text with as many comments as a retro has is read as before."""
    text = "- Dry the clay 3 days.\n<!-- old: 2 days -->\n" * (MOST_MARKS // 2)
    out = uncommented(text, "notes.md")
    assert "2 days" not in out
    assert out.count("Dry the clay 3 days.") == MOST_MARKS // 2
