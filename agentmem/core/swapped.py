"""A tool, a vendor or a service swapped for another, told as a plain statement of what is
used now: "The kiln planner schedules with FireDesk 3" after "The kiln planner schedules
firings with KilnPlan 2.4", or "Glaze and slip orders go to orders.claymart.example" after
"Glaze and slip orders are sent to shop.glazeco.example". A team that changes its supplier
writes the lesson anew in the words of the new one, rarely with a change word, and the two
share the thing they are about and little else.

Each text is read for its uses (`uses`): a name (a capitalised or CamelCase word, a name
in capitals, a host, an identifier, a name of joined parts standing alone) right after a
word that says what something is done with (with, using, via, through, by), taken from
(from, "source =") or sent to (to, into), and the words of its clause before that word
(what is done with it). The draft replaces the held lesson when one of its uses and one
of the held lesson's open on a shared word (`_same_thing`) with two names, the held text
never names the draft's, and the draft either

- never names the held one: the two uses are of one kind, their subjects share two
  content terms (three when each tells the use in a verb of its own and nothing says it
  changed: "settled through" and "reconciled with" may be two uses of one thing), and the
  draft's adds at most one term the held text lacks, never a first one of its own in a
  statement ("weekend orders are packed by …" is a case of its own, `_narrower`);
- or names it only where it says it ends ("the KilnPlan contract ends in June", "we no
  longer call KilnPlan"), apart from the new use: then a use of any kind will do.

A draft that says the new name is used beside the old, or only for some ("also", "as a
fallback", "its own", "only"), that negates its use, that is a retraction, or that sets the
held thing apart, replaces nothing; nor does one whose subject opens on other words
(another thing sent through another vendor), or that puts a person where the held lesson
has a product, or the other way round (who approves a thing is no supplier of it).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from agentmem.core.apart import set_apart
from agentmem.core.clauses import LINES
from agentmem.core.cues import NEGATION
from agentmem.core.statement import LABELS, ZONES, function_words, terms
from agentmem.core.values import value_words
from agentmem.core.withdrawal import RETRACTED

FAMILY = {
    **dict.fromkeys(("with", "using", "via", "through", "by"), "means"),
    **dict.fromkeys(("from", "source"), "source"),
    **dict.fromkeys(("to", "into"), "target"),
}
USE = re.compile(
    r"\b(?P<word>with|using|via|through|by|from|into|to"
    r"|(?-i:source)s?\s*(?:=|:|is\b|are\b))\s+"
    r"(?:(?:the|a|an|its|our|their|our own)\s+)?"
    r"(?P<name>`[^`\n]+`|[\w][\w.:/-]*[\w]|\w)(?P<after>'s|\s*[^\s\w]|\s+\w+|\s*$)",
    re.IGNORECASE,
)
CLAUSE = LINES
PART = re.compile(r"(?<=[.;!?,])\s+|\n+")
# A name: a capitalised, CamelCase or capitals word, a host or a dotted name, an identifier.
NAMED = re.compile(
    r"`[^`\n]+`|[A-Z][\w.-]*|\w*[a-z][A-Z]\w*|[\w-]+(?:\.[\w-]+)+(?::\d+)?|\w+_\w+",
)
PORT = re.compile(r":\d+$")
# A name of joined lowercase parts ("asr-svc"), which a compound word ("next-day",
# "in-house") looks like: a name when nothing it qualifies follows it.
JOINED = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)+")
# A box, a database or a host named in lower case with a digit ("kilndb2"), no hyphen: a
# name as much as "KilnDB 2" is.
NUMBERED = re.compile(r"[a-z]{2,}\d+[a-z0-9]*")
# A name and a surname: a person, whom a product ("Kilnware batch jobs") never replaces.
PERSON = re.compile(r"[A-Z][a-z]+\s+[A-Z][a-z]+")
SHORT_CAPS = re.compile(r"[A-Z]{1,3}")  # "API", "SMS": a kind of interface, no supplier
# The draft says the new name is used beside the old one, or for a case of its own.
BESIDE = re.compile(
    r"\b(?:also|too|as well|alongside|in addition|additionally|besides|backup|fallback|"
    r"fail-?over|secondary|separate|its own|their own|except|only)\b",
    re.IGNORECASE,
)
# A clause that ends the use of what it names.
ENDS = re.compile(
    r"\b(?:no longer|any ?more|drop|dropped|remove|removed|retire|retired|revoked|"
    r"decommission(?:ed)?|deprecated|(?:the|our|its) (?:old|former|previous)|"
    r"ends|ended|expires?|expired|sunset|switched off|turned off|shut down|gone|replaced|"
    r"replacing|instead of|in place of|rather than|(?:moved|migrated) (?:off|away from))\b",
    re.IGNORECASE,
)
BE = re.compile(r"\b(?:is|are|was|were|be|been|gets?)\b", re.IGNORECASE)
SHARED = 2  # content terms the two subjects share, when the draft never names the old one
SHARED_OTHERWISE = 3  # ... when each tells the use in a word of its own, and no change
EXTRA = 1  # ... and the draft's subject's terms the held text lacks, at most
ENDED_EXTRA = 2  # ... as many, when the draft says the old one ends
HEAD = 2  # the subject's first content terms: what it opens on


@dataclass(frozen=True)
class Use:
    """A name a clause says something is done with, taken from or sent to."""

    family: str  # means, source or target
    name: str  # lowercase, without a possessive
    subject: frozenset[str]  # content terms of the clause before the word, label included
    head: frozenset[str]  # the first content terms of that clause and of its last part
    bare: frozenset[str]  # content terms of the clause, a label left out
    near: frozenset[str]  # content terms of its last part (after a comma) alone
    part: str  # the part of the clause, between commas, that tells the use
    opening: tuple[str, ...]  # the clause's first content terms, in order, a label left out
    stated: bool  # the clause says what its subject is ("are sent"), not what to do
    person: bool  # a first name and a surname ("Ana Lima"), not a product


def _name(raw: str, after: str) -> str | None:
    name = PORT.sub("", raw.strip("`").rstrip(".:").lower())  # a host, whatever its port
    if raw.startswith("`"):
        return name
    if not NAMED.fullmatch(raw) and not JOINED.fullmatch(raw) and not NUMBERED.fullmatch(raw):
        return None
    if SHORT_CAPS.fullmatch(raw) or name in value_words() or name in ZONES:
        return None
    follows = re.match(r"\s+(\w+)", after)
    if NAMED.fullmatch(raw) is None and follows and follows[1].lower() not in function_words():
        return None  # "next-day delivery": a compound word qualifying what follows
    if not any(c.isalpha() for c in name):
        return None
    return name


@lru_cache(maxsize=4096)
def uses(text: str) -> tuple[Use, ...]:
    """Each use the text tells (see the module docstring)."""
    out = []
    for clause in CLAUSE.split(text):
        for m in USE.finditer(clause):
            name = _name(m["name"], m["after"])
            if name is None:
                continue
            word = m["word"].lower().split()[0].rstrip("s=:")
            before = clause[: m.start()]
            near = _unlabelled(PART.split(before)[-1])
            if NEGATION.search(near):
                continue  # "card payments do not go through …": no use of it
            bare = terms(_unlabelled(before))
            rest = clause[m.end() :]
            out.append(
                Use(
                    family=FAMILY.get(word, "source"),
                    name=name,
                    subject=terms(before).content,
                    head=frozenset(bare.head[:HEAD] + terms(near).head[:HEAD]),
                    bare=bare.content,
                    near=terms(near).content,
                    part=near + clause[m.start() : m.end()] + PART.split(rest)[0],
                    opening=bare.head,
                    stated=BE.search(before) is not None,
                    person=PERSON.fullmatch(m["name"] + m["after"]) is not None,
                )
            )
    return tuple(out)


def _unlabelled(text: str) -> str:
    label = LABELS.match(text)
    return text[label.end() :] if label else text


def _mentions(text: str, name: str) -> list[str]:
    """The parts of the text, between commas, that name `name`."""
    found = re.compile(rf"(?<![\w.-]){re.escape(name)}(?![\w-]|\.\w)", re.IGNORECASE)
    return [c for c in PART.split(text) if found.search(c)]


def _same_thing(new: Use, old: Use) -> bool:
    """Two uses said of one subject: the draft's opens on a word of the held one's
    opening, and a person is never put where a product was."""
    return new.name != old.name and new.person == old.person and bool(new.head & old.head)


def _needed(new: Use, old: Use, draft: str) -> int:
    """Content terms the two subjects must share: SHARED, or SHARED_OTHERWISE when each
    says the use with a word of its own ("card payments are settled through …" and "card
    payments are reconciled with …" may be two uses of one thing) and the draft says
    nothing changed."""
    if new.bare - old.bare and old.bare - new.bare and not terms(draft).change:
        return SHARED_OTHERWISE
    return SHARED


def _narrower(new: Use, old: Use, draft: str, held: str) -> bool:
    """The draft's use is of another thing or of a case of the held one's: each opens on a
    term the other text lacks ("build logs" and "build images"), or the draft says what a
    thing is that it names with a term of its own first ("weekend orders are packed
    by …" after "orders are packed by …")."""
    mine, theirs = terms(draft).content, terms(held).content
    if new.head - theirs and old.head - mine:
        return True
    return new.stated and bool(new.opening) and new.opening[0] not in theirs


def swapped(draft: str, held: str) -> bool:
    """The draft says the held lesson's subject is done with another name now (see the
    module docstring)."""
    if RETRACTED.match(draft) or BESIDE.search(draft) or set_apart(draft, held):
        return False
    told = uses(held)
    if not told:
        return False
    content = terms(held).content
    for new in uses(draft):
        if _mentions(held, new.name):
            continue
        for old in told:
            if not _same_thing(new, old):
                continue
            said = _mentions(draft, old.name)
            if not said:
                # the same kind of use, of a subject with no more than EXTRA terms of its own
                if (
                    new.family == old.family
                    and len(new.bare - content) <= EXTRA
                    and not _narrower(new, old, draft, held)
                    and len(new.subject & old.subject) >= _needed(new, old, draft)
                ):
                    return True
            elif (
                len(new.near - content) <= ENDED_EXTRA
                and not _mentions(new.part, old.name)
                and all(ENDS.search(c) for c in said)
            ):
                return True
    return False
