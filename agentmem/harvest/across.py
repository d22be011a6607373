"""One cause told in other words: joining hook E's groups on the rare words they share.

An expired client certificate fails the eligibility contract test in one app and the
archive upload in another; a license check fails three times on a key id read in the wrong
byte order, each time described differently. Each check's failures are grouped on their
own (`patterns`: most of the shorter detail's words in the other); two groups, of one
check or of different ones, are one cause when a failure of one and a failure of the other
share `SHARED` signature words, and no fewer than one of the two shares with any other
failure (its strongest link: a failure sharing a few everyday words with many does not
chain their causes into one). A signature word is said by at least two failed checks
but by at most `RARE` of them (not "expected", which every assertion says), and at least
`LIFT` times as often, by share, as in the successful runs' own accounts (not a topic word
every run of the app says), where a failure's fix (the next success of its app that says
its words) does not count against them; identifiers count by their parts
(`certificate_expired` and `CertificateExpired` say `certificate` and `expired`), and an
error's code (`SQLSTATE 40001`, `429`) is a word. A cause family a failure or its run's
account names (`families`: time zones, rate limits, ...) is a word too, and one two failures
both name weighs a whole link.

What a failure shares with another that is not its cause does not link them: a value one
run of a recurring message filled in (the item, the table, the locale it failed on) is the
object, not the error, so a group whose checks all said one message links on its words
only; and a failure that names a cause family and one that names none of its families
failed on the same operation for two reasons ("HTTP 429" and "recipient refused" from one
relay), unless their runs' own accounts share rare words of their own.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from datetime import date
from typing import TypeVar

from agentmem.core.model import Memory
from agentmem.harvest.families import failure_families, families, is_family
from agentmem.harvest.followup import AFTER_DAYS, words
from agentmem.harvest.phrases import phrase, telling
from agentmem.harvest.runrecord import read_record, run_day

SHARED = 3
RARE = 0.25
LIFT = 2.0
F = TypeVar("F")


CODE = re.compile(r"(?<![\w.,:])(?<!\d-)\d{3,5}(?!\w|[.,:-]\d)")


def codes(text: str) -> frozenset[str]:
    """The numbers of three to five digits that stand alone, not in an amount, a time, a
    date or a name ("SQLSTATE 40001", "429 Too Many Requests", "costmap value 254"): an
    error's code, which counts (that vary) rarely match by chance."""
    return frozenset(CODE.findall(text))


def contrast(setbacks: Sequence[Memory], successes: Sequence[Memory]) -> Counter[str]:
    """How many successful runs say each word in their own account (their summary), a
    failure's fix left out: the first successful run of the failed app within `AFTER_DAYS`
    that says a word the failure said does not count against that word. It tells the cause
    it fixed ("booking_date is now the statement's own date field" after lines filed under
    the wrong booking date); a topic word, said by the app's other successes, still counts."""
    said = {m.id: _terms(read_record(m.text).summary) for m in successes}
    fixed = {
        (run, word)
        for found in _fixed(setbacks, successes, said)
        for run, words in found
        for word in words
    }
    return Counter(w for m in successes for w in said[m.id] if (m.id, w) not in fixed)


def fixes(setbacks: Sequence[Memory], successes: Sequence[Memory]) -> set[str]:
    """The successful runs that fixed one of `setbacks`, as `contrast` reads a fix: the first
    successful run of the failed app within `AFTER_DAYS` whose summary says a word the
    failure said ("the mould is now dried for a full day" after two castings cracked with a
    damp mould). What it shares with the failures is the cause it fixed, no evidence against
    it."""
    said = {m.id: _terms(read_record(m.text).summary) for m in successes}
    return {found[0][0] for found in _fixed(setbacks, successes, said) if found}


def _fixed(
    setbacks: Sequence[Memory], successes: Sequence[Memory], said: Mapping[str, frozenset[str]]
) -> list[list[tuple[str, frozenset[str]]]]:
    """For each failure, the successful runs of its app within `AFTER_DAYS` after it, in
    order, each with the failure's words it is the first to say (`said`: each success's
    summary terms): the fix of those words."""
    by_app: dict[str, list[tuple[date, str, Memory]]] = {}
    for m in successes:
        by_app.setdefault(m.app_id, []).append((run_day(m), m.run_id, m))
    for runs in by_app.values():
        runs.sort(key=lambda run: run[:2])
    out = []
    for failure in setbacks:
        record = read_record(failure.text)
        pending = set(_terms(" ".join([record.summary, *(c.detail for c in record.failed)])))
        day, runs = run_day(failure), by_app.get(failure.app_id, [])
        start = bisect_right(runs, (day, failure.run_id), key=lambda run: run[:2])
        found: list[tuple[str, frozenset[str]]] = []
        for later, _, success in runs[start:]:
            if (later - day).days > AFTER_DAYS or not pending:
                break
            if words := frozenset(pending & said[success.id]):
                found.append((success.id, words))
            pending -= said[success.id]
        out.append(found)
    return out


def _terms(text: str) -> frozenset[str]:
    """A text's words and the cause families it names (`families`), which count as words."""
    return words(text) | families(text)


