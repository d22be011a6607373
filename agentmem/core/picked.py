"""The held lesson a retraction's claim names (`agentmem.core.withdrawal.retraction`): by the
claim's words and figures beyond the reason's, by the day it names (`written`), by the
cause it denies, by the code a record's retraction names (`agentmem.core.struck.named_codes`),
and the lessons that carry a replaced one's claim in other words.
`agentmem.core.retract` asks it."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from agentmem.core.deniedcause import distinctive
from agentmem.core.disowned import CLAIMED, DROPPED, SENTENCE, denied_causes, disowned
from agentmem.core.gainsay import HELD_CAUSE, causes, swapped
from agentmem.core.namedday import month_days
from agentmem.core.practice import judged_practice, no_longer
from agentmem.core.statement import STATE, terms
from agentmem.core.struck import BOUND, CODE, QUOTED, codes, named_codes, struck, struck_out
from agentmem.core.verdicts import judged
from agentmem.core.withdrawal import (
    CLAUSE,
    DAY,
    DENIED,
    FRAMING,
    POINTED,
    RETRACTED,
    UNDONE,
    retraction,
)

OF_THE_DAY = 2  # reason words a named day's lesson shares when the claim's words name none
UNFIGURED = ("date", "code")  # values a claim names no lesson by (a weekday has no digit)
DIGIT = re.compile(r"\d")
NUMBER = "number"  # the kind of a value told with no unit (`agentmem.core.statement.terms`)
KIN = 5  # letters two stems of one word share ("expir", "expiri")
CAUSE_SHARE = 2 / 3  # of a denied cause's words a lesson telling it in other words says


def carried(
    text: str,
    lessons: Sequence[tuple[str, str]],
    written: Mapping[str, str] | None,
    restated: Mapping[str, Sequence[str]],
    earlier: Sequence[tuple[str, str]],
) -> list[str]:
    """The held lessons that carry, in other words, the lesson of the day a retraction
    names, when that one was replaced since: "the 03-14 note blaming the switch for the
    stalls" withdraws the weekly line that restated it ("stalls stop once the switch is
    rebooted nightly"), which replaced the 03-14 note and still tells its claim (two of the
    claim's words at least)."""
    said = retraction(text)
    if said is None or not written or not _names_day(said[0]):
        return []
    old = retracted(text, earlier, written)
    if old is None:
        return []
    claim = terms(judged_practice(said[0]) or said[0]).content - FRAMING
    texts = dict(lessons)
    return [
        i
        for i in restated.get(old, ())
        if i in texts
        and not DENIED.search(CLAUSE.split(texts[i], maxsplit=1)[0])
        and len(claim & terms(texts[i]).content) >= 2
    ]


