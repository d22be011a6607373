"""Error phrases: the runs of words the failures of one cause all say.

Hook E (`patterns`) describes a group of failures by what their checks said in common: the
runs of words every detail holds ("canceling statement due to lock timeout"), in the first
detail's wording. Two runs' checks saying one phrase make a pattern only when it tells an
error (`telling`: two search terms once the tails of file names are left out) and no
successful run says it too (`said_by`: a failure it got past).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from agentmem.core.model import Memory
from agentmem.stores.bm25 import WORD, tokenize

MAX_PHRASES = 3
# A number standing alone, not in a fraction, a time, a decimal, a size or a range: a status
# or exit code says what went wrong the same way in every failure of one cause.
CODE = re.compile(r"(?<![\w/.:,-])\d{3}(?![\w/.:%,-])")


def terms(text: str) -> frozenset[str]:
    """A text's search terms, numbers left out (counts and ids vary from run to run)."""
    return frozenset(t for t in tokenize(text) if not any(c.isdigit() for c in t))


def codes(text: str) -> frozenset[str]:
    """The three-digit codes a text says ("HTTP 502", "exit status 139", "(404)"): what a
    check reports when it fails, the same in each failure of one cause, where counts, clock
    times and sizes ("7/90", "14:05", "2.5 GB", "8Gi") vary from run to run or name a unit."""
    return frozenset(CODE.findall(text))


def cause_terms(text: str) -> frozenset[str]:
    """A text's search terms and its codes: what a failure's words can say of its cause."""
    return terms(text) | codes(text)


def phrase(texts: Sequence[str]) -> str:
    """The runs of words every text holds (the longest first, up to MAX_PHRASES of at
    least two words each), in the first text's wording and order, joined by " … "."""
    if not texts or not all(texts):
        return ""
    split = [WORD.findall(t.lower()) for t in texts]
    words = split[0]
    free = [True] * len(words)
    found: list[tuple[int, int]] = []
    while len(found) < MAX_PHRASES:
        best = (0, 0)
        for i in range(len(words)):
            for j in range(len(words), i + best[1] - best[0], -1):
                if (
                    all(free[i:j])
                    and all(contains(other, words[i:j]) for other in split[1:])
                    and terms(" ".join(words[i:j]))  # not only numbers and "for", "of"
                ):
                    best = (i, j)
                    break
        if best[1] - best[0] < 2:
            break
        found.append(best)
        free[best[0] : best[1]] = [False] * (best[1] - best[0])
    return " … ".join(_surface(texts[0], words[i:j]) for i, j in sorted(found))


def worded(said: str, text: str) -> str:
    """The error phrase `said` in `text`'s wording ("" when `text` does not say each of its
    parts): "coverage 310% over limit 280%" as a failure that said "coverage 305% over limit 300%"
    wrote it (`agentmem.harvest.present`: one error, told without a retired value)."""
    parts = [_surface(text, WORD.findall(part.lower())) for part in said.split(" … ")]
    return " … ".join(parts) if all(parts) else ""


def contains(words: list[str], run: list[str]) -> bool:
    n = len(run)
    return any(words[k : k + n] == run for k in range(len(words) - n + 1))


def _surface(text: str, run: list[str]) -> str:
    """The stretch of `text` that holds `run`'s words, as written. WORD skips one-character
    words ("(3 of 40 tests)" is `of 40 tests`), so the gaps may hold some."""
    pattern = r"\W+(?:\w\W+)*".join(re.escape(w) for w in run)
    match = re.search(pattern, text, re.IGNORECASE)
    return match.group(0) if match else ""


def said_by(said: str, successes: Sequence[Memory]) -> bool:
    """A successful run whose record says the error phrase itself (a failure it got past);
    no phrase is said by none."""
    runs = [WORD.findall(part.lower()) for part in said.split(" … ")]
    if not any(runs):
        return False
    return any(all(contains(WORD.findall(m.text.lower()), run) for run in runs) for m in successes)


def telling(said: str, details: Sequence[str]) -> bool:
    """An error phrase two runs' checks share tells one error when, the tails of names left
    out, it holds two search terms: "spec.ts" of `cash-trend.spec.ts` and `pdf-export.spec.ts` is
    the end of two file names (two tests of one suite), and "waiting for" is one term, which
    two unrelated timeouts of one browser suite both say."""
    kept = [part for part in said.split(" … ") if not _tail(part, details)]
    return len(tokenize(" ".join(kept))) >= 2  # numbers count: "ip-10-42" names hosts


def _tail(part: str, details: Sequence[str]) -> bool:
    """The part is one name's end wherever the details say it (`x.spec.ts`, `a-b.yaml`)."""
    if " " in part.strip():
        return False
    alone = re.compile(r"(?<!\w[.-])" + re.escape(part), re.IGNORECASE)
    return not any(alone.search(text) for text in details if part.lower() in text.lower())
