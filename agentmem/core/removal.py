"""What a text says is gone: "the --full flag was removed", "we deleted legacy_export.py",
"rule QX-12 is withdrawn", "we moved the archive from Borealis to Zephyr". One reader of the
cues (`pointed_at`: "X was removed" points back at X, "we deleted X" forward), with two
readings of the words a cue points at, as a false match costs each side something else:

- read time, here (`removed`, `mentions`): a run record written before the lesson that
  still names the removed thing tells how things were, and leaves packs; a record on
  another thing that shares a word must stay. So fewer cues count, and only what names one
  thing: code, a flag, an identifier, a hyphenated name (`orders-v1`), a word of letters and
  digits (`A100`), else the noun phrase of `MIN_PHRASE` words or more next to the cue
  ("nightly export job"): one plain word ("Stripe", "cluster") would retire every record.
- write time, in `agentmem.core.withdrawnname`: a draft that says a named thing is
  withdrawn retires every held lesson resting on it, however worded.

English cues, not any domain's words; not "deprecated" (it still works). Nothing here
reads memory.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache

from agentmem.core.cues import of_a_kind
from agentmem.core.statement import CODE, IDENTIFIER, STATE, function_words
from agentmem.stores.bm25 import tokenize

FLAG = re.compile(r"(?<![\w-])--?[a-z][\w-]*", re.IGNORECASE)
DETERMINERS = frozenset("the a an our their this that these those its his her my your".split())  # noqa: SIM905
# What follows the thing and says where it was ("the price CSV in liveops-config", "the
# cache of the orders-api"): the place is not what was removed.
PREPOSITIONS = frozenset("in on at from of under inside within for behind across to into".split())  # noqa: SIM905

# Read time. "X was removed", "X is now gone", "X no longer exists": X precedes.
VERBS = r"removed|deleted|dropped|retired|decommissioned|replaced|superseded"
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
MIN_PHRASE = 2  # a phrase of fewer words names nothing on its own
CLAUSE_END = re.compile(r"[,;:!?()]|\.(?=\s|$)")  # a dot inside a name (`export.py`) ends nothing
HYPHENATED = re.compile(r"\b\w+(?:-\w+)+\b")
# Letters and digits in one word (A100, PS5, ens5): a name whatever its place in the
# sentence; a version alone (v1, 2.9) is no name.
MIXED = re.compile(r"\b(?=\w*[A-Za-z])(?=\w*\d)\w{3,}\b")
VERSIONISH = re.compile(r"v?\d+(?:\.\d+)*", re.IGNORECASE)

PASSIVE_BY = re.compile(r"by\b", re.IGNORECASE)  # "X was replaced by Y": Y is what stays
# a clause that tells a condition or a plan tells no withdrawal
CONDITION = re.compile(
    r"\b(?:if|unless|whether|once|when|until|before|should|would|could|might|will|plan(?:s|ned)?\s+to)\b",
    re.IGNORECASE,
)


def pointed_at(
    text: str, backward: re.Pattern[str], forward: re.Pattern[str], clause: re.Pattern[str],
    *, wary: bool = False,
) -> Iterator[tuple[str, bool]]:  # fmt: skip
    """What each cue's clause holds before the cue (with True) or after it (with False).
    `wary`: a clause telling a condition, "replaced by", and one of a kind replacing an
    earlier one of the same ("a CHG message replaces the earlier message", `of_a_kind`: a
    rule of the domain) point at nothing."""
    for match in backward.finditer(text):
        before = clause.split(text[: match.start()])[-1]
        if not (wary and CONDITION.search(before)):
            yield before, True
    for match in forward.finditer(text):
        rest = text[match.end() :]
        if wary and (
            PASSIVE_BY.match(rest)
            or CONDITION.search(clause.split(text[: match.start()])[-1])
            or of_a_kind(text, match)
        ):
            continue
        yield clause.split(rest)[0], False


@lru_cache(maxsize=4096)
def removed(text: str) -> frozenset[str]:
    """The things `text` says were removed, lower case, as they are written (read time)."""
    out: set[str] = set()
    for part, backward in pointed_at(text, BACKWARD, FORWARD, CLAUSE_END):
        words = _thing(part.split())[-WINDOW:] if backward else _thing(part.split()[:WINDOW])
        out |= _named(words, backward=backward)
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
    names -= _within(names)
    if names:
        return names
    phrase = _phrase(words, backward=backward)
    return {phrase} if len(phrase.split()) >= MIN_PHRASE else set()


def _within(names: set[str]) -> set[str]:
    """The names that are a piece of a longer one ("old01" of `vault-old01`, "sync_v3" of
    `sync_v3.py`): the same name read again, not a name of its own; as one it took every
    record naming another member of the series for a record of the removed thing."""
    return {
        n
        for n in names
        for m in names
        if m != n and re.search(rf"(?:^|[-_./]){re.escape(n)}(?:$|[-_./])", m)
    }


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
        if not word or word in DETERMINERS or word in common_words() or not tokenize(word):
            break
        run.append(word)
    return " ".join(reversed(run) if backward else run)


@lru_cache(maxsize=1)
def common_words() -> frozenset[str]:
    """Words that name nothing: function words, and a sentence's opening words that a
    capital makes look like names."""
    return function_words() | DETERMINERS | {"we", "it", "they", "there"}
