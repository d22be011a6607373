"""A supplier or tool swapped, told after a label or a commit's scope, with no change word.

A note often opens on its topic as a label and goes straight to the new state: "Kiln
repairs: Fornax Ltd through their service desk, answer in 2 days" after "kiln repairs are
ordered from Brightwell by phone". The label is the held lesson's subject, word for word,
and the first thing after it is a name the held text never gives, while the held text's
own supplier goes unnamed: the label's thing is done with the new one now
(`label_swapped`).

A commit subject tells what the commit did ("glaze(api): read recipes from Mixwise;
retire the old spreadsheet", "feat(kiln)!: temperatures are logged with Thermal9;
probe-card flow deleted"). Its mood is the news, so no change word is needed: one clause
tells the held lesson's task done with a name the held text never gives, and another
removes the old way, named by the held text's words or as "the old" thing
(`commit_swapped`).

A plain statement that a thing moved to a name says the same ("glaze buying moved to
Fornax Supply: orders go through their web shop" after "glaze is bought from Brightwell
by phone"): the thing, in the held text's words, now goes to the new name
(`moved_to_name`).

None reads a text that says the new name is used beside the old one or for a case of its
own ("also", "only", "fallback": `agentmem.core.swapped.BESIDE`), nor a retraction.
`agentmem.core.held` asks `commit_swapped` and `moved_to_name` between two lessons,
behind its guards against another instance of the thing; `label_swapped` among the
changes told in other words, since its label already names the held thing whole, and a
new supplier's channel ("their portal" after "by email") is no other channel of it: its
own guards are a label of no other record and a body that names no other instance
(`elsewhere_unsaid`)."""

from __future__ import annotations

import re

from agentmem.core.otherrecord import other_record
from agentmem.core.plainnews import elsewhere_unsaid
from agentmem.core.statement import terms
from agentmem.core.swapped import BESIDE, uses
from agentmem.core.textcache import textcached
from agentmem.core.withdrawal import RETRACTED
from agentmem.core.words import function_words

# A commit's type or scope, opening the text: "feat: ", "fix(kiln-api)!: ", "kiln: "
COMMIT = re.compile(r"^\s*[a-z][\w-]*(?:\([\w ./-]+\))?!?:\s+")
# A topic label opening the text: "Kiln repairs: …" (no clause of its own before the colon)
LABEL = re.compile(r"^\s*(?P<label>[A-Za-z][^:;.,()!?]{2,60}?)\s*:\s+(?P<body>\S.*)$", re.DOTALL)
# A name opening the body: a capitalised word, or a few joined by "&" or "and"
OPENING_NAME = re.compile(
    r"^(?:the\s+)?(?P<name>[A-Z][\w.-]*(?:\s+(?:&|and)\s+[A-Z][\w.-]*)?)(?=[\s,;(]|$)"
)
# A clause removing a way of doing things: "retire the old sheet", "probe-card flow deleted"
REMOVED = re.compile(
    r"\b(?:retire[sd]?|remove[sd]?|delete[sd]?|drop(?:s|ped)?|decommission(?:s|ed)?"
    r"|kill(?:s|ed)?|rip(?:s|ped)?\s+out|gone)\b",
    re.IGNORECASE,
)
OLD = re.compile(r"\b(?:the|our|its|their)\s+(?:old|former|previous|legacy)\b", re.IGNORECASE)
CLAUSE = re.compile(r";\s*|\.\s+")
# "<thing> moved to <Name>", "<thing> has switched over to the <Name> …"
MOVED = re.compile(
    r"^(?P<thing>[^.;:()]{3,80}?)\s+(?:has\s+|have\s+|was\s+|were\s+)?(?:moved|migrated|switched"
    r"|changed|went|gone)\s+(?:over\s+)?to\s+(?:the\s+)?(?P<name>[A-Z][\w.-]*)"
)
LABEL_TERMS = 2  # content terms of a label, at least: "Repairs:" alone names no subject
SHARED = 2  # content terms the new use's clause shares with the held text, at least
NAMED_OLD = 2  # held terms a removal clause names that the new use's clause lacks


@textcached
def _guarded(draft: str) -> bool:
    return RETRACTED.match(draft) is not None or BESIDE.search(draft) is not None


def label_swapped(draft: str, held: str) -> bool:
    """The draft opens on a label that is the held text's opening subject and goes on with a
    name the held text never gives, where the held text takes its thing from, sends it to
    or does it with a name the draft never gives (see the module docstring)."""
    found = LABEL.match(draft)
    if found is None or COMMIT.match(draft) or _guarded(draft):
        return False
    if elsewhere_unsaid(draft, held) or other_record(draft, held):
        return False
    label = terms(found["label"])
    head = terms(held).head
    if len(label.content) < LABEL_TERMS or set(head[: len(label.head)]) != set(label.head):
        return False
    if not label.content <= terms(held).content:
        return False
    name = OPENING_NAME.match(found["body"])
    if name is None or name["name"].lower() in function_words():
        return False
    if _names(held, name["name"].split()[0]):
        return False
    return any(not _names(draft, use.name) for use in uses(held))


def commit_swapped(draft: str, held: str) -> bool:
    """The draft is a commit subject: a clause tells the held text's task done with a name
    the held text never gives, and another removes the old way (see the module docstring)."""
    opening = COMMIT.match(draft)
    if opening is None or _guarded(draft):
        return False
    body = draft[opening.end() :]
    clauses = [c for c in CLAUSE.split(body) if c.strip()]
    mine = terms(held).content
    for at, clause in enumerate(clauses):
        for use in uses(clause):
            if _names(held, use.name) or len(use.subject & mine) < SHARED:
                continue
            told = terms(clause).content
            for other in clauses[:at] + clauses[at + 1 :]:
                if REMOVED.search(other) is None:
                    continue
                if OLD.search(other) or len((terms(other).content & mine) - told) >= NAMED_OLD:
                    return True
    return False


def moved_to_name(draft: str, held: str) -> bool:
    """The draft opens by saying a thing moved to a name the held text never gives, the
    thing told in `SHARED` of the held text's terms, where the held text takes that thing
    from, sends it to or does it with a name the draft never gives."""
    told = MOVED.match(draft.strip())
    if told is None or _guarded(draft) or _names(held, told["name"]):
        return False
    thing = terms(told["thing"]).content
    return any(
        not _names(draft, use.name) and len(thing & terms(held).content) >= SHARED
        for use in uses(held)
    )


def _names(text: str, name: str) -> bool:
    return re.search(rf"(?<![\w.-]){re.escape(name)}(?![\w-])", text, re.IGNORECASE) is not None