def retracted(
    text: str, held: Sequence[tuple[str, str]], written: Mapping[str, str] | None = None
) -> str | None:
    """The id, among (id, text) pairs, of the lesson a retraction withdraws by the words of
    its claim, if any: of "X does not fix Y", the words of X (a lesson telling of Y is no
    advice the retraction withdraws). The claim's framing (`FRAMING`) is no word of the
    lesson. A claim that names a day ("the 03-14 run lesson …") withdraws only a lesson
    written that day or in a run of that day (`written`, by id), one word in common enough:
    another day's lesson sharing more of its words is not the one it names."""
    said = retraction(text)
    if said is None:
        return None
    claim_text = judged_practice(said[0]) or said[0]  # "X does not fix Y" withdraws X
    # What the reason says the team no longer does restates the claim, it is no reason: a
    # lesson sharing it is the one withdrawn ("… was wrong. We no longer close X on Y alone").
    stopped = {w for part in no_longer(said[1]) for w in terms(part).content}
    # So does a sentence saying the withdrawn remedy is undone ("The workaround is reverted.")
    # or was no fix ("The reboot was not the fix.").
    undone = [s for s in SENTENCE.split(said[1].strip()) if UNDONE.search(s) or DENIED.search(s)]
    stopped |= {w for s in undone for w in terms(s).content}
    claim, reason = terms(claim_text).content - FRAMING, terms(said[1]).content - stopped
    valued = terms(claim_text).values  # "that 45 s link limit" names the lesson by its 45
    # A claim naming a day is read against the lessons of that day alone, when it is known
    # when each was written: another day's lesson sharing its words is not the one named.
    named = bool(written) and _names_day(said[0])
    candidates = [(i, t) for i, t in held if dated(text, i, written)] if named else held
    # words shared with the claim: a named day needs fewer, as does a claim pointed at by
    # its own word ("that spooler note", "my cache theory": the lesson it names is one held)
    # or a claim struck out or a reverted commit's quoted subject (the mark is on its words:
    # `agentmem.core.struck.struck_out`; a record's state or a judgement names it as words do)
    marked = said == struck_out(text)
    least = 1 if named or marked or POINTED.match(said[0]) else 2
    # a claim read from a record's state, a mark on an item or a judgement of a rule names
    # its lesson by a code when it gives one ("RULE-88", '"retracts": "D-114"'): the one
    # held lesson carrying it needs no other word; one carrying only another code of that
    # family (D-115) is another record, whatever words it shares
    voiced = not marked and said == struck(text)
    coded = named_codes(text, said) if voiced else frozenset()
    carriers = [i for i, t in candidates if coded & codes(t)] if coded else []
    # the claim is a code and nothing else: a record pointing at the one it withdraws
    # (a claim of a code and more words: the words beside the code; its family and
    # number are not words the lesson shares on their own)
    uncoded = terms(CODE.sub(" ", said[0])).content if coded else frozenset()
    pointer = bool(codes(said[0])) and not uncoded
    families = {family for family, _ in coded}
    # a record's quoted title names its lesson when the lesson tells most of it: "Cold-start
    # rule poster for the break room" is another record than the cold-start rule
    titled = voiced and any((q["q"] or q["c"]) == said[0] for q in QUOTED.finditer(text[:BOUND]))
    # a cause denied where no claim is told ("That tip was wrong: …", "Correction: …") is
    # known by its head; a claim told as "Retracted: X was never Y" is read by its words
    opened = RETRACTED.match(text)
    first = "" if opened is None else CLAUSE.split(text[opened.end() :], maxsplit=1)[0]
    told = opened is not None and bool(terms(opened["claim"] or first).content - FRAMING)
    # a mark or a judgement of a rule tells its claim: what it says was never so ("never a
    # requirement") is its verdict, not a cause it denies
    told = told or marked or voiced or _pointed(text, said)
    # a name the denied cause spells in capitals ("ACARS timing") names it as its head does
    denied = [] if told else [(_head(h, t), terms(t).content) for h, t in denied_causes(text)]
    swap = swapped(text)
    best: tuple[float, str] | None = None
    for memory_id, held_text in candidates:
        if RETRACTED.match(held_text) or DENIED.search(CLAUSE.split(held_text, maxsplit=1)[0]):
            continue  # a retraction, or a lesson agreeing with it, is not what it withdraws
        content = terms(held_text).content
        if denied and not any(names_cause(h, t, content) for h, t in denied):
            continue
        if swap and not causes(held_text):
            continue  # "X come from B, not from A": a lesson telling no cause is kept
        if (
            coded
            and not coded & (carried := codes(held_text))
            and families & {f for f, _ in carried}
        ):
            continue  # another record of the family the claim names
        by_code = carriers == [memory_id]
        on_claim = len(claim & content) + same_values(valued, terms(held_text).values)
        on_claim += by_code
        told_claim = len(claim) + sum(len(v) for v in valued.values()) + bool(coded)
        score = on_claim / max(told_claim, 1) - len(reason & content) / max(len(reason), 1)
        enough = 1 if len(claim) == 1 and _caused_by(claim, held_text, text) else least
        # the code alone picks only where the record points at it ('"retracts": "D-114"');
        # a record titled by a code and other words must share one of those words too
        # ("LBL-5 reprint order: Open -> Rejected" is an order of the labels, not the
        # labels' rule)
        enough = 1 if by_code and pointer else enough
        if uncoded and not uncoded & content:
            continue
        if titled and not by_code and 2 * on_claim <= told_claim:
            continue
        if on_claim >= enough and score > 0 and (best is None or score > best[0]):
            best = (score, memory_id)
    if best is None and named:
        return _of_the_day(claim, reason, candidates)
    return None if best is None else best[1]


def _head(head: str, thing: str) -> frozenset[str]:
    """The words that name a denied cause: its head, and the names it spells in capitals."""
    return terms(head).content | terms(thing).proper


