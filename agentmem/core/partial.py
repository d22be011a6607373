"""A new value of one part of a held lesson: the lesson goes, its other parts stay.

A lesson often packs two facts about two things: "the east kiln fires at 1,200 C; the
west kiln at 1,080 C", "Nordic Freight is our carrier at Oslo and at Bergen". When a later
text tells one of them anew ("from Monday the east kiln fires at 1,240 C", "Since
2026-03-01 Polar Lines is our carrier at Oslo"), keeping the lesson keeps a stale fact,
and withdrawing it loses a true one. So the lesson is read part by part (`split`): its
sentences or `;`-clauses, after a short lead ending in ":" that all of them share, and a
clause that joins two names in one place ("at Oslo and at Bergen") as one part for each
name. A part is told apart from the others by its *marks*: its content words that no
other part says (of two joined parts, only the names they join).

The draft replaces one part (`replaced_part`) when it says a mark of exactly that part
and of no other, and it tells that part anew as the judge reads a draft against a
lesson (the part alone standing for the lesson), or it puts another name in the part's
"<Name> is our/the <role> …" sentence with a change cue (`holder_swapped`). What is left
(`Partial.residual`) is the lesson without that part and without any other part saying
one of its marks (a clause about the same place goes with it): the writer withdraws the
lesson and writes the rest again as a lesson of its own. Anything less clean (one part,
two parts named, a part with no mark of its own, nothing left) is no partial replacement.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from agentmem.core.onset import OPENING
from agentmem.core.statement import content_and_values
from agentmem.core.stays import STAY, STILL, any_word
from agentmem.core.unchanged import told_changed
from agentmem.stores.bm25 import tokenize

# A short lead all parts share ("Kiln schedule rev 3: …"): up to five words before ": ".
LEAD = re.compile(r"\A(?P<lead>[^:;.]{1,60}?):\s+(?=\S)")
# Between sentences and `;`-clauses: a sentence ends after a word of three characters or
# more (not "St." or "e.g.") or a one-letter unit ("30 s."), before a capital or a digit.
PART = re.compile(r"\s*;\s+|(?<=[\w)%]{3})\.\s+(?=[A-Z0-9])|(?<=\d\s[a-z])\.\s+(?=[A-Z])")
NAME_WORD = r"[A-Z][\w'&-]*"
# Two names joined in one place: "<head> at Oslo and at Bergen <tail>" ("at Oslo and Bergen").
JOIN = re.compile(
    rf"\A(?P<head>.*?\b(?P<prep>at|in|on|for|from|to|via)\s+)(?P<a>{NAME_WORD})"
    rf"\s+and\s+(?:(?P=prep)\s+)?(?P<b>{NAME_WORD})(?P<tail>(?:\s.*)?)\Z"
)
# "<Name> is our/the <role> …": a role one holder fills.
HOLDER = re.compile(
    rf"\A(?P<name>{NAME_WORD}(?:\s+{NAME_WORD})*)\s+(?:is|are)\s+(?:now\s+)?"
    r"(?P<role>(?:our|the)\s+.+?)\.?\Z"
)
# "<Name> takes over <role> [on <date>]": a holder named for a role.
TAKES = re.compile(
    rf"\A(?P<name>{NAME_WORD}(?:\s+{NAME_WORD})*)\s+(?:takes|took|has\s+taken|will\s+take)"
    r"\s+over\s+(?:as\s+)?(?P<role>.+?)(?:\s+(?:on|from|since|as\s+of)\s+\S+(?:\s+\S+)?)?\.?\Z"
)
# A clause saying what is kept, still so or goes on ("Nordic keeps Bergen", "Bergen stays
# on X"): no part of the change. The words of no change are `told_changed`'s, read before.
KEPT = any_word(STAY, STILL, ("continues?",))
MIN_PARTS = 2
# A word pointing back at another part: a part saying it is no fact of its own.
BACK = re.compile(r"\b(?:it|its|they|them|their|theirs|this|these|those)\b", re.IGNORECASE)
# A word that names a thing wherever it stands: capitals ("RV3", "QA"), or a digit in it.
NAMED = re.compile(r"[A-Z]{2,}[\w-]*|[\w-]*\d[\w-]*")


@dataclass(frozen=True)
class Part:
    """One fact of a held lesson, as its own text, and its marks (see the module)."""

    text: str
    marks: frozenset[str]


@dataclass(frozen=True)
class Partial:
    """A held lesson with one part told anew: which, and the lesson without it."""

    replaced: str  # the part the draft tells anew
    residual: str  # the lesson without it (and without the parts naming its marks)


def _content(text: str) -> frozenset[str]:
    # `terms(text).content`, read without the rest of `terms` (twice the cost): a part and
    # each clause are texts read only here
    return content_and_values(text).content


@lru_cache(maxsize=4096)  # a held lesson is split for every draft it is weighed against
def split(text: str) -> tuple[str, tuple[Part, ...]] | None:
    """The lead and the parts of a held lesson (module docstring), or None when it does
    not split cleanly into two parts or more, each with a mark of its own."""
    body = text.strip()
    lead = ""
    if (m := LEAD.match(body)) and len(m["lead"].split()) <= 5:
        lead, body = m["lead"].strip(), body[m.end() :]
    clauses = [c.strip().rstrip(".;").strip() for c in PART.split(body)]
    if not all(clauses):
        return None
    texts: list[str] = []
    joined: list[tuple[int, int]] = []  # the index pairs of two joined parts
    for clause in clauses:
        m = JOIN.match(clause)
        if m and m["a"] != m["b"] and "," not in clause and " and " not in m["tail"]:
            start = len(texts)
            texts += [f"{m['head']}{m[side]}{m['tail']}" for side in ("a", "b")]
            joined.append((start, start + 1))
        else:
            texts.append(clause)
    if len(texts) < MIN_PARTS or len(joined) > 1 or not (joined or _parallel(clauses)):
        return None
    words = [_content(t) for t in texts]
    marks = []
    for i, own in enumerate(words):
        pair = next((p for p in joined if i in p), None)
        if pair is not None:  # two joined parts differ only in the names they join
            other = pair[1] if pair[0] == i else pair[0]
            mark = own - words[other]
        else:
            mark = own - frozenset().union(*(w for j, w in enumerate(words) if j != i))
        if not mark:
            return None
        marks.append(frozenset(mark))
    return lead, tuple(Part(t, m) for t, m in zip(texts, marks, strict=True))


def _parallel(clauses: list[str]) -> bool:
    """Clauses that tell one kind of fact, each of its own thing: each opens on a word no
    other clause says, they share a word of their frame, and they state values of the same
    kinds (a rate and a pH each) or each opens on a name ("R2 votes at …; R5 votes at …").
    A clause joining two names needs none of this: its parts share their frame. A rule, its
    reason and its advice ("at most 20 a batch; larger ones time out after 30 s; send them
    in twenties", "the digest goes out at 06:15; hold releases until it has gone") are one
    fact, never parts; so are two sides of one thing ("changes to the rota are owned by
    Ops; Ann approves every rota change")."""
    words = [tokenize(c) for c in clauses]
    for i, said in enumerate(words):
        if not said or any(said[0] in other for j, other in enumerate(words) if j != i):
            return False
    read = [content_and_values(c) for c in clauses]  # what `terms` reads first, alone
    if not frozenset.intersection(*(t.content for t in read)):
        return False  # no word of one frame
    kinds = {frozenset(k for k, found in t.values.items() if found) for t in read}
    if len(kinds) == 1 and next(iter(kinds)):
        return True
    return all(any(NAMED.fullmatch(w) for w in c.split()[:3]) for c in clauses)


def holder_swapped(draft: str, part: str) -> bool:
    """A clause of the draft puts another name in the part's "<Name> is our/the <role> …"
    sentence, the rest word for word, after a change cue ("Since 2026-03-01 Polar Lines is
    our carrier at Oslo" of "Nordic Freight is our carrier at Oslo"), or says the name
    takes that role over ("Polar Lines takes over carrying at Oslo on 1 March"): a role one
    holder fills has a new holder."""
    held = HOLDER.match(part.strip())
    if held is None:
        return False
    for clause in PART.split(draft.strip()):
        bare = OPENING.sub("", clause.strip(), count=1)
        new = HOLDER.match(bare)
        if new is not None:
            cued = bare != clause.strip() or " now " in f" {clause} "
            same = new["role"].lower() == held["role"].lower()
        elif (new := TAKES.match(bare)) is not None:  # "takes over" is its own cue
            cued, same = True, _stems(new["role"]) == _stems(held["role"])
        else:
            continue
        if cued and same and not _content(new["name"]) & _content(held["name"]):
            return True
    return False


def _stems(role: str) -> frozenset[str]:
    """A role's words, cut to five letters ("handling" and "handler" are one role)."""
    return frozenset(t[:5] for t in tokenize(role) if t not in ("our", "the", "as"))


def _changing(draft: str) -> str:
    """The draft's clauses that tell a change: not those saying a thing did not change,
    nor those saying what is kept or still so (`KEPT`)."""
    clauses = PART.split(told_changed(draft).strip())
    return " ".join(c for c in clauses if not KEPT.search(c))


def replaced_part(draft: str, held: str, anew: Callable[[str, str], bool]) -> Partial | None:
    """The one part of `held` that `draft` tells anew, with what is left of `held`
    without it (module docstring); None unless exactly one part is marked by the draft,
    `anew(draft, part)` (the judge's reading, the part standing for the lesson) or
    `holder_swapped` says it is told anew, and something is left."""
    found = split(held)
    if found is None:
        return None
    lead, parts = found
    told = _content(_changing(draft))
    named = [p for p in parts if p.marks & told]
    if len(named) != 1:
        return None
    part = named[0]
    whole = f"{lead}: {part.text}" if lead else part.text
    if not (holder_swapped(draft, part.text) or anew(draft, whole)):
        return None
    kept = [p.text for p in parts if p is not part and not part.marks & _content(p.text)]
    if not kept or any(BACK.search(text) for text in kept):
        return None  # nothing left, or what is left points back at what goes ("… hit it")
    rest = "; ".join(kept)
    rest = f"{lead}: {rest}" if lead else rest[:1].upper() + rest[1:]
    return Partial(replaced=part.text, residual=f"{rest}.")
