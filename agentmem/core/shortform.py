"""A thing named in full in one text and by its short form in another: "chapter-based
markers are gone" of a lesson on "the CHAP frames", "the telemetry relay was retired" of
"TELEM relay hosts …". People shorten a long word to its first letters and write the
short form in capitals; the full word, or a part of a hyphenated name ("chapter-based",
"chapter-marker"), is what another writer says. `agentmem.core.removal` asks it when a
thing said to be gone is not named in the held lesson as written.

A short form alone links little (a word in capitals may be emphasis, or another name
with the same first letters), so the two texts must also share `SHARED` content words
besides it."""

from __future__ import annotations

import re

from agentmem.core.statement import terms
from agentmem.core.textcache import textcached

SHORT = re.compile(r"(?<![\w-])[A-Z]{3,6}(?![\w-])")  # a short form: capitals, no digit
MIN_WORD = 5  # letters of a word a short form can stand for
SHARED = 2  # content words the two texts share besides the thing


def short_forms(text: str) -> frozenset[str]:
    """The words `text` writes in capitals (three to six letters), lower case."""
    return frozenset(m.lower() for m in SHORT.findall(text))


def shortened(name: str, text: str) -> str:
    """The short form `text` writes of `name` or of one of its hyphenated parts: at least
    three of its first letters and at least half of the word, in capitals ("CHAP" of
    "chapter-based"); "" when it writes none."""
    forms = short_forms(text)
    for part in re.split(r"[-_]", name.lower()):
        if len(part) < MIN_WORD or not part.isalpha():
            continue
        for form in forms:
            if form != part and part.startswith(form) and 2 * len(form) >= len(part):
                return form
    return ""


def named_short(name: str, full: str, short: str) -> bool:
    """`short` writes a short form of `name`, which `full` names, and the two texts share
    `SHARED` content words besides it: one thing, told in full and shortened."""
    form = shortened(name, short)
    if not form:
        return False
    shared = terms(full).content & terms(short).content
    own = {form, *re.split(r"[-_]", name.lower())}
    return len({t for t in shared if not any(t.startswith(o[:3]) for o in own)}) >= SHARED


# "… ignores chapters entirely", "the new reader ignores tags altogether": what a tool no
# longer reads at all, told as a plain word.
IGNORES = re.compile(
    r"\bignores?\s+(?:the\s+|all\s+|any\s+)?(?P<thing>(?:[A-Za-z][\w-]*\s+){0,2}?[A-Za-z][\w-]*)"
    r"\s+(?:entirely|completely|altogether|fully)\b",
    re.IGNORECASE,
)


@textcached
def ignored(text: str) -> list[str]:
    """The words of what `text` says is ignored entirely ("ignores chapters entirely":
    chapters), lower case."""
    return [w.lower() for m in IGNORES.finditer(text) for w in m["thing"].split()]


def ignored_of(draft: str, held: str) -> bool:
    """The draft says a thing is ignored entirely, and the held lesson names it, whole
    or by its short form in capitals, sharing `SHARED` other content words with the draft."""
    words = re.findall(r"[a-z][\w-]*", held.lower())
    for thing in ignored(draft):
        if named_short(thing, draft, held):
            return True
        if thing in words:
            shared = terms(draft).content & terms(held).content
            if len(shared - set(terms(thing).content)) >= SHARED:
                return True
    return False
