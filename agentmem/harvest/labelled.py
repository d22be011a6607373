"""A decision record written as labelled lines instead of sections.

A short decision record often lists its parts as items under its status:

    # R-7: who signs off large refunds
    Status: accepted

    - Context: the finance lead leaves in March.
    - Decision: refunds above 500 EUR are signed off by Ana Ruiz.
    - Consequences: the refund form routes to ana.ruiz@ instead.

Its "Decision:" item is what its "## Decision" section would be. The distiller reads a
decision record by its sections (`agentmem.harvest.sectioned.lessons`), so such a record
yielded nothing. `as_sections` writes each labelled part as the section it stands for,
and only in a record that has a status line and a part labelled as its decision: a
retro's "- Decision: …" item among its lessons is left as it is.
"""

from __future__ import annotations

import re

STATUS = re.compile(r"^\s*\**status\**\s*:", re.IGNORECASE | re.MULTILINE)
# The parts of a decision record, as a label opening an item or a line
PART = re.compile(
    r"^(?:[-*+]\s+)?\**(?P<label>context|background|problem|decision|decided|consequences?"
    r"|rationale|alternatives(?: considered)?|options(?: considered)?)\**\s*:\**\s*(?P<rest>\S.*)$",
    re.IGNORECASE,
)
DECIDED = ("decision", "decided")


def as_sections(markdown: str) -> str:
    """The record with each labelled part written as a section of that name (see the module
    docstring); any other text unchanged."""
    if STATUS.search(markdown) is None:
        return markdown
    lines = markdown.splitlines()
    parts = [PART.match(line) for line in lines]
    if not any(m is not None and m["label"].lower() in DECIDED for m in parts):
        return markdown
    out: list[str] = []
    for line, match in zip(lines, parts, strict=True):
        if match is None:
            out.append(line.strip() if out and out[-1] != "" and line[:1].isspace() else line)
            continue
        label = match["label"].strip()
        out += ["", f"## {label[0].upper()}{label[1:]}", match["rest"].strip(), ""]
    return "\n".join(out) + ("\n" if markdown.endswith("\n") else "")


# An item that says a decision was taken: "Decision: …", "Decided (2027-01-12): …"
DECIDED_ITEM = re.compile(
    r"^\**(?:decision|decided)\**(?:\s*\([^)\n]{1,30}\))?\s*\**\s*:\**\s*(?P<rest>\S.*)$",
    re.IGNORECASE | re.DOTALL,
)
# When a log's line was written: "2027-03-02 14:10 ", "2027-03-02 ", "14:10 ".
LOG_STAMP = re.compile(
    r"^(?:\d{4}-\d{2}-\d{2}(?:[ T]\d{1,2}:\d{2}(?::\d{2})?Z?)?|\d{1,2}:\d{2}(?::\d{2})?Z?)"
    r"\s+(?:[-–]\s+)?"
)


def decided_item(text: str) -> str | None:
    """A list item labelled as a decision taken, without its label; None for any other.
    Under any heading, one of plans too ("Follow-ups", "Next steps"): what was decided is
    how things are now, not work still to do."""
    match = DECIDED_ITEM.match(text)
    return match["rest"].strip() if match else None


def decided_line(line: str) -> str | None:
    """A plain line of a note or a log labelled as a decision taken, after the stamp of when
    it was written ("Decided: the kiln log moves to the shared drive", "2027-03-02 14:10
    DECISION (ops, J. Moss): glaze orders go to the new portal"): the line without its
    stamp, else None. Such a line is a decision of its own wherever it stands, not the end
    of the item above it nor a part of the log's other lines (`agentmem.harvest.blocks`,
    `agentmem.harvest.paragraphs`)."""
    line = line.strip()
    line = line[stamp.end() :] if (stamp := LOG_STAMP.match(line)) else line
    return line if decided_item(line) is not None else None
