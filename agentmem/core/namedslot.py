"""A person or a named thing as the value that changed: "kiln alerts page @ines instead of
@omar" after "kiln alerts page Omar Reyes, the night lead"; "glaze recipes moved to
GlazeBase; the old spreadsheet is read-only" after "glaze recipes are kept in the KilnSheet
workbook"; "Decision: firing logs are owned by Ana Lima (studio lead)" after "firing logs go
to Ben Ruiz (studio lead) for review". Who holds a role, or which tool, product, edition,
format or file serves a thing, is the value of a slot, as a number is of a measure; the
judge's general reading (`agentmem.core.samething.given_anew`) reads numbers, clock times
and hosts, not names, so a new name in the slot passed it by.

The draft names anew (`named_anew`) when:

1. it names a value of one kind the held text never mentions (`names`: a person, a handle
   or a team; or a thing: a name written with a capital inside a sentence, in capitals, in
   CamelCase, dotted, or a file name), and the held text names one of that kind the draft
   never mentions, or names only where it says it is over ("the Kiln.io links are dead");
2. the two names stand in one slot (`_same_slot`): for people, each text gives a role
   (owns, approves, reviews, is escalated to, a post: `agentmem.core.holders.ROLE`), or both
   names stand beside the same words; for things, the words before each share a content
   term, or the draft brings its name in by a word of change ("moved to", "switch … to",
   "->") after words its clause shares with those before the held name;
3. the two are about one subject: they share `SHARED` content terms besides the names, and
   the draft names one of the first terms the held text opens on, or a name the held text
   gives too (the same supplier's feed: "Kilnco moved its price list to …");
4. the draft tells it as news (`NEWS`: a change word, a decision, the old one dropped,
   removed, retired, read-only or no longer used; or the judge's own news words);
5. and nothing says the new one only stands beside the old ("also", "in addition",
   "still", "a backup", "not part of"), nor is the draft a retraction or about a thing the
   held one is set apart from.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from agentmem.core.apart import set_apart
from agentmem.core.cues import says_changed
from agentmem.core.holders import ROLE, TITLED, TITLES, people, two_things
from agentmem.core.names import ZONES
from agentmem.core.spoken import MONTH_NAMES, WEEKDAYS
from agentmem.core.statement import terms
from agentmem.core.textcache import textcached
from agentmem.core.values import value_words
from agentmem.core.withdrawal import retraction
from agentmem.core.words import function_words, tokenized

SHARED = 2  # content terms, names aside, two texts on one subject share at least
HEAD = 3  # the held text's opening terms, one of which the draft must name
BEFORE = 6  # words before a name that tell what slot it fills
OVER_NEAR = 4  # words either side of a name that may say it is over

# A box, a host or a job named in lower case with a digit or a hyphen ("kiln-db1"): a
# thing's name when the draft says it is over.
IDENT = re.compile(r"(?<![\w.@#/-])[a-z][a-z0-9]*(?:-[a-z0-9]+)*\d[a-z0-9]*(?![\w@-])")
# A thing's name: a capital inside a sentence ("to Kilnware"), capitals ("OSRM"), CamelCase,
# a dotted name ("Kiln.io"), a file name ("glazes_2025.json"), an extension (".csv").
THING = re.compile(
    r"(?<![\w.@#/-])(?:[A-Z][a-z]+[A-Z]\w*|[A-Z]{3,}\d*|[A-Za-z]\w*(?:\.[A-Za-z]\w*)+"
    r"|\.[a-z]{2,5}\b|[A-Z][a-z]{2,}(?:\.\w+)?)(?![\w@-])"
)
SENTENCE_START = re.compile(r"(?:^|[.!?:;(]\s*|\n\s*[-*]?\s*)$")
MONTHS = frozenset((*MONTH_NAMES, "may", *WEEKDAYS.values()))  # a date, not a name
# The draft brings the new name in by a change: "moved to X", "switch the feed to X", "-> X".
INTO = re.compile(
    r"(?:\b(?:mov|switch|migrat|swapp|chang|repoint|transferr|hand|pass|reassign|rerout)"
    r"(?:e|es|ed|ing|s)?\b(?:\s+\S+){0,4}?\s+(?:to|onto|over\s+to)|->|→|=>)\s+(?:the\s+|their\s+"
    r"|our\s+|its\s+)?$",
    re.IGNORECASE,
)
# Words in capitals that name no supplier: a request's verb, a kind of interface, a clock.
NOT_NAMES = frozenset(("get", "post", "put", "patch", "delete", "head", "api", "sdk", "url"))
NOT_NAMES |= frozenset(("dst", "eastern", "central", "pacific", "mountain", "atlantic"))
# A thing's name in a slot: after a word that says what a thing is done with, taken from,
# sent to, kept in or is ("through Kiln.io", "from the self-hosted KilnDB", "is FlatText"),
# up to three words between, none a comma or a bracket; or in brackets after a thing it
# names again ("the Oxide table (oxide_2030.json)").
PLACED = re.compile(
    r"(?:\b(?:with|via|through|from|to|into|onto|on|in|by|for|at|uses?|used|using|calls?|"
    r"loads?|reads?|is|are|as|becomes?)|:|->|→|=>)\s+(?:[\w.'’/-]+\s+){0,3}$|\(\s*$",
    re.IGNORECASE,
)
# The draft tells news of the slot: a change word, a decision, the old one over.
NEWS = re.compile(
    r"\b(?:moved|switch(?:ed|es)?|migrated|swapped|replaced|replacing|instead\s+of|"
    r"in\s+place\s+of|decision|decided|in\s+force|dropped(?!\s+(?:from|to|by)\b)|removed|retired|read-only|revoked|"
    r"decommissioned|no\s+longer|dead|ended|handed\s+(?:over|on)|took\s+over|now)\b|->|→|=>",
    re.IGNORECASE,
)
# A clause that says what it names is over.
OVER = re.compile(
    r"\b(?:dropped(?!\s+(?:from|to|by)\b)|removed|retired|read-only|revoked|decommissioned|no\s+longer|dead|ended|"
    r"gone|(?:is|are|was|went)\s+off\s+the|switched\s+off|instead\s+of|in\s+place\s+of|replac\w*|swapp\w*|"
    r"(?:the|our|its)\s+(?:old|former))\b",
    re.IGNORECASE,
)
# The new one beside the old, or for a case of its own: no replacement.
BESIDE = re.compile(
    r"\b(?:also|too|as\s+well|alongside|in\s+addition|additionally|besides|backup|fallback|"
    r"fail-?over|secondary|separate|still|not\s+part\s+of|except|(?<!-)only|deputy|covers?|"
    r"covering|while|until|acting|interim|on\s+leave)\b",
    re.IGNORECASE,
)
CLAUSE = re.compile("".join(rf"(?<!\b{t})" for t in TITLES) + r"[.;!?](?:\s|$)|\s[—–]\s")


class Name(NamedTuple):
    """A name a text gives, of a person or of a thing, and where it stands."""

    name: str  # lower case
    person: bool
    start: int


@textcached
def names(text: str) -> list[Name]:
    """The people and the named things of a text (see the module docstring, test 1)."""
    return list(_names(text))


@lru_cache(maxsize=4096)  # a draft meets every held lesson of an add: each read once
def _names(text: str) -> tuple[Name, ...]:
    out: list[Name] = []
    taken: list[tuple[int, int]] = []
    lower = text.lower()
    for m in TITLED.finditer(text):
        out.append(Name(m[1].lower(), True, m.start()))
        taken.append(m.span())
    for person in people(text):
        at = lower.find(person)
        if at >= 0 and not any(a <= at < b for a, b in taken):
            out.append(Name(person, True, at))
            taken.append((at, at + len(person)))
    for m in THING.finditer(text):
        if any(a <= m.start() < b for a, b in taken):
            continue
        word = m[0]
        plain = word[:1].isupper() and word[1:].islower() and "." not in word
        if plain and SENTENCE_START.search(text[: m.start()]):
            continue  # a capital that only opens a sentence
        if word.lower() in MONTHS | NOT_NAMES or word.lower() in function_words():
            continue
        if {word.lower(), word.lower().rstrip("s")} & (ZONES | value_words()):
            continue
        out.append(Name(word.lower(), False, m.start()))
    return tuple(out)


def _mentioned(text: str, name: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text, re.IGNORECASE) is not None


@lru_cache(maxsize=4096)  # asked of each name of every held lesson of an add
def _told_over(draft: str, name: str) -> bool:
    """Every mention of `name` in the draft stands within `OVER_NEAR` words of a word that
    says it is over, in its clause ("the Kiln.io links are dead"; not "instead of X:
    every artifact, the CLI ones too, …", which says nothing of the CLI)."""
    if draft.isascii() and name.isascii() and name.lower() not in draft.lower():
        return False  # not mentioned: in ASCII, IGNORECASE matches what `lower` equates
    found = _mention(name)
    said = [
        " ".join((*c[: m.start()].split()[-OVER_NEAR:], m[0], *c[m.end() :].split()[:OVER_NEAR]))
        for c in CLAUSE.split(draft)
        for m in found.finditer(c)
    ]
    return bool(said) and all(OVER.search(w) for w in said)


@lru_cache(maxsize=4096)  # a held name meets every draft it is weighed against
def _mention(name: str) -> re.Pattern[str]:
    """The name as a word of its own, in any case (more names than `re`'s cache keeps)."""
    return re.compile(rf"(?<![\w-]){re.escape(name)}(?![\w-])", re.IGNORECASE)


def _over(draft: str, held: str) -> list[str]:
    """The names, hosts or boxes of the held text that the draft says are over."""
    return [n for n in _named(held) if _told_over(draft, n)]


@lru_cache(maxsize=4096)
def _named(held: str) -> tuple[str, ...]:
    """The names, hosts and boxes a held text gives, in the order `_over` meets them."""
    return tuple({n.name for n in _names(held)} | {m[0] for m in IDENT.finditer(held)})


def _before(text: str, at: int, back: int | None = BEFORE) -> frozenset[str]:
    """The content terms of the clause's words before a name (`back` of them, or all):
    what slot it fills."""
    clause = CLAUSE.split(text[:at])[-1]
    words = clause.split()[-back:] if back else clause.split()
    return frozenset(t for w in words for t in tokenized(w)) - function_words()


def _from_elsewhere(before: str, held: str) -> bool:
    """A name right before the change that the held text never gives: "Lyon -> Porto" is a
    route from one place to another, not a change of what the held text names."""
    left = [n for n in names(before) if n.start + len(n.name) >= len(before.rstrip()) - 1]
    return any(not _mentioned(held, n.name) for n in left)


def _placed(text: str, name: Name) -> bool:
    """A thing's name stands in a slot (PLACED), not as a word of a phrase ("the Kilnco
    export runs at …": no supplier named)."""
    return PLACED.search(text[: name.start]) is not None


def _name_terms(found: list[Name]) -> frozenset[str]:
    return frozenset(t for n in found for t in tokenized(n.name))


def _aside(draft: str, held: str) -> frozenset[str]:
    """The terms of the two texts' names, which tell no subject, but for those both texts
    also say outside any name: "fruit comes from Orchard Fruit Co" and "our fruit supplier
    is Hill Farm" are both about fruit, though one supplier's name says it too."""
    both = _unnamed(draft) & _unnamed(held)
    return (_name_terms(names(draft)) | _name_terms(names(held))) - both


def _unnamed(text: str) -> frozenset[str]:
    """The terms of a text outside the names it gives."""
    spans = sorted((n.start, n.start + len(n.name)) for n in names(text))
    rest, at = [], 0
    for start, end in spans:
        rest.append(text[at:start] if start >= at else "")
        at = max(at, end)
    rest.append(text[at:])
    return frozenset(t for w in " ".join(rest).split() for t in tokenized(w))


def _same_slot(draft: str, new: Name, held: str, old: Name) -> bool:
    """Test 2 of the module docstring."""
    if new.person != old.person:
        return False
    aside = _aside(draft, held)
    near = (_before(draft, new.start) & _before(held, old.start)) - aside
    if new.person:
        if two_things(_clause(draft, new.start), _clause(held, old.start), aside):
            return False
        return bool(near) or _one_role(_roles(draft), _roles(held))
    if not _placed(held, old):
        return False
    if near and _placed(draft, new):
        return True
    into = INTO.search(draft[: new.start])
    if into is None or _from_elsewhere(draft[: into.start()], held):
        return False
    # brought in by a change ("dailies delivery moved to X"): what moved is what the held
    # name serves ("reports reach the buyer through Y"), not another side of the subject
    return bool((_before(draft, new.start, None) & _before(held, old.start)) - aside)


def _roles(text: str) -> frozenset[str]:
    """The kinds of role a text gives (`agentmem.core.holders.ROLES`: owns, approves, is
    asked, is on call): an approver named is no new owner."""
    return frozenset(m.lastgroup for m in ROLE.finditer(text) if m.lastgroup)


def _one_role(ours: frozenset[str], theirs: frozenset[str]) -> bool:
    """Both texts give a role, of one kind; who a thing goes to ("ask") is said of any
    holder, an owner as well as the one on call."""
    return bool(ours and theirs) and bool(ours & theirs or "ask" in ours | theirs)


def _clause(text: str, at: int) -> str:
    """The clause of the text a name at `at` stands in."""
    start = max((m.end() for m in CLAUSE.finditer(text[:at])), default=0)
    end = CLAUSE.search(text, at)
    return text[start : end.start() if end else len(text)]


def _subject(draft: str, held: str, over: bool = False) -> bool:
    """Test 3 of the module docstring; when the draft says a thing the held text names is
    over, that thing ties the two, and one more shared term will do."""
    d, h = terms(draft), terms(held)
    aside = _aside(draft, held)
    shared = (d.content & h.content) - aside
    head = [t for t in h.head if t not in aside][:HEAD]
    both = {n.name for n in names(draft)} & {n.name for n in names(held)}
    if over:
        return bool(shared)
    return len(shared) >= SHARED and (any(t in d.tokens for t in head) or bool(both))


@textcached
def may_name(draft: str) -> bool:
    """The draft's own side of `named_anew`, read once a draft: it names someone or
    something (`mine` is of its names), stands nothing beside the old one (`BESIDE`) and
    is no retraction. Without it the rule answers False whatever the held text says
    (issue 17)."""
    return not BESIDE.search(draft) and retraction(draft) is None and bool(names(draft))


def named_anew(draft: str, held: str) -> bool:
    """The draft puts another person or named thing where the held lesson names one (see
    the module docstring)."""
    if not may_name(draft):
        return False  # the draft's side first: the held text read only for a draft that can act
    over = _over(draft, held)
    if not (NEWS.search(draft) or says_changed(draft) or over):
        return False
    if BESIDE.search(draft) or retraction(draft) is not None or set_apart(draft, held):
        return False
    mine = [n for n in names(draft) if not _mentioned(held, n.name)]
    if not mine or not _subject(draft, held, bool(over)):
        return False
    if over and any(not n.person and _placed(draft, n) for n in mine):
        return True  # a thing of the held text said to be over, another one named
    theirs = [n for n in names(held) if not _mentioned(draft, n.name) or _told_over(draft, n.name)]
    return any(_same_slot(draft, new, held, old) for new in mine for old in theirs)