def _caused_by(claim: frozenset[str], held: str, text: str) -> bool:
    """A claim of one word ("TIFF was never the problem") names the held lesson only when
    that lesson gives the word as its cause ("… because the converter can't read TIFF"):
    another lesson that merely mentions the thing is no cause withdrawn. And what else the
    text tells, if anything, is of the lesson's failure: "not a TIFF fault: the exports
    came from …" tells of exports, and leaves a lesson on failed imports."""
    given = HELD_CAUSE.search(held)
    if given is None or not claim <= terms(given.group(0)).content:
        return False
    rest = distinctive(terms(text).content - claim - FRAMING - STATE)
    failure = terms(held[: given.start()]).content
    return not rest or bool(rest & failure)


def _pointed(text: str, said: tuple[str, str]) -> bool:
    """The claim is told in words of its own, not only by the causes the text denies: by
    what a dropping opening points at ("Scratch that note about the proxy cache: …"), or
    by the clause another voice judges (`agentmem.core.verdicts`: "not true that …")."""
    if (dropped := DROPPED.match(text)) is not None and dropped["what"]:
        what = dropped["what"]
        if CLAIMED.search(what) and terms(what).content - FRAMING:
            return True
    return disowned(text) is None and said == judged(text)


def same_values(claim: Mapping[str, frozenset[str]], held: Mapping[str, frozenset[str]]) -> int:
    """How many of the figures a claim states the held lesson states too, of the same unit
    or as a bare number ("that 45 s link limit" of "LINK_TIMEOUT must be 45"): a
    figure is the claim's rarest word. "30 s" and "30 min" are two values; a weekday, a
    date or a command is no figure ("every Friday" is said of many things)."""
    return sum(
        1
        for kind, found in claim.items()
        if kind not in UNFIGURED
        for value in found
        if DIGIT.search(value)
        and any(
            value in theirs and (theirs_kind == kind or NUMBER in (kind, theirs_kind))
            for theirs_kind, theirs in held.items()
        )
    )


def names_cause(head: frozenset[str], thing: frozenset[str], content: frozenset[str]) -> bool:
    """Whether a held lesson (its `content` words) tells a cause a retraction denies: it
    names the cause's head, or it tells the cause in other words, saying `CAUSE_SHARE` of
    its words and two at the least ("the sweep and the manual rescan overlapping" of the
    denied "the sweep and a manual rescan colliding"). A lesson on the true cause sharing one
    word of a two-word cause ("a damp sponge" of "damp clay") names neither."""
    shared = len(thing & content)
    if head & content or any(_kin(h, c) for h in head for c in content):
        return True
    return shared >= 2 and shared >= CAUSE_SHARE * len(thing)


def _kin(a: str, b: str) -> bool:
    """Two stems of one word: "expiry" and "expire" stem to "expiri" and "expir"."""
    short, long = sorted((a, b), key=len)
    return len(short) >= KIN and long.startswith(short)


def _of_the_day(
    claim: frozenset[str], reason: frozenset[str], day: Sequence[tuple[str, str]]
) -> str | None:
    """The lesson of the day a claim names that tells of the failure its reason explains,
    when the claim names it in words none of that day's lessons use ("the encoding fix from
    9 May was wrong: the real cause of the parse errors is …" of "… strip the byte-order
    mark before parsing"): the one lesson of that day sharing `OF_THE_DAY` words with the
    reason, none sharing a word of the claim, no other sharing as many."""
    shared = []
    for memory_id, held_text in day:
        if RETRACTED.match(held_text) or DENIED.search(CLAUSE.split(held_text, maxsplit=1)[0]):
            continue
        content = terms(held_text).content
        if claim & content:
            return None  # the claim's words name another lesson of that day
        shared.append((len(reason & content), memory_id))
    shared.sort(reverse=True)
    if not shared or shared[0][0] < OF_THE_DAY:
        return None
    if len(shared) > 1 and shared[1][0] == shared[0][0]:
        return None  # two lessons of that day on the same failure: neither is named
    return shared[0][1]


def dated(text: str, memory_id: str, written: Mapping[str, str] | None) -> bool:
    """Whether the retraction's claim names the day the held lesson was written or its run
    ran (`written[memory_id]`: its run id and creation time)."""
    said = retraction(text)
    if said is None or not written or memory_id not in written:
        return False
    days = {m["day"] for m in DAY.finditer(said[0])} | month_days(said[0])
    return any(re.search(rf"(?<![\d]){d}(?!\d)", written[memory_id]) for d in days)


def _names_day(claim: str) -> bool:
    """The claim names a day, as "03-14" or by its month ("3 March": `month_days`)."""
    return bool(DAY.search(claim)) or bool(month_days(claim))
