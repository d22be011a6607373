"""Who holds a role: the people, teams and channels a statement names, and the roles it
gives them (owns, signs off or reviews, who to ask, on call). Who holds a role is the
role's value: `agentmem.core.newvalue.reassigned` reads a role handed to others."""

from __future__ import annotations

import re
from collections.abc import Collection
from functools import lru_cache

from agentmem.core.words import CODE, function_words, tokenized
from agentmem.stores.bm25 import tokenize

# Who holds a role is a value of the role: a person or a team named in full (two or more
# capitalised words in a row: "Dana Whitfield", "Finance Ops"), or a chat channel or a
# handle ("#billing-ops", "@ravi"). See `people`.
# Letters beyond ASCII count ("Inès Moreau", "Zoë Hartmann"): a name is not cut at its accent.
UPPER, LOWER = "A-ZÀ-ÖØ-Þ", "a-zß-öø-ÿ"
FULL_NAME = re.compile(rf"(?<![\w-])[{UPPER}][{LOWER}]+(?:[ \t]+[{UPPER}][{LOWER}]+)+\b")
HANDLE = re.compile(r"(?<![\w#@])[#@][a-z][\w/-]*[a-z0-9]")  # "@org/team" whole
# A team named in lower case, as a handle without its "@", after what it holds: "owned by
# route-eng", "maintained by data-platform" (a hyphenated name: a plain word after "by" is
# as likely a thing or a way as a holder).
HELD_BY = re.compile(
    r"\b(?:owned|maintained|run|operated|approved|reviewed|signed off)\s+by\s+(?:the\s+)?"
    r"([a-z][a-z0-9]*(?:-[a-z0-9]+)+)\b",
    re.IGNORECASE,
)
SENTENCE_START = re.compile(r"(?:^|[.!?:;])[\s*_>#-]*$")
# Roles a person or a team holds over a thing, each as one key: owns it, signs it off, is
# who to ask, is on call for it. English, not any domain's words ("their own" is no owner).
ROLES = {
    "own": r"owns|owned by|owners?|ownership|maintain(?:s|ed|er|ers)?|responsible for",
    # a reviewer who must pass a change holds its sign-off ("route-eng reviews every PR")
    "approve": r"sign(?:s|ed|ing)?[- ]?offs?|approv(?:e|es|ed|al|als|er|ers)|review(?:s|ed|er|ers)?",
    "ask": r"go(?:es)? to|ask|contact|escalat(?:e|es|ed|ion)s? to|point of contact",
    "on-call": r"on[- ]?call|paged",
}
ROLE = re.compile("|".join(rf"\b(?P<{k.replace('-', '_')}>{v})\b" for k, v in ROLES.items()), re.I)
# A person named by a title: "Dr. Reed", "Prof. Ines Vale" (`people` reads "Dr" as a word).
TITLES = ("Dr", "Prof", "Mr", "Mrs", "Ms", "Mx")  # their dot ends no sentence
TITLED = re.compile(rf"\b(?:{'|'.join(TITLES)})\.?\s+([A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)?)")


def same_holder(a: frozenset[str], b: frozenset[str]) -> bool:
    """One of `a`'s holders is one of `b`'s, however each writes it: a team's handle is its
    name ("@yard-ops", "#yard-ops" and "Yard Ops"; "@acme/yard-ops"), a first name is the
    person's full name ("Priya", "Priya Raman")."""
    words = [[frozenset(tokenize(p)) for p in side] for side in (a, b)]
    return any(x and y and (x <= y or y <= x) for x in words[0] for y in words[1])


@lru_cache(maxsize=4096)  # a text meets many others per add: read once
def people(text: str) -> frozenset[str]:
    """The people, teams and channels a text names (see FULL_NAME), lower case. A run of
    capitalised words that opens a sentence is a name too ("App Store Connect rejects …"),
    without a first word that only opens it ("Ask Dana Whitfield", "The Privacy Office")."""
    plain = CODE.sub(" ", text)
    found = {m.lower() for m in HANDLE.findall(plain)}
    found |= {m.lower() for m in HELD_BY.findall(plain)}
    for match in FULL_NAME.finditer(plain):
        words = match.group(0).split()
        if SENTENCE_START.search(plain[: match.start()]) and (
            words[0].lower() in function_words()
            or not tokenize(words[0])
            or ROLE.fullmatch(words[0])
        ):
            words = words[1:]
        if len(words) > 1:
            found.add(" ".join(words).lower())
    return frozenset(found)


def two_things(draft: str, held: str, aside: frozenset[str]) -> bool:
    """The two clauses name one kind of thing, each a thing of its own: a word both say
    stands right after a word of each that the other text never says ("the billing team's
    rota" against "the shipping team's rota"; "owns the refund queue" against "owns the
    invoice queue"). Two holders of two things, not one slot. A word after "the" or a verb
    ("fail the check", "route the check") is no kind named."""
    ours, theirs = qualified(draft), qualified(held)
    for word in (set(ours) & set(theirs)) - aside:
        if own_kinds(ours[word], theirs[word], aside | set(ours), aside | set(theirs)):
            return True
    return False


def own_kinds(a: str | None, b: str | None, ours: Collection[str], theirs: Collection[str]) -> bool:
    """`a` and `b`, the words before one word in two clauses, name two kinds of it: each
    a word, not the same, and never said by the other clause (`ours`, `theirs`: what each
    says). "the billing rota" and "the shipping rota" name two rotas."""
    return bool(a) and bool(b) and a != b and a not in theirs and b not in ours


def qualified(clause: str) -> dict[str, str]:
    """Each content term of the clause, with the term of the word written right before it,
    a space between ("" when that word is a function word, none, or set apart by a stop or
    a bracket: "(owners): C-II" names no kind of C-II): what kind of it the clause names."""
    out: dict[str, str] = {}
    before, end = "", 0
    for match in re.finditer(r"[\w'’-]+", clause):
        if clause[end : match.start()].strip():
            before = ""
        end = match.end()
        found = [t for t in tokenized(match[0]) if t not in function_words()]
        if not found:
            before = ""
            continue
        for term in found:
            out.setdefault(term, before)
            before = term
    return out
