"""A held lesson told again with one of its values said to stay as it was: the rest of the
text is the lesson's new word.

A change is often told beside what it did not change, in the held lesson's own values:
"HVI sample boxes ship to the USDA AMS Abilene classing office; the 4 pm UPS pickup is
unchanged" after "HVI sample coupons go in the 4 pm UPS pickup to the USDA AMS Lubbock
classing office", "Kestrel KR-9: impregnation rolls 92 °C, film coater 88 °C, line speed
6 m/min as before" after "With Norvane EP-410 the impregnation rolls run at 85 °C and the
film coater at 80 °C; line speed 6 m/min". Saying that a value of the lesson stayed is
saying that the text is a new telling of that lesson; no change word is needed beside the
rest. `agentmem.core.unchanged.left_alone` reads the other case: the kept clause names a
thing the held lesson tells and the change names nothing of it, so the lesson stays.

`told_around` reads the draft's clauses (commas too: "…, line speed 6 m/min as before") and
takes the draft as the held lesson's new word when

- the draft is a lesson of a few sentences (`LONGEST`), not a record or a pasted file whose
  clauses are of many things;
- a clause or an aside says a thing stays as it was (`KEPT`: "unchanged", "as before",
  "stays the same", "stays at"), and gives a value the held lesson gives too, of a thing
  the held lesson names when the clause names one (`_anchored`): the value that stayed;
- the kept clauses do not name what the held lesson is about where the change does not
  ("wholesale 1 kg bags are unchanged" of the wholesale bags' lesson, "CL2 stays at
  200 m/min" of CL2's: that lesson is what stayed, `_kept_whole`);
- the change says at least `SUBJECT` of the held lesson's content terms that the kept
  clauses do not: it tells of its thing, not of a thing beside it;
- a clause of the change gives a new value of a kind a clause of the held lesson gives,
  the two clauses of one thing (`SUBJECT` content terms in common), and the held value is said
  nowhere in the draft; or the draft puts a name where the held lesson has another, after
  the same word, the held name said nowhere in it (`_new_word`);
- the change says its word is no addition nor a case of its own
  (`agentmem.core.swapped.BESIDE`: "also", "backup", "only"; `EXTRA`: "extra").

Asked between two lessons behind the judge's guards (another thing, kind, numbered unit,
case or side: `agentmem.core.toldanew`), which keep "line 2 now runs 92 °C; line speed
6 m/min as before" from replacing line 1's lesson, and behind `other_instance`: another
record, year, numbered or coded thing, channel or holder (`agentmem.core.lookalike`, whose
`another_instance` leaves a text told as news to the rules), but not a name put in the
held name's place ("USDA AMS Abilene" after "USDA AMS Lubbock"): with one of the held
lesson's values said to stay, that is the lesson's new word, not another place's.
"""

from __future__ import annotations

import re
from functools import lru_cache

from agentmem.core.lookalike import another_of_its_kind, member_of_its_own, renamed_in_place
from agentmem.core.otherrecord import other_record
from agentmem.core.otherscope import other_scope
from agentmem.core.statement import Terms, terms
from agentmem.core.swapped import BESIDE

# A text's clauses: sentences, ";", ":", a comma, a dash.
PARTS = re.compile(r"(?<=[.;:!?])\s+|\s*;\s*|,\s+|\s+[—–]\s+")
# An aside in brackets ("(30 s, as before)"), read apart from the clause it stands in.
ASIDE = re.compile(r"\s*\(([^()]*)\)")
# What says a thing stayed as it was.
KEPT = re.compile(
    r"\bunchanged\b|\bas\s+before\b|\bsame\s+as\s+(?:before|now|today)\b"
    r"|\b(?:stays?|remains?|is|are)\s+(?:the\s+same|as\s+(?:it|they)\s+(?:is|are|was|were))\b"
    r"|\b(?:stays?|remains?)\s+(?:at|where\s+(?:it|they)\s+(?:is|are|was|were))\b"
    r"|\bno\s+change\s+(?:to|for|in|on)\b",
    re.IGNORECASE,
)
EXTRA = re.compile(r"\b(?:extra|additional|another)\b", re.IGNORECASE)  # beside it, not for it
# The words of a kept clause that say it is kept, not what it is about.
CUE_WORDS = frozenset(("unchang", "befor", "same", "stay", "remain", "chang"))
SUBJECT = 2  # the held lesson's content terms the change says: one thing told again
LONGEST = 400  # characters of a lesson told in a few sentences; longer is a record or a file
HEAD = 2  # the held lesson's leading terms that say what it is about


