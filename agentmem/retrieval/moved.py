"""A job moved to another host, path or tool named in none of the older lesson's words.

"Nightly dumps are written to nas-02 under /vol/dumps; copy them with rsync", then "nightly
dumps now go to the object store: `blobctl put --bucket dumps` on store7.lan": the newer
lesson names the new place and its tool, never the old host, and says something changed.
No slot of one kind holds both (a host is no path, a tool is no host), so
`agentmem.retrieval.conflict.slot_retired` and `tool_retired` see no pair. Read here as
one slot, where the work is done: the places and tools of each sentence (`names`: a host,
a path, a file, a command's tool; a field or a key, "orders.courier_id", is no place).

`place_retired` holds when a sentence of the newer text says something changed ("now",
"since the move", "was replaced") and names a place or a tool the older text never
names; a sentence of the older one names one of the same class (a host for a host, a
path for a path) the newer never names; the two share
`SAME_WORK` content words besides the names (one not a word of the query every
candidate answers); no name the other text never names opens either sentence, before
the words they share ("the nas-02 dumps" against "the store7 dumps", "the EU desk's
queue" against "the APAC desk's queue": two things, each its own); and the newer clause
holding its name does not add it ("also", "as well", "too": both live on).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from agentmem.core.commands import lines
from agentmem.core.removal import mentions
from agentmem.core.statement import CAPITALISED, CODED, terms

SAME_WORK = 2  # content words, names aside, the two sentences share
SENTENCE = re.compile(r"(?<=[.!?])\s+|\n+")
PART = re.compile(r"[,;]\s")
# A path ("/vol/dumps/<day>/"), a dotted host or file ("store7.lan", "jobs.yaml"), a name
# with a digit ("nas-02", "db3"): what a plain word never is.
TECH = re.compile(
    r"(?<![\w./<>$-])(?:/[\w.<>$-]+(?:/[\w.<>$-]*)*"
    r"|[A-Za-z][\w-]*(?:\.[A-Za-z][\w-]*)+|[A-Za-z][\w-]*\d[\w-]*)(?![\w/<>-])"
)
MIN_NAME = 4  # characters of a name ("e.g", "v2" name too little)
SUBJECT_NAME = re.compile(f"{TECH.pattern}|{CODED.pattern}|{CAPITALISED.pattern}")
ADDED = re.compile(r"\b(?:also|as well|too|in addition|additionally|besides)\b", re.I)


FILE = re.compile(r"\.(?:py|ya?ml|json|toml|sh|cfg|ini|conf|csv|txt|md|xml|sql|js|ts|rb|go)$")
HOST = re.compile(r"[a-z0-9-]+(?:\.[a-z0-9-]+)+|[a-z][a-z0-9]*-[a-z0-9-]*\d[a-z0-9-]*")


def place_class(name: str) -> str:
    """What a name is: a "path", a "file", a "host" ("nas-02", "store7.lan"), or "" (a
    field or a key, "orders.courier_id", "max_rps2": no place)."""
    if name.startswith("/"):
        return "path"
    if FILE.search(name):
        return "file"
    return "host" if HOST.fullmatch(name) else ""


@lru_cache(maxsize=4096)
def names(sentence: str) -> frozenset[tuple[str, str]]:
    """The places and tools `sentence` writes, each with its class (`place_class`, or
    "tool" for a command's first word), lower case, a trailing stop left off."""
    found = {(n, place_class(n)) for n in (m.rstrip(".").lower() for m in TECH.findall(sentence))}
    found |= {(words[0].lower(), "tool") for words in lines(sentence)}
    return frozenset((n, c) for n, c in found if c and len(n) >= MIN_NAME)


def _words(text: str) -> set[str]:
    return {t for t in terms(text).content if len(t) >= 3 and not t.isdigit()}


def _lead(sentence: str, shared: set[str]) -> str:
    """The words of `sentence` before the first word it shares: what it is said of."""
    for match in re.finditer(r"\S+", sentence):
        if _words(match.group(0)) & shared:
            return sentence[: match.start()]
    return sentence


def _apart(sentence: str, other: str, shared: set[str]) -> bool:
    """A name stands where the sentence opens on its subject, before any word the two
    share, and the other text never names it: "the EU desk's queue", "the kiln-2 loads"
    (two things, each its own)."""
    lead = _lead(sentence, shared)
    return any(not mentions(other.lower(), n.lower()) for n in SUBJECT_NAME.findall(lead))


def _own(sentence: str, other: str) -> set[tuple[str, str]]:
    """The names of `sentence` (with their class) that `other` never names."""
    return {(n, c) for n, c in names(sentence) if not mentions(other.lower(), n)}


def place_retired(
    old: str, new: str, common: set[str], says_change: Callable[[str], bool]
) -> list[str]:
    """The names of `old` whose work `new` moved elsewhere (module docstring); `common`
    holds the query's words, `says_change` tells a sentence that says something changed."""
    out: list[str] = []
    for there in SENTENCE.split(new):
        if not there.strip() or not names(there) or not says_change(there):
            continue
        for said in SENTENCE.split(old):
            if not said.strip():
                continue
            shared = _words(TECH.sub(" ", said)) & _words(TECH.sub(" ", there))
            if len(shared) < SAME_WORK or not shared - common:
                continue
            mine, theirs = _own(said, new), _own(there, old)
            if not {c for _, c in mine} & {c for _, c in theirs}:
                continue  # a host for a host, a path for a path, a tool for a tool
            if _apart(said, new, shared) or _apart(there, old, shared):
                continue
            parts = [p for p in PART.split(there) if any(n in p.lower() for n, _ in theirs)]
            if any(ADDED.search(p) for p in parts):
                continue
            out += sorted({n for n, _ in mine} - set(out))
    return out
