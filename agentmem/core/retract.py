"""Retractions: a lesson that begins "Retracted:", or that opens by judging an earlier
claim wrong ("The longer goal timeout was a red herring: …"), withdraws a held one, the one that shares
most with its first clause (the claim withdrawn) beyond what it shares with the rest (the
reason, which a correct lesson may well share). The claim's framing ("the 03-14 run
lesson that blamed …") is none of its words, but the day it names is when the lesson was
written: a lesson of that day is the one withdrawn. A lesson that itself says the thing
was not it agrees with the retraction and stays. `agentmem.core.verdict` asks it.

Told in other words than the lesson (`agentmem.core.practice`): every held lesson that
prescribes the practice withdrawn goes too (the run's lesson and the review line that
repeated it; "widening the window is not a fix; …" withdraws "raise the limit to 90
minutes"); when neither finds one, those that set a setting the retraction names with
another value ("… LIMIT_X stays at 45" withdraws "raise LIMIT_X to 90", said with the
practice's verb). A retraction that says a name was removed ("… was wrong. The NO-FASTBOOT
define is removed from every config") also withdraws the lessons that keep that name, however
they spell it (`+define+NO_FASTBOOT`), and one that says a practice does not cure a problem
withdraws the lessons saying it clears that problem, however they name what was acted on
("restarting the spooler does not cure SpoolStuck" of "bouncing the print server clears
SpoolStuck": `agentmem.core.practice.cured`). A text that is no retraction withdraws the lessons
prescribing what it says the team no longer does ("We no longer cut the contacts short …"),
and those whose cause it says does not happen, beside a cause of its own ("the latches never
lose power at 22:00; the jams came from …": `agentmem.core.disowned.gainsaid`).

Other shapes ("That was wrong about X: …", a theory judged wrong later in the text, a
correction's label, "X had nothing to do with Y") are read by `agentmem.core.disowned`; in
every shape the causes the text denies are the claim, never the reason, and a lesson is
withdrawn for a denied cause only when it names the cause's head."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from agentmem.core.disowned import (
    SENTENCE,
    causes,
    denials,
    denied_causes,
    disowned,
    gainsaid,
    swapped,
)
from agentmem.core.namedday import month_days
from agentmem.core.practice import (
    TAKE_AWAY,
    VERBS,
    cured,
    judged_practice,
    no_longer,
    practices,
    prescribes,
    prescribes_all,
    refuted,
    words,
)
from agentmem.core.removal import removed
from agentmem.core.statement import terms

MOST = 3  # lessons one retraction withdraws at most
OF_THE_DAY = 2  # reason words a named day's lesson shares when the claim's words name none
UNFIGURED = ("date", "code")  # values a claim names no lesson by (a weekday has no digit)
DIGIT = re.compile(r"\d")
NUMBER = "number"  # the kind of a value told with no unit (`agentmem.core.statement.terms`)
CAUSE_SHARE = 2 / 3  # of a denied cause's words a lesson telling it in other words says

# The words that frame a claim rather than tell it: "the 03-14 run lesson that blamed valve
# wear for the flooded seed trays was wrong" withdraws what was said of valve wear and seed
# trays; "run", "lesson", "blamed" and "wrong" would match any lesson a run wrote (stems as
# `agentmem.stores.bm25.tokenize` gives them).
# A reason's sentence saying the withdrawn remedy is undone: it restates the withdrawal.
UNDONE = re.compile(
    r"\b(?:is|are|was|were|has\s+been|have\s+been|can\s+be|should\s+be|will\s+be)\s+"
    r"(?:now\s+)?(?:removed|reverted|dropped|undone|rolled\s+back|taken\s+out|backed\s+out)\b",
    re.IGNORECASE,
)
FRAMING = frozenset(
    "lesson run note advic tip claim blame wrong earlier previous idea suggest recommend "  # noqa: SIM905
    "takeaway entri said wrote theori".split()
)
# A lesson that itself judges something to have been no cause or no fix ("roast level was
# not it; …", "restarting did not help") already says what a retraction says: it is
# never the lesson withdrawn, however many of the claim's words it repeats.
DENIED = re.compile(
    r"\b(?:was|is|were|are)(?:\s+not|n't)\s+(?:it|the\s+(?:cause|culprit|problem|issue|fix))\b"
    r"|\b(?:did|does|do)(?:\s+not|n't)\s+(?:help|matter)\b|\bred\s+herring\b",
    re.IGNORECASE,
)
# A day a claim names its lesson by ("the 03-14 run lesson", "the 2027-03-14 note"): the
# month and the day, read against when the held lesson was written and the run it came from.
DAY = re.compile(
    r"(?<![\w-])(?:\d{4}-)?(?P<day>(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01]))(?![\w-])"
)

CLAUSE = re.compile(r"[;:]\s+|\.\s+")
# A claim pointed at by name: a demonstrative, a word or a few of its own, a claim's noun.
POINTED = re.compile(
    r"^\W*(?:that|this|the|my|our)\s+(?:earlier\s+|previous\s+)?(?:[^\s;:]+\s+){1,4}?"
    r"(?:note|tip|theory|lesson|idea|guess|advice|claim|diagnosis|explanation)s?\W*$",
    re.IGNORECASE,
)
NEGATION = re.compile(r"\b(?:not|no|never|none|nothing|nor)\b|n't\b", re.IGNORECASE)
# "Retracted: <claim>; <reason>", or a lesson that opens by judging an earlier claim wrong:
# "The longer goal timeout was a red herring: …", "Raising the pool size turned out to be
# no help; …" (the claim is what it judges: its subject).
RETRACTED = re.compile(
    r"^\s*(?:\**(?:retracted|retraction|withdrawn)\**\s*:\s*\**\s*"
    r"|(?P<claim>(?:the|our|that|this|raising|lowering|setting|using|adding)\s[^.;:!?]{3,120}?)"
    r"\s+(?:was|were|is|are|turned\s+out\s+to\s+be|proved\s+to\s+be)\s+(?:just\s+|only\s+)?"
    r"(?:a\s+red\s+herring|wrong|incorrect|mistaken|a\s+dead\s+end|no\s+help|not\s+the\s+"
    r"(?:cause|fix|problem|issue))\b\W*)",
    re.IGNORECASE,
)


def retraction(text: str) -> tuple[str, str] | None:
    """(the claim withdrawn, the reason given) when the text retracts a lesson. A claim
    told only in framing words ("That tip was wrong: a worker wrote that glaze crawling
    comes from …", "Retracted: the earlier note. …") is the clause after it, unless that
    clause denies something: then it tells what is true ("That tip was wrong: the
    crawling was never damp clay"), and the claim is not told."""
    match = RETRACTED.match(text)
    if match is None:
        return disowned(text)  # told in another shape: judged later, or a denial labelled
    if match["claim"]:
        claim, reason = match["claim"], [text[match.end() :]]
    else:
        claim, *reason = CLAUSE.split(text[match.end() :], maxsplit=1)
    bare = not terms(claim).content - FRAMING  # "That earlier lesson was wrong. …"
    if reason and reason[0].strip() and bare and not _denied(reason[0]):
        told, *rest = CLAUSE.split(reason[0].strip(), maxsplit=1)
        if not NEGATION.search(told):
            claim, reason = told, rest
    return _with_denials(claim, " ".join(reason))


def _denied(text: str) -> bool:
    """The text denies a cause (`agentmem.core.disowned.denials`): what it denies is the
    claim, not the first thing it tells."""
    return any(denials(s) for s in SENTENCE.split(text.strip()))


def _with_denials(claim: str, reason: str) -> tuple[str, str]:
    """The claim with the causes the reason denies ("Retracted: the lesson that blamed the
    cache. Eviction has nothing to do with it."): what the text says was not so is
    the claim withdrawn, never a reason a correct lesson shares."""
    sentences = SENTENCE.split(reason.strip())
    told = [(i, d) for i, s in enumerate(sentences) for d in denials(s)]
    if not told:
        return claim, reason
    kept = {i for i, _ in told}
    rest = " ".join(s for i, s in enumerate(sentences) if i not in kept)
    return "; ".join([claim, *(d for _, d in told)]), rest


def withdrawn(
    text: str,
    held: Sequence[tuple[str, str]],
    written: Mapping[str, str] | None = None,
    restated: Mapping[str, Sequence[str]] | None = None,
    earlier: Sequence[tuple[str, str]] = (),
) -> list[str]:
    """The ids, among (id, text) pairs, of the lessons a text withdraws. A retraction
    withdraws the one `retracted` finds by its claim's words and every one that prescribes
    the practice it withdraws (a thread quoting the advice, the run lesson that followed
    it in other verbs) or keeps a name it says was removed; when none is found, those that
    set a setting it names with another value. A text that is no retraction withdraws what prescribes the practice it
    says the team no longer follows. `written` tells, by id, when and in which run a held
    lesson was written (`retracted`: a claim naming its day). `earlier` are lessons a held
    one replaced since, as (id, text), and `restated` names, by id, the held lessons that
    replaced each (`carried`)."""
    said = retraction(text)
    if said is None and (outdated_claim := outdated(text)) is not None:
        return _outdated(outdated_claim, held)
    told = practices(*said) if said is not None else no_longer(text)
    lessons = [(i, t) for i, t in held if not RETRACTED.match(t)]
    found = [i for i, t in lessons if told and prescribes(t, told)]
    if said is None:
        no_fix = refuted(text)
        found += [
            i for i, t in lessons if i not in found and any(prescribes_all(t, p) for p in no_fix)
        ]
        # the cause a lesson gave said not to happen, beside another cause (`gainsaid`)
        found += [i for i, t in lessons if i not in found and gainsaid(text, t)]
        return found[:MOST]
    gone = taken_out(text)
    found += [i for i, t in lessons if i not in found and gone & set(names_in(t))]
    found += [i for i, t in lessons if i not in found and cured(t, said[0])]
    found += [i for i, t in lessons if i not in found and gainsaid(text, t)]
    if swapped(text):  # "X come from B, not from A" withdraws only a lesson telling a cause
        found = [i for i in found if causes(dict(lessons)[i])]
    best = retracted(text, lessons, written)
    if best is None and restated:
        found += [i for i in carried(text, lessons, written, restated, earlier) if i not in found]
    if best is not None and (best in found or not found or dated(text, best, written)):
        return [best, *(i for i in found if i != best)][:MOST]
    if found:  # what prescribes the practice outweighs a lesson sharing the claim's words
        return found[:MOST]
    found = found or [i for i, t in lessons if revalued(text, t, told)]
    return found[:MOST]


# "The handbook still says the kiln is lit at the wall panel, which is out of date; …":
# what the notes say is the claim, the words after it judge it gone, the rest is the new
# way (the reason, read as a retraction's is).
NOTES = (
    r"notes?|docs?|documentation|runbooks?|wiki|pages?|lessons?|memory|readme|handbook|"
    r"guides?|playbooks?|checklists?|instructions?|entr(?:y|ies)|records?|sheets?|reviews?|"
    r"retros?|manuals?|specs?"
)
DENIAL = (
    r"(?:not|n't)\s+(?:any\s*more|true|the\s+case|so|correct|right)|\banymore|\bno\s+longer"
    r"|\bout\s+of\s+date|\boutdated|\bobsolete|\bwrong|\bstale|\bchanged"
)
OUTDATED = re.compile(
    rf"\b(?:{NOTES})\s+(?:still\s+)?(?:say|says|said|claim|claims|state|states|tell|tells|"
    r"describe|describes|show|shows|mention|mentions)\s+(?:that\s+)?"
    r"(?P<claim>[^.;!?]{3,160}?)(?:[.;]\s+|,\s+(?:but|which)\s+)"
    rf"(?P<denial>[^.;!?]{{0,80}}?(?:{DENIAL})\b)[^.;!?]*[.;!?]?",
    re.IGNORECASE,
)


def outdated(text: str) -> tuple[str, str] | None:
    """(the claim, the rest) when a text says earlier notes still tell something that no
    longer holds ("The handbook still says the kiln is lit at the wall panel, which is out
    of date; …"): a correction that names what it corrects only by its words."""
    match = OUTDATED.search(text)
    if match is None:
        return None
    return match["claim"], text[match.end() :]


def _outdated(said: tuple[str, str], held: Sequence[tuple[str, str]]) -> list[str]:
    """The lessons a correction of outdated notes withdraws: those that say every word of
    its claim (two at least), more of it than of the new way told after it. A lesson on
    another site or part ("the south kiln …" against a claim on the kiln) lacks a word of
    the claim and stays; one that tells a change itself ("… since 3 May …") is a newer
    word than the notes corrected, and stays too."""
    claim = terms(said[0]).content - FRAMING
    if len(claim) < 2:
        return []
    reason = terms(said[1]).content
    found = []
    for memory_id, held_text in held:
        told = terms(held_text)
        if RETRACTED.match(held_text) or outdated(held_text) is not None or told.change:
            continue
        content = told.content
        share = len(reason & content) / max(len(reason), 1)
        if claim <= content and share < 1:
            found.append((share, memory_id))
    return [i for _, i in sorted(found)][:MOST]


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


def taken_out(text: str) -> frozenset[str]:
    """The names (a define, a flag, a file: no phrase) a retraction says are removed ("…
    was wrong. The NO-FASTBOOT define is removed from every config"), squashed (`names_in`)."""
    return frozenset(squash(n) for n in removed(text) if " " not in n and len(squash(n)) > 2)


def names_in(text: str) -> list[str]:
    """The text's words, squashed: `+define+NO_FASTBOOT` says `nofastboot`, as `NO-FASTBOOT` does. A
    lesson that takes the name away itself ("NO_FASTBOOT was removed") names none."""
    if TAKE_AWAY in words(re.sub(r"\S*[\w-][_+]\S*", " ", text)):  # not a name's own word
        return []
    return [squash(w) for w in re.findall(r"[\w-]+", text)]


def squash(name: str) -> str:
    return re.sub(r"[\W_]+", "", name.lower())


def revalued(text: str, held: str, told: Sequence[str]) -> bool:
    """The held lesson sets a setting the retraction names (an identifier such as
    `LIMIT_X`) to a value the retraction does not give, where the retraction gives another,
    and says it with a verb of the practice's family ("raise LIMIT_X to 90" against
    "widening the window is not a fix …; LIMIT_X stays at 45")."""
    said, kept = terms(text), terms(held)
    if not said.names & kept.names:
        return False
    verbs = {w for part in told for w in words(part)} & VERBS
    if not verbs & words(held):
        return False
    given = {v for found in said.values.values() for v in found}
    stated = {v for found in kept.values.values() for v in found}
    return bool(given - stated) and bool(stated - given)


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
    # So does a sentence saying the withdrawn remedy is undone ("The workaround is reverted.").
    stopped |= {
        w for s in SENTENCE.split(said[1].strip()) if UNDONE.search(s) for w in terms(s).content
    }
    claim, reason = terms(claim_text).content - FRAMING, terms(said[1]).content - stopped
    valued = terms(claim_text).values  # "that 45 s link limit" names the lesson by its 45
    # A claim naming a day is read against the lessons of that day alone, when it is known
    # when each was written: another day's lesson sharing its words is not the one named.
    named = bool(written) and _names_day(said[0])
    candidates = [(i, t) for i, t in held if dated(text, i, written)] if named else held
    # words shared with the claim: a named day needs fewer, as does a claim pointed at by
    # its own word ("that spooler note", "my cache theory": the lesson it names is one held)
    least = 1 if named or POINTED.match(said[0]) else 2
    # a cause denied where no claim is told ("That tip was wrong: …", "Correction: …") is
    # known by its head; a claim told as "Retracted: X was never Y" is read by its words
    opened = RETRACTED.match(text)
    first = "" if opened is None else CLAUSE.split(text[opened.end() :], maxsplit=1)[0]
    told = opened is not None and bool(terms(opened["claim"] or first).content - FRAMING)
    denied = [] if told else [(terms(h).content, terms(t).content) for h, t in denied_causes(text)]
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
        on_claim = len(claim & content) + same_values(valued, terms(held_text).values)
        told_claim = len(claim) + sum(len(v) for v in valued.values())
        score = on_claim / max(told_claim, 1) - len(reason & content) / max(len(reason), 1)
        if on_claim >= least and score > 0 and (best is None or score > best[0]):
            best = (score, memory_id)
    if best is None and named:
        return _of_the_day(claim, reason, candidates)
    return None if best is None else best[1]


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
    return bool(head & content) or (shared >= 2 and shared >= CAUSE_SHARE * len(thing))


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
