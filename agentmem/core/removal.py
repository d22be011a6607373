"""What a lesson says no longer exists: "the --full flag was removed", "we deleted
legacy_export.py", "the Redis cluster is gone", "retired the v1 webhook endpoint".

A run record written before such a lesson that still names the removed thing tells how
things were (it ran the flag, it read the file), which a worker must not take for how they
are. Only what names one thing is read out of the words next to the removal cue, so a
record about another thing that shares a word stays:

- a name: a command or path as code, a flag (`--full`), an identifier (`legacy_export.py`,
  `/v1/charges`, `ORDERS_V1`, `PagerDuty`), a hyphenated name (`orders-v1`), a word of
  letters and digits (`A100`);
- failing a name, the noun phrase of at least `MIN_PHRASE` words right next to the cue
  ("the nightly export job was removed" → "nightly export job", "the Redis cluster is
  gone" → "redis cluster"), matched as that phrase: one plain word ("Stripe", "cluster")
  would make every record that mentions it stale.

English cues, not any domain's words. Also what a replaced lesson stated that its
replacement no longer does (`retired_values`): the same question for a value; and whether
a draft takes away a name a held lesson tells to use (`dropped`). Nothing here reads
memory.
"""

from __future__ import annotations

import re
from functools import lru_cache

from agentmem.core.commands import lines
from agentmem.core.places import addresses
from agentmem.core.statement import (
    CAPITALISED,
    CODE,
    IDENTIFIER,
    NUMBER,
    SPELLED,
    STATE,
    function_words,
    terms,
)
from agentmem.stores.bm25 import tokenize

# Not "deprecated": a deprecated thing still works, and a run that used it did too.
VERBS = r"removed|deleted|dropped|retired|decommissioned|replaced|superseded"
# "X was removed", "X is now gone", "X has been deleted", "X no longer exists": X precedes.
BACKWARD = re.compile(
    rf"\b(?:(?:(?:was|were|is|are|has been|have been|got)\s+(?:now\s+)?|now\s+)(?:{VERBS}|gone)"
    r"|(?:no longer exists?|does not exist any ?more|went away)"
    r"|(?:are|is) no more)\b",
    re.IGNORECASE,
)
# "we deleted X", "Removed X", "retired the X": X follows an active verb that opens a
# clause (a sentence, or after "we"/"I"/"they"), not a participle inside one ("the job
# dropped an hour of deltas" tells what went wrong, not what was taken away).
FORWARD = re.compile(
    rf"(?:^|[.;:!?]\s+|\b(?:we|i|they|you)\s+(?:have\s+|had\s+)?)(?:{VERBS}|killed)\s+",
    re.IGNORECASE,
)
WINDOW = 5  # words a cue points at
# What follows the thing and says where it was ("the price CSV in liveops-config", "the
# cache of the orders-api"): the place is not what was removed.
PREPOSITIONS = frozenset("in on at from of under inside within for behind across to into".split())  # noqa: SIM905
MIN_PHRASE = 2  # a phrase of fewer words names nothing on its own
CLAUSE_END = re.compile(r"[,;:!?()]|\.(?=\s|$)")  # a dot inside a name (`export.py`) ends nothing
DETERMINERS = frozenset("the a an our their this that these those its his her my your".split())  # noqa: SIM905
FLAG = re.compile(r"(?<![\w-])--?[a-z][\w-]*", re.IGNORECASE)
HYPHENATED = re.compile(r"\b\w+(?:-\w+)+\b")
# Letters and digits in one word (A100, PS5, ens5): a name whatever its place in the
# sentence; a version alone (v1, 2.9) is no name.
MIXED = re.compile(r"\b(?=\w*[A-Za-z])(?=\w*\d)\w{3,}\b")
VERSIONISH = re.compile(r"v?\d+(?:\.\d+)*", re.IGNORECASE)


@lru_cache(maxsize=4096)
def removed(text: str) -> frozenset[str]:
    """The things `text` says were removed, lower case, as they are written."""
    out: set[str] = set()
    for match in BACKWARD.finditer(text):
        before = _thing(CLAUSE_END.split(text[: match.start()])[-1].split())[-WINDOW:]
        out |= _named(before, backward=True)
    for match in FORWARD.finditer(text):
        after = _thing(CLAUSE_END.split(text[match.end() :])[0].split()[:WINDOW])
        out |= _named(after, backward=False)
    return frozenset(out)


def _named(words: list[str], *, backward: bool) -> set[str]:
    """The names among `words`, else the noun phrase next to the cue."""
    chunk = " ".join(words)
    names = {m.group(1) for m in CODE.finditer(chunk)}
    rest = CODE.sub(" ", chunk)
    names |= set(FLAG.findall(rest))
    names |= {m.strip("./-") for p in (IDENTIFIER, HYPHENATED, MIXED) for m in p.findall(rest)}
    names = {
        n.lower()
        for n in names
        if len(n) > 2 and re.search("[a-z]", n, re.IGNORECASE) and not VERSIONISH.fullmatch(n)
    }
    if names:
        return names
    phrase = _phrase(words, backward=backward)
    return {phrase} if len(phrase.split()) >= MIN_PHRASE else set()