@lru_cache(maxsize=4096)  # a draft meets many held texts per add: read once
def _split(text: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The text's clauses that say a thing stayed, and the rest (the change); both empty
    when no clause says a thing stayed or nothing else is left."""
    asides = [m[1] for m in ASIDE.finditer(text)]
    parts = _parts(ASIDE.sub("", text)) + [a.strip() for a in asides if a.strip()]
    kept = tuple(p for p in parts if KEPT.search(p))
    rest = tuple(p for p in parts if not KEPT.search(p))
    if not kept or not rest:
        return (), ()
    return kept, rest


def _parts(text: str) -> list[str]:
    return [p.strip() for p in PARTS.split(text) if p and p.strip()]


def _values(told: Terms) -> set[tuple[str, str]]:
    return {(kind, v) for kind, found in told.values.items() for v in found}


def _words(told: Terms) -> frozenset[str]:
    """A clause's content terms, and its codes of letters and digits ("h2o", "cl2"), which
    name a thing as much as a word does; no bare numbers."""
    coded = {t for t in told.tokens if any(c.isdigit() for c in t) and any(c.isalpha() for c in t)}
    return told.content | coded


def _anchored(kept: Terms, held: Terms) -> bool:
    """The kept clauses give a value the held lesson gives, and name a thing of it when they
    name any ("the 4 pm UPS pickup is unchanged" of "… in the 4 pm UPS pickup …")."""
    if not _values(kept) & _values(held):
        return False
    things = kept.content - CUE_WORDS - {v for _, v in _values(kept)}
    return not things or bool(things & held.content)


def _kept_whole(kept: Terms, change: Terms, held: Terms) -> bool:
    """The kept clauses name what the held lesson is about (its leading terms) where the
    change does not: the held lesson is the thing that stayed."""
    return any(t in kept.content and t not in change.content for t in held.head[:HEAD])


def _new_word(change: tuple[str, ...], draft: str, held: str) -> bool:
    """A clause of the change gives a value of a kind a clause of the held lesson on its thing
    gives, not the held one, the held one said nowhere in the draft; or the
    draft puts a name after a word where the held lesson has another, said nowhere in it."""
    said = _values(terms(draft))
    for mine in map(terms, change):
        for theirs in map(terms, _parts(held)):
            if len(_words(mine) & _words(theirs)) < SUBJECT:
                continue
            for kind, found in mine.values.items():
                old = theirs.values.get(kind, frozenset())
                if found - old and any((kind, v) not in said for v in old):
                    return True
    return renamed_in_place(draft, held)


def told_around(draft: str, held: str) -> bool:
    """The draft says a value of the held lesson stayed as it was and tells the rest of its
    thing otherwise (module docstring)."""
    if len(draft) > LONGEST:
        return False
    kept_parts, change_parts = _split(draft)
    if not kept_parts:
        return False
    change_text = "; ".join(change_parts)
    if BESIDE.search(change_text) or EXTRA.search(change_text):
        return False
    told, kept, change = terms(held), terms("; ".join(kept_parts)), terms(change_text)
    if not _anchored(kept, told) or _kept_whole(kept, change, told):
        return False
    if len((change.content & told.content) - kept.content) < SUBJECT:
        return False
    return _new_word(change_parts, draft, held)


def other_instance(draft: str, held: str) -> bool:
    """The draft is of another record, year, numbered or coded thing, channel or holder
    than the held text (`agentmem.core.lookalike.another_instance` without its reading of a
    name in another's place, and told as news or not)."""
    if other_record(draft, held) or member_of_its_own(draft, held):
        return True
    return another_of_its_kind(draft, held) or other_scope(draft, held)
