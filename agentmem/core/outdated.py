"""Corrections of outdated notes: a text saying the notes still tell something that no
longer holds ("The handbook still says …, which is out of date; …"). `agentmem.core.retract`
withdraws the lessons that tell the claim."""

from __future__ import annotations

import re

# "The handbook still says the kiln is lit at the wall panel, which is out of date; …":
# what the notes say is the claim, the words after it judge it gone, the rest is the new
# way (the reason, read as a retraction's is).
NOTES = (
    r"notes?|docs?|documentation|runbooks?|wiki|pages?|lessons?|memory|readme|handbook|"
    r"guides?|playbooks?|checklists?|instructions?|entr(?:y|ies)|records?|sheets?|reviews?|"
    r"retros?|manuals?|specs?"
)
DENIAL = (
    r"(?:not|n't)\s+(?:any\s*more|true|the\s+case|so|correct|right)|\banymore|\bno\s+longer"
    r"|\bout\s+of\s+date|\boutdated|\bobsolete|\bwrong|\bstale|\bchanged"
)
OUTDATED = re.compile(
    rf"\b(?:{NOTES})\s+(?:still\s+)?(?:say|says|said|claim|claims|state|states|tell|tells|"
    r"describe|describes|show|shows|mention|mentions)\s+(?:that\s+)?"
    r"(?P<claim>[^.;!?]{3,160}?)(?:[.;]\s+|,\s+(?:but|which)\s+)"
    rf"(?P<denial>[^.;!?]{{0,80}}?(?:{DENIAL})\b)[^.;!?]*[.;!?]?",
    re.IGNORECASE,
)


def outdated(text: str) -> tuple[str, str] | None:
    """(the claim, the rest) when a text says earlier notes still tell something that no
    longer holds ("The handbook still says the kiln is lit at the wall panel, which is out
    of date; …"): a correction that names what it corrects only by its words."""
    match = OUTDATED.search(text)
    if match is None:
        return None
    return match["claim"], text[match.end() :]