def _thing(words: list[str]) -> list[str]:
    """`words` up to the first preposition after a content word: "the --full flag in
    deploy.sh" names the flag, not the script it was in (a name in the place phrase was
    taken for the thing, and every record naming the place was left out)."""
    for i, word in enumerate(words):
        if word.lower() in PREPOSITIONS and any(
            w.lower() not in DETERMINERS and w.lower() not in PREPOSITIONS for w in words[:i]
        ):
            return words[:i]
    return words


def mentions(text: str, thing: str) -> bool:
    """Whether `text` names `thing` (one of `removed`'s): a name as it is written, a phrase
    as its words in a row, also inside an identifier ("price csv" in `store_prices.csv`,
    "nightly export job" in `nightly_export_job.py`)."""
    want = _stems(thing)
    if " " not in thing or len(want) != len(thing.split()):  # a name, or a value: as written
        end = r"(?![\w-])" if thing.startswith("-") else r"(?!\w)"  # --full is not --full-sync
        return re.search(rf"(?<!\w){re.escape(thing)}{end}", text.lower()) is not None
    have = _stems(text)
    return any(have[i : i + len(want)] == want for i in range(len(have) - len(want) + 1))


@lru_cache(maxsize=4096)
def _stems(text: str) -> tuple[str, ...]:
    """The text's words in order as search terms, identifiers split at `_`, `.` and `-`
    (cached: a pack checks each run record against every removed phrase)."""
    words = re.split(r"[\W_]+", text.lower())
    return tuple(t for word in words if word for t in tokenize(word)[:1])


def _phrase(words: list[str], *, backward: bool) -> str:
    """The run of content words next to the cue: the last ones before it, or the first
    after it (past a determiner)."""
    cleaned = [re.sub(r"[^\w'-]", "", w).lower() for w in words]
    if not backward:
        while cleaned and (cleaned[0] in DETERMINERS or cleaned[0] in STATE):
            cleaned = cleaned[1:]
    run: list[str] = []
    for word in reversed(cleaned) if backward else cleaned:
        if word in STATE:
            continue
        if not word or word in DETERMINERS or word in _common() or not tokenize(word):
            break
        run.append(word)
    return " ".join(reversed(run) if backward else run)


@lru_cache(maxsize=1)
def _common() -> frozenset[str]:
    """Words that name nothing: function words, and a sentence's opening words that a
    capital makes look like names."""
    return function_words() | DETERMINERS | {"we", "it", "they", "there"}


def retired_values(old: str, new: str) -> set[str]:
    """What `old` stated that its replacement `new` no longer does: its commands, paths
    and identifiers, versions, times and days, and its counts with what they count ("4
    agents", "1 GB"), as they are written (lower case). A record of a run that still used
    one tells of the state before the change."""
    # A URL or a path is read whole, with its host and path as values of their own: read
    # word by word, a host kept its slashes ("//db.old.example") and a path its port.
    said, old = addresses(old)
    said |= {v for values in terms(old).values.values() for v in values}
    said |= {m.lower() for m in (*IDENTIFIER.findall(old), *CAPITALISED.findall(old)) if len(m) > 3}
    kept, rest = addresses(new)
    kept |= {v for values in terms(rest).values.values() for v in values}
    kept |= {m.lower() for m in IDENTIFIER.findall(rest)}
    out = {v for v in said - kept if not v.isdigit() and v not in new.lower()}
    now = counted(new)
    counts = {c for word, cs in counted(old).items() if word in now for c in cs - now[word]}
    return out | counts


def counted(text: str) -> dict[str, set[str]]:
    """What the text counts: each counted word with its counts as written ("agents": {"4
    agents"}). A count is retired only when the replacement counts the same thing."""
    out: dict[str, set[str]] = {}
    for pattern in (NUMBER, SPELLED):
        for m in pattern.finditer(text):
            word = (m.group(2) or "").lower()
            if word and word not in function_words():
                out.setdefault(word, set()).add(" ".join(m.group(0).lower().split()))
    return out


MIN_NAME = 4  # characters of a removed name that retires a lesson naming it
# "release 3.0 deletes `--tiles-v1`": a flag (or code) as the object of a verb of
# removal, wherever the verb stands; a flag names one thing, so no clause start is needed.
DROPS = re.compile(
    r"\b(?:drops|dropped|removes|removed|deletes|deleted|retires|retired)\s+(?:the\s+|its\s+)?"
    r"(?:((?<![\w-])--?[a-z][\w-]*)|`([^`\n]+)`)",
    re.IGNORECASE,
)


def dropped(draft: str, held: str) -> bool:
    """The draft says a name the held lesson uses (a flag, a command, an identifier; not a
    phrase) is removed or gone: "the `--tiles-v1` flag was removed in 3.0" retires "lobby
    screens need their maps built with --tiles-v1". A held lesson that says the
    name is gone itself agrees, and one that runs the name with a tool the draft never
    names is about that tool's own option of the same name ("printctl --tiles-v1 keeps
    working" is no lesson on the map builder's dropped `--tiles-v1`)."""
    gone = [n for n in removed(draft) if " " not in n and len(n) >= MIN_NAME]
    gone += [(m.group(1) or m.group(2)).lower() for m in DROPS.finditer(draft)]
    used = [n for n in gone if mentions(held, n)]
    if not used or removed(held) & set(used):
        return False
    said = set(re.findall(r"[\w-]+", draft.lower()))
    tools = {c[0] for c in lines(held)}
    return not tools or bool(tools & said)
