"""A role handed to someone else, read clause by clause: "Dr. Ines Vale is the kiln safety
officer since 03-02" after "firings above 1200 °C need a check by the kiln safety officer,
Dr. Amos Reed, first"; "glaze sign-off is now done by the Studio Board" after "glaze
changes need sign-off from the studio lead (Ana Ruiz) before the next firing".

`agentmem.core.newvalue.reassigned` reads such a change over the two whole texts, and a
phrase swapped anywhere in them ("… attach the test report" against "… before the rig or
the site") blocks it as two things told in one frame; a post named by a noun ("the
kiln safety officer") it does not read at all, nor a person named by a title ("Dr. Reed").
Here each text is read clause by clause: a clause that gives a role (owns, signs off, is
who to ask, on call, or a post such as a coordinator, lead or manager) and names who holds
it. The draft hands the held role on when, in one clause each:

- the role is the same: the same kind (`agentmem.core.holders.ROLES`), or the same post
  with the same words before it ("the kiln safety officer", not "the deputy kiln safety
  officer" nor "the glaze officer");
- a role by verb is over the same thing: the two clauses share a content word besides the
  role's and the holders' own, and no phrase is swapped between them (`swapped`: the
  billing tables' approver is not the search index's), nor does a word both say stand
  after a word of each the other never says (`agentmem.core.holders.two_things`: the
  glaze crew's rota is not the clay crew's rota);
- the holders differ (`same_holder`: none in common), and the draft says a change
  ("now", "since 03-02", "took over", "moved to", `says_changed`; not a bare "new": "new
  glaze lines need sign-off from …" names no new holder);
- the draft's clause does not narrow the role to a case (a number, "only", "except",
  "over", "above", "below", "unless"): an exception beside the rule is no handover.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from agentmem.core.cues import says_changed
from agentmem.core.holders import ROLE, TITLED, TITLES, own_kinds, people, same_holder, two_things
from agentmem.core.namedday import NAMED
from agentmem.core.newvalue import swapped
from agentmem.core.onset import SINCE_DAY
from agentmem.core.statement import function_words, terms
from agentmem.stores.bm25 import tokenize

# A post named by a noun, with up to two words before it that say of what.
POST = re.compile(
    r"(?P<of>(?:[\w-]+\s+){0,3})"
    r"(?P<post>coordinator|lead|manager|officer|owner|approver|assessor|steward|custodian|"
    r"maintainer|administrator|supervisor|champion|point of contact)\b(?!\s+times?\b)",
    re.IGNORECASE,
)
# Between clauses, not after a title's dot nor an extension's ("Ana Ruiz (ext. 2210)").
CLAUSE = re.compile(
    "".join(rf"(?<!\b{t}\.)" for t in (*TITLES, "ext")) + r"(?<=[.;:!?])\s+|\s[—–]\s"
)
CASE = re.compile(
    r"\b(?:only|except|unless|over|above|below|under|beyond|up to|at least|more than|"
    r"less than)\b|\d",
    re.IGNORECASE,
)
# When it changed, by number or by the month's name ("since 03-02", "from June 15, 2031"):
# no case of the role.
DAY = re.compile(rf"\b(?:\d{{4}}-)?\d{{1,2}}-\d{{1,2}}\b|(?:{NAMED.pattern})(?:,?\s+\d{{4}}\b)?")
# Not a bare "new" or "since": "new ad slots need sign-off", "since it touches billing".
TAKEN = re.compile(
    r"\b(?:took|takes|taken|taking)\s+over\b|\bhand(?:s|ed)?\s+(?:over\s+)?to\b|"
    r"\bas of\b|\bmoves?\s+to\b|\bmoved\s+to\b",
    re.IGNORECASE,
)
FILLER = frozenset(tokenize("the our a new current is are was now since done by from"))
STATE = frozenset(("new", "current", "now"))


@dataclass(frozen=True)
class Role:
    """A role a clause gives, and who holds it."""

    kinds: frozenset[str]  # ROLES' keys, or "post:<words before> <noun>"
    holders: frozenset[str]
    clause: str


def _holders(clause: str) -> frozenset[str]:
    titled = {" ".join(m[1].split()).lower() for m in TITLED.finditer(clause)}
    plain = TITLED.sub(" ", clause)
    return frozenset(titled | people(plain))


@lru_cache(maxsize=4096)
def roles(text: str) -> tuple[Role, ...]:
    """The roles a text gives, clause by clause, with who holds each."""
    out = []
    for clause in _labelled(CLAUSE.split(text)):
        if not clause or not clause.strip():
            continue
        holders = _holders(clause)
        if not holders:
            continue
        kinds = {k for m in ROLE.finditer(clause) for k, v in m.groupdict().items() if v}
        kinds |= {kind for kind, _ in posts(clause, holders)}
        if kinds:
            out.append(Role(frozenset(kinds), holders, clause))
    return tuple(out)


def posts(clause: str, holders: frozenset[str]) -> list[tuple[str, re.Match[str]]]:
    """The posts a clause names, each as its kind ("post:<words before> <noun>", the
    holders' names left out) and where it stands."""
    named = {t for h in holders for t in tokenize(h)}
    out = []
    for m in POST.finditer(TITLED.sub(lambda t: " " * len(t[0]), clause)):
        of = [t for t in tokenize(_after_function_words(m["of"])) if t not in named]
        out.append(("post:" + " ".join([*of, m["post"].lower()]), m))
    return out


def _labelled(clauses: list[str]) -> list[str]:
    """The clauses, a label joined to what it labels: "Kiln safety officer: Ines Vale" is one
    clause that gives the post and its holder."""
    out: list[str] = []
    for clause in clauses:
        if out and out[-1].rstrip().endswith(":"):
            out[-1] = f"{out[-1]} {clause}"
        else:
            out.append(clause)
    return out


def _after_function_words(words: str) -> str:
    """The words before a post after the last function word ("a check by the kiln safety":
    "kiln safety"): what the post is of."""
    kept: list[str] = []
    for word in words.split():
        named = any(c.isupper() for c in word[1:])  # "QA", "IT": a name, not a word
        plain = word.lower() in function_words() or word.lower() in STATE
        kept = [] if plain and not named else [*kept, word]
    return " ".join(kept)


def _subject(role: Role) -> frozenset[str]:
    """What a clause gives the role over: its content words, not the role's or holders'."""
    role_words = {t for m in ROLE.finditer(role.clause) for t in tokenize(m[0])}
    named = {t for h in role.holders for t in tokenize(h)}
    return terms(role.clause).content - role_words - named - FILLER


def handed_over(draft: str, held: str) -> bool:
    """The draft hands on a role the held lesson gives to another holder (see the module
    docstring)."""
    if not (says_changed(draft) or TAKEN.search(draft) or SINCE_DAY.search(draft)):
        return False
    for new in roles(draft):
        if CASE.search(DAY.sub(" ", TITLED.sub(" ", new.clause))) and not TAKEN.search(new.clause):
            continue
        for old in roles(held):
            common = new.kinds & old.kinds
            if not common or same_holder(new.holders, old.holders):
                continue
            if any(k.startswith("post:") for k in common):
                return True
            everyone = new.holders | old.holders
            shared = _subject(new) & _subject(old)
            if (
                shared
                and not swapped(new.clause, old.clause, everyone)
                and not _of_two_things(new, old, shared)
                and not two_things(new.clause, old.clause, _named(everyone))
            ):
                return True
    return False


def _of_two_things(new: Role, old: Role, shared: frozenset[str]) -> bool:
    """Each clause names every word they share with a word of its own before it, which the
    other never says ("the clay order queue" against "the glaze refund queue"): one kind of
    thing, two of them, each with its own holder. "The refund queue" against "the glaze
    refund queue" names one. Two kinds as `two_things` reads them (`own_kinds`), but of
    every word the roles' subjects share, not of any word the clauses share: a role's
    subject is what is handed on, all of it must be another thing."""
    ours, theirs = _subject(new), _subject(old)
    for word in shared:
        a, b = _before(new.clause, word), _before(old.clause, word)
        if not (own_kinds(a, b, ours, theirs) and a in ours and b in theirs):
            return False
    return True


def _named(holders: frozenset[str]) -> frozenset[str]:
    """The words of the holders' names: who holds a thing is no kind of it."""
    return frozenset(t for h in holders for t in tokenize(h))


def _before(clause: str, word: str) -> str | None:
    """The content word right before `word` in the clause, if any."""
    tokens = tokenize(clause)
    at = tokens.index(word) if word in tokens else 0
    return tokens[at - 1] if at > 0 else None
