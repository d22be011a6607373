"""Memory text rendered inline: one line of markdown that cannot leave the frame it is in.

Memory text comes from runs, retros and models, so it is untrusted where it lands: a
worker's CLAUDE.md (the pack) and the synthesis hook A hands the host. Every place that
puts memory text into markdown goes through `inline`, which makes it one line (no heading,
list item or synthesis line of its own), takes out the pack marker's name, escapes what
would open or close an HTML comment, and escapes a block marker at its start.
"""

from __future__ import annotations

import re

from agentmem.core.secrets import whole_secrets

BEGIN = "<!-- agentmem:pack:begin -->"
END = "<!-- agentmem:pack:end -->"
# The marker's name in any spelling a reader might take for it; the validator refuses it
# in every field, so no memory carries one even before rendering.
MARKER = re.compile(r"agentmem\s*:\s*pack\s*:\s*(?:begin|end)", re.IGNORECASE)

# Every line break Python's str.splitlines knows, and the other whitespace runs.
_BREAKS = re.compile(r"\s+")
# What starts a markdown block when it begins a line: a heading, a quote, a list item, a
# fence, a table row, a setext underline.
_BLOCK_START = re.compile(r"(?:[#>*+=|~`_-]|\d{1,9}[.)])")
# A lone surrogate (text from a memory built past the writer) cannot be written as UTF-8:
# the worker's CLAUDE.md would not be written at all.
_SURROGATE = re.compile("[\ud800-\udfff]")


def inline(text: str) -> str:
    """`text` as one neutralised line of markdown (what the pack and hook A print)."""
    # A key split across lines stays whole, so the scrub before a worker's file still sees it.
    line = _SURROGATE.sub("\ufffd", _BREAKS.sub(" ", whole_secrets(text)).strip())
    line = MARKER.sub("[pack marker removed]", line)
    line = line.replace("<!--", "&lt;!--").replace("-->", "--&gt;")
    match = _BLOCK_START.match(line)
    if match is not None:  # a backslash before its last character makes it plain text
        cut = match.end() - 1
        line = f"{line[:cut]}\\{line[cut:]}"
    return line
