"""Replaced lessons followed to what replaced them, so the newer statement takes the older
one's place in a read (`in_their_place`), and the old sayings of a replacement found
(`replaced_by`): `agentmem.retrieval.select` (packs) and `agentmem.retrieval.history`
(hook A) read both.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from agentmem.core.model import Hit, Memory
from agentmem.core.restate import retraction
from agentmem.core.statement import terms
from agentmem.retrieval.pack import CANDIDATES
from agentmem.retrieval.places import LESSONS, LOWEST_SHARE, MAX_LESSONS, Search, unweighted
from agentmem.retrieval.ranking import SUPERSEDED_FACTOR
from agentmem.stores.base import Filters

MAX_FOLLOWED = 3  # replaced lessons whose replacement is looked for, per read


def in_their_place(
    search: Search, query: str, scope: Filters, lessons: list[Hit], add_missed: bool = False
) -> tuple[list[Hit], list[Hit]]:
    """The live lessons, each replacement scoring at least what the lesson it replaced
    scores on the query: the newer statement takes the older one's place. A correction
    told in other words (a weekly review's "Correction to the … rule") shares few words
    with the goal that found the rule it corrects, and once lost to every other lesson.
    Also every lesson on the query, replaced ones included (what `retired` reads).

    Only replaced lessons that would make the pack's bar are followed (at most
    `MAX_FOLLOWED`), each with one search of its own words for what replaced it. For hook
    A a retraction is followed only when it tells the subject anew (`_anew`); a pack
    follows any retraction, a bare one too ("the cache note was wrong"): the worker reads
    that the belief is gone, where an empty place sent it back to the belief. On the nine
    blind pairs files, retracts told .922 -> .944 (83 -> 85 of 90, each channel), none lost.

    With `add_missed` (packs), a replacement the query did not find enters with the score of
    the lesson it replaced; without it (hook A's history), only one the query found is
    lifted, as before (a replacement found by the old lesson's words once entered only when
    its score on that other question happened to be lower). On thirty loop-benchmark
    scenarios, for packs: need +0.002, pack need +0.005 (one scenario, 0.80 -> 0.93), pack
    precision -0.001; for hook A too, one synthesis lost a need (a bundle's places are few)."""
    every = search(query, CANDIDATES, replace(scope, include_superseded=True, types=LESSONS))
    live = {h.memory.id: h for h in lessons}
    best = max((h.score for h in lessons), default=0.0)
    followed = 0
    for hit in every:
        if hit.memory.id in live or followed >= MAX_FOLLOWED:
            continue
        score = unweighted(hit).score / SUPERSEDED_FACTOR
        if score < LOWEST_SHARE * best:
            continue  # it would not have made the pack: neither does its replacement
        followed += 1
        new = replacement(search, hit.memory, scope)
        if new is None or not (add_missed or _anew(new.memory.text, hit.memory.text)):
            continue
        if all(h.memory.id != new.memory.id for h in every):
            every = [*every, new]  # `retired` reads the pair, though the query missed it
        held = live.get(new.memory.id, None if add_missed else new)
        if held is None or score > held.score:  # its own score answered another question
            live[new.memory.id] = new.model_copy(update={"score": score})
    return sorted(live.values(), key=lambda h: -h.score), every


def replaced_by(
    search: Search, scope: Filters, lessons: Sequence[Hit], every: Sequence[Hit]
) -> list[Hit]:
    """The best live lessons that replaced something the query did not find, with what
    they replaced (one search of each one's own words, at most `MAX_FOLLOWED`): a decision
    record's lesson found by the goal replaced a rule told in words the goal lacks, whose
    other sayings the goal may find (`restates_old` reads the pair)."""
    have = {h.memory.id for h in every}
    replaced = replace(scope, include_superseded=True, types=LESSONS)
    out: list[Hit] = []
    for hit in [h for h in lessons[: MAX_LESSONS + 2] if set(h.memory.supersedes) - have][
        :MAX_FOLLOWED
    ]:
        olds = set(hit.memory.supersedes) - have
        out += [hit, *(h for h in search(hit.memory.text, 8, replaced) if h.memory.id in olds)]
    return out


def replacement(search: Search, old: Memory, scope: Filters) -> Hit | None:
    """The live lesson that names `old` in its `supersedes`, if a search of `old`'s words
    finds it."""
    live = replace(scope, include_superseded=False, types=LESSONS)
    return next((h for h in search(old.text, 5, live) if old.id in h.memory.supersedes), None)


ANEW = 2  # words of the lesson it withdrew a retraction's reason tells anew


def _anew(text: str, old: str) -> bool:
    """Whether a replacement tells the subject of the lesson it replaced (`old`) anew: any
    but a retraction, and a retraction whose reason (what it says beside the claim it
    withdraws: the cause found since, the fix) speaks of that subject in `ANEW` of its
    words. "Retracted: the cache note; it was never tested" says only what no longer holds."""
    said = retraction(text)
    return said is None or len(terms(said[1]).content & terms(old).content) >= ANEW
