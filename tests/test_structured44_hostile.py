"""A retro written as data, nested deep by a hostile or broken exporter: read in bounded
time, and never raising out of the distiller (found in the lead's read of round 44)."""

from __future__ import annotations

import json
import time

from agentmem.harvest.distill import distill
from agentmem.harvest.structured import as_markdown


def _nested(depth: int) -> str:
    """Items each holding a list of one more item, `depth` deep: under 2 KB at 24."""
    return '{"kind": "lesson", "text": "x", "items": [' * depth + "{}" + "]}" * depth


def test_lists_nested_two_dozen_deep_are_read_once_each() -> None:
    """Each inner value was read twice, once to test it and once to write it: 2**24
    readings for a 1.4 KB retro (about a minute); now each once."""
    text = _nested(24)
    start = time.process_time()
    read = as_markdown(text, "retro.json")
    distill(text, source="retro.json", periodic=True)
    assert time.process_time() - start < 5
    assert read.count("text: x") == 23  # every inner level's text, once


def test_nesting_past_the_interpreters_depth_is_left_as_text() -> None:
    """Deeper than Python's recursion reaches, the data is no retro's: the text stays as it
    is and the distiller returns instead of raising."""
    text = _nested(400)
    json.loads(text)  # the parser reads it; the reader would recurse past the limit
    assert as_markdown(text, "retro.json") == text
    result = distill(text, source="retro.json", periodic=True)
    assert isinstance(result.drafts, list)