def _links(
    told: Sequence[Sequence[frozenset[str]]],
    again: Callable[[int, int, int, int], bool],
    apart: Callable[[int, int, int, int], bool] = lambda i, k, j, m: False,
) -> set[tuple[int, int]]:
    """The pairs of groups a failure of each links: they share `SHARED` signature words
    (one fewer when `again` says the later one tells it failed again), and as many as one
    of the two shares with any failure of another group. A failure that shares an everyday
    word or three with many ("EUR", "ledger", "vs": amounts that do not tie) links only
    where it shares the most, so it does not chain two causes into one. A cause family
    both name weighs a whole link: it is one cause told in two stacks' words. Two failures
    `apart` tell two errors and do not link."""
    flat = [(i, k, said) for i, group in enumerate(told) for k, said in enumerate(group)]
    best = [0] * len(flat)
    shared: dict[tuple[int, int], int] = {}
    for x, (i, k, a) in enumerate(flat):
        for y in range(x + 1, len(flat)):
            j, m, b = flat[y]
            if i != j and not apart(i, k, j, m):
                both = a & b
                shared[x, y] = n = len(both) + (SHARED - 1) * sum(map(is_family, both))
                best[x], best[y] = max(best[x], n), max(best[y], n)
    return {
        (flat[x][0], flat[y][0])
        for (x, y), n in shared.items()
        if n >= SHARED - again(*flat[x][:2], *flat[y][:2]) and n >= min(best[x], best[y])
    }


def across(
    groups: Sequence[list[F]],
    said: Callable[[F], str],
    successes: Sequence[Memory],
    generic: frozenset[str],
    setbacks: Sequence[Memory] = (),
    repeats: Callable[[F, F], bool] = lambda a, b: False,
    account: Callable[[F], str] = lambda f: "",
) -> list[list[F]]:
    """The groups, those that tell one cause joined (single link); `said` is what a
    member's check said (the error), `account` what its run said of it (its summary);
    `setbacks` are the failed runs, whose fixes are no contrast. Two members need one
    signature word fewer when `repeats(a, b)` (one says it is the other failing again) or
    their accounts share `SHARED` signature words of their own (the runs tell one cause:
    "the generated model marks it required", "openapi.yaml says sku is required"). A group
    whose checks all said one error phrase links on its words only (`_template`), and two
    members of which one names a cause family the other does not are two errors unless
    their accounts share `SHARED` - 1 such words of their own (`_apart`)."""
    count = sum(len(g) for g in groups)
    outside = contrast(setbacks, successes)
    told = [
        _template([_told(said(f), account(f), generic) for f in g], [said(f) for f in g])
        for g in groups
    ]
    accounts = [[words(account(f)) - generic for f in g] for g in groups]
    signature = _signature(told, count, outside, len(successes))
    own = _signature(accounts, count, outside, len(successes))
    parent = list(range(len(groups)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    def alike(i: int, k: int, j: int, m: int) -> int:
        return len(accounts[i][k] & accounts[j][m] & own)

    def again(i: int, k: int, j: int, m: int) -> bool:
        return alike(i, k, j, m) >= SHARED or repeats(groups[i][k], groups[j][m])

    def apart(i: int, k: int, j: int, m: int) -> bool:
        return _apart(told[i][k], told[j][m]) and alike(i, k, j, m) < SHARED - 1

    for i, j in _links([[each & signature for each in g] for g in told], again, apart):
        parent[root(j)] = root(i)
    joined: dict[int, list[F]] = {}
    for i, group in enumerate(groups):
        joined.setdefault(root(i), []).extend(group)
    return list(joined.values())


def _told(said: str, account: str, generic: frozenset[str]) -> frozenset[str]:
    """What a failure's check said, as signature candidates: its words but the generic
    ones, its error codes, and the cause families it names, else those its run's account
    names (`failure_families`)."""
    return words(said) - generic | codes(said) | failure_families(said, account)


def _apart(a: frozenset[str], b: frozenset[str]) -> bool:
    """Two failures of which one names a cause family (a rate limit) and the other names
    none of the families it names tell two errors, whatever else their checks share: the
    operation and the object they failed on ("nightly upload to the partner bucket: HTTP
    429", "nightly upload to the partner bucket: file name refused") are where, not why.
    (`across` still joins them when their runs' own accounts share rare words, two
    failures blaming one helper: a family's words are not every stack's.)"""
    kinds_a = {w for w in a if is_family(w)}
    kinds_b = {w for w in b if is_family(w)}
    return bool(kinds_a | kinds_b) and not kinds_a & kinds_b


def _template(told: list[frozenset[str]], details: Sequence[str]) -> list[frozenset[str]]:
    """A group whose checks all said one error phrase is one message filled with other
    values each run ("duplicate key in 3 rows: item.spring_boots", "duplicate key in 5
    rows: item.wool_scarf"): it links on the message's words (and the cause families its
    members name), not on a value one run filled in, which another check's failure on the
    same item says for a cause of its own ("thumbnail missing for spring_boots")."""
    if len(told) < 2:
        return told
    said = phrase(details)
    if not telling(said, details):
        return told
    kept = words(said) | codes(said)
    return [frozenset(w for w in each if w in kept or is_family(w)) for each in told]


def _signature(
    told: Sequence[Sequence[frozenset[str]]], count: int, outside: Counter[str], wins: int
) -> set[str]:
    """Words at least two and at most `RARE` of the failures say, `LIFT` times as often
    (by share) as the successes' accounts, fixes left out (`contrast`). A cause family
    may be said by any share of them: where most failures are rate limits, they are one
    cause, not an everyday word."""
    seen = Counter(w for g in told for each in g for w in each)
    return {
        w
        for w, n in seen.items()
        if 2 <= n <= (count if is_family(w) else max(SHARED, RARE * count))
        and n / count >= LIFT * outside[w] / max(1, wins)
        and outside[w] < n
    }
