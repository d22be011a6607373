"""The writer's question for a draft: does memory hold it already, or does it replace
something held? The held memories it is compared with are the draft's best lexical
matches; each is judged by `agentmem.core.restate` (restates, replaces) and
`agentmem.core.retract` (a withdrawal)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol, runtime_checkable

from agentmem._exceptions import MemoryNotFound
from agentmem.core.across import withdrawn_across
from agentmem.core.apart import set_apart
from agentmem.core.claimed import also_claimed
from agentmem.core.cues import says_changed
from agentmem.core.dropped import dropped
from agentmem.core.handover import handed_over
from agentmem.core.joined import joins_apart
from agentmem.core.later import recued, reequipped
from agentmem.core.minrelease import below_floor
from agentmem.core.model import MAX_TAGS, Hit
from agentmem.core.narrowed import narrowed
from agentmem.core.nolonger import no_longer_of
from agentmem.core.notcause import not_the_cause
from agentmem.core.oldadvice import corrected
from agentmem.core.oldgone import way_gone
from agentmem.core.oldnamed import named_old
from agentmem.core.oldtool import retired, unrun
from agentmem.core.percase import split_by_case
from agentmem.core.placed import placed_anew
from agentmem.core.recounted import recounted
from agentmem.core.relieved import relieved
from agentmem.core.removal import withdrawn_by_name, withdrawn_names
from agentmem.core.restate import replaces, replaces_elsewhere, restated, restates
from agentmem.core.retract import CLAUSE, retraction, withdrawn
from agentmem.core.slots import renewed, siblings, told_apart
from agentmem.core.statement import terms
from agentmem.core.takeover import took_over
from agentmem.core.together import read_together
from agentmem.core.validate import MAX_REFS
from agentmem.stores.base import Filters, ReadableStore

RUN_HOOK = "post_run_classify"  # the hook that writes a run's own lessons


@dataclass(frozen=True)
class Held:
    """A held memory as the judge sees it."""

    id: str
    text: str
    type: str
    superseded: bool = False
    written: str = ""  # its run id and creation time: a retraction may name its day
    supersedes: tuple[str, ...] = ()  # the memories it replaced


# Changes told in other words than the lesson they end, asked after `replaces`: a role taken
# over, a tool left with some commands, a way said to be gone, a rule split per case, a
# name it uses taken away, "the old advice was wrong: <the new value>", a role its holder
# no longer holds, what it tells said to hold no more, a cause it gave denied, a tool's
# release below the one now needed, a value it calls the old one, a role handed on, a
# thing kept elsewhere now, an old way said to be over, two things kept apart now joined.
TOLD_OTHERWISE = (
    *(took_over, narrowed, retired, split_by_case, dropped),
    *(corrected, relieved, no_longer_of, not_the_cause, below_floor),
    *(named_old, handed_over, placed_anew, way_gone, joins_apart),
)
RETRACTABLE = ("semantic", "procedural")  # lessons; a pattern or a principle is not withdrawn
UNKEPT = ("date", "code", "number", "version", "address")  # values `retold` does not follow


@dataclass
class Verdict:
    """What a draft is, given the held memories it was compared with."""

    restates: str | None = None  # the id of a held memory it adds nothing to
    replaces: list[str] = field(default_factory=list)  # ids it is a newer statement of


def replaceable(draft_type: str | None, held_type: str) -> bool:
    """Whether a draft of `draft_type` may replace a held memory of `held_type`. A principle
    is never replaced; a pattern across runs (reflective) replaces only an older pattern:
    it tells what recurs ("four send paths have now mailed suppressed addresses: …
    centralising the check is the fix"), not a new value of a lesson it recounts, and it
    hid the lesson it recounted ("every send path is checked in InjectionClient.send()")."""
    if held_type == "principle":
        return False
    return draft_type != "reflective" or held_type == "reflective"


def judge(draft: str, held: Iterable[Held], draft_type: str | None = None) -> Verdict:
    """Compare a draft (of `draft_type`, when known) with held memories (best matches
    first).

    A draft that replaces a live memory is written even if it also restates an older,
    superseded one (a value that came back); one that restates a live memory, or only a
    superseded one, is a duplicate of it.
    """
    verdict = Verdict()
    held = list(held)
    # a new value where a held lesson's stood, however told, is read lesson for lesson: a
    # pattern's counts of runs are no values of what it is about
    lesson = draft_type in RETRACTABLE
    stale_match: str | None = None
    for memory in held:
        if restates(draft, memory.text) and not no_longer_of(draft, memory.text):
            if not memory.superseded:
                return Verdict(restates=memory.id)
            stale_match = stale_match or memory.id
        elif (
            not memory.superseded
            and replaceable(draft_type, memory.type)
            and not set_apart(draft, memory.text)
            and (
                any(f(draft, memory.text) for f in (replaces, *TOLD_OTHERWISE))
                or (lesson and memory.type in RETRACTABLE and _anew(draft, memory.text))
                or (lesson and memory.type in RETRACTABLE and withdrawn_by_name(draft, memory.text))
            )
        ):
            verdict.replaces.append(memory.id)
    live = [(m.id, m.text) for m in held if not m.superseded and m.type in RETRACTABLE]
    written = {m.id: m.written for m in held if m.written}
    # a lesson replaced since lives on in what replaced it: a retraction naming its day
    # withdraws that (`agentmem.core.retract.carried`)
    earlier = [(m.id, m.text) for m in held if m.superseded and m.type in RETRACTABLE]
    restated: dict[str, list[str]] = {}
    for m in held:
        if not m.superseded and m.type in RETRACTABLE:
            for old in m.supersedes:
                restated.setdefault(old, []).append(m.id)
    gone = withdrawn(draft, live, written, restated, earlier)
    gone += also_claimed(draft, live, gone)  # the claim told again in other lessons
    verdict.replaces += [i for i in gone if i not in verdict.replaces]
    if not verdict.replaces and stale_match is not None:
        verdict.restates = stale_match
    return verdict


def inherited_tags(
    store: ReadableStore, record: Mapping[str, Any], ids: Sequence[str]
) -> list[str]:
    """The draft's tags and those of the memories it replaces: a replacement is about what
    they were about, so it is found by the same goals' tags (a retro's lesson carries only
    `retro`, and once lost to the tagged lesson it replaced)."""
    tags = list(record.get("tags") or ())
    for memory_id in ids:
        try:
            tags += store.get(memory_id, touch=False).tags
        except MemoryNotFound:
            continue  # named by a host's own `supersedes`, and not (or no longer) held
    return list(dict.fromkeys(tags))[:MAX_TAGS]  # the draft's own first


@runtime_checkable
class Lexical(Protocol):
    """A store that can answer by BM25 alone (the files backends)."""

    def lexical_search(self, query: str, k: int, filters: Filters) -> list[Hit]: ...


JUDGED = ("semantic", "procedural", "reflective")  # lessons; run records are events
CANDIDATES = 8
GLOBAL = "_global"


def _matches(store: ReadableStore, text: str, filters: Filters, k: int = CANDIDATES) -> list[Hit]:
    if isinstance(store, Lexical):  # BM25 alone: no query encoding, no remote call
        return store.lexical_search(text, k, filters)
    return store.search(text, k, filters, touch=False, explain=True)


def elsewhere(
    store: ReadableStore, record: Mapping[str, Any], filters: Filters, seen: set[str]
) -> list[str]:
    """The live lessons of other apps that the draft says outright it replaces
    (`replaces_elsewhere`): a loop's apps share their tools and their teams, and a change
    learnt in one (the monorepo's Bazel version, who handles deliverability) is told of
    the same thing another app's lesson holds. Restating another app's lesson is no
    duplicate: each app keeps its own."""
    hits = _matches(store, record["text"], replace(filters, app_ids=None), 2 * CANDIDATES)
    kind = record.get("kind", "observation")
    return [
        h.memory.id
        for h in hits
        if h.memory.id not in seen
        and h.memory.kind.value == kind
        and not h.explain.get("superseded")
        and replaceable(record.get("type"), h.memory.type.value)
        and not set_apart(record["text"], h.memory.text)
        and replaces_elsewhere(record["text"], h.memory.text)
    ]


def compare(store: ReadableStore, record: Mapping[str, Any]) -> Verdict:
    """The writer's question for a valid draft: does memory hold it already, or does it
    replace something held? Held candidates are the draft's best lexical matches of its own
    kind in its scope (its app and `_global`; every app for a `_global` draft), principles
    included (a principle can be restated, never replaced)."""
    if record.get("type") not in JUDGED:
        return Verdict()
    app = record.get("app_id", GLOBAL)
    filters = Filters(
        user_id=record.get("user_id"),
        app_ids=None if app == GLOBAL else (app, GLOBAL),
        types=(*JUDGED, "principle"),
    )
    hits = _matches(store, record["text"], filters)
    # An assessment (what runs mean, citing them) neither restates nor replaces an
    # observation (a lesson), though it may quote one: each is judged against its own kind.
    kind = record.get("kind", "observation")
    # Lessons of one document, read once, are siblings ("ring 0: …", "ring 1: …"), never a
    # newer word of each other (a later run on the same file may well be); a decision
    # record's are not restatements either, though each is led by the record's title.
    one = (record.get("source"), record.get("run_id"))
    # So are the lessons one run reported in one hook C fire (a run record names no
    # document): "rooftop panels are capped at 40 a site" and "ground arrays have a
    # limit of 200 of their own" were learned together, and the second is no newer word on the
    # first. (Other writes of one second share a default run id, not a run.)
    fire = (record.get("run_id"), RUN_HOOK, record.get("created_at"))
    siblings = {
        h.memory.id
        for h in hits
        if (one[0] and (h.memory.source, h.memory.run_id) == one)
        or (
            record.get("trigger") == RUN_HOOK
            and (h.memory.run_id, h.memory.trigger, h.memory.created_at) == fire
        )
    }
    held = [
        Held(
            h.memory.id,
            h.memory.text,
            h.memory.type.value,
            superseded=bool(h.explain.get("superseded")),
            written=f"{h.memory.run_id} {h.memory.created_at}",
            supersedes=tuple(h.memory.supersedes),
        )
        for h in hits
        if h.memory.kind.value == kind
        and not (h.memory.id in siblings and record.get("trigger") == "post_retro_distill")
    ]
    verdict = judge(record["text"], held, record.get("type"))
    if verdict.replaces and record.get("type") in RETRACTABLE:
        verdict.replaces += kin(record["text"], held, verdict.replaces)
    verdict.replaces = [i for i in verdict.replaces if i not in siblings]
    if record.get("type") in RETRACTABLE:
        seen = {h.memory.id for h in hits} | set(verdict.replaces)
        verdict.replaces += reread(store, record, filters, seen)
        verdict.replaces += by_name(store, record, filters, seen | set(verdict.replaces))
    if app != GLOBAL and says_changed(record["text"]):  # else no other app's lesson can be
        verdict.replaces += elsewhere(store, record, filters, {h.memory.id for h in hits})
    if app != GLOBAL and not verdict.replaces and record.get("type") in RETRACTABLE:
        # a retraction of another app's lesson (`agentmem.core.across`)
        every = _matches(store, record["text"], replace(filters, app_ids=None), 2 * CANDIDATES)
        verdict.replaces += withdrawn_across(record["text"], app, kind, every)
    if verdict.replaces and not retraction(record["text"]):
        # A value changed twice: the newest replaces the first too (found in its place)
        earlier = {h.memory.id: h.memory.supersedes for h in hits}
        before = [old for i in verdict.replaces for old in earlier.get(i, ())]
        before = [old for old in before if old not in verdict.replaces]
        verdict.replaces += inherited(store, record, before)
        verdict.replaces = list(dict.fromkeys(verdict.replaces))[:MAX_REFS]
    return verdict


PER_CLAUSE = 3  # best matches of each sentence of a long text (`told_apart`)


def reread(
    store: ReadableStore, record: Mapping[str, Any], filters: Filters, seen: set[str]
) -> list[str]:
    """The live lessons that one sentence of a long draft gives a new value of in the same
    place (`agentmem.core.slots.renewed`), found by that sentence's own best matches: a
    review's fourth bullet ("readers lock after 3 failed swipes") changes a lesson that
    the whole review, about other things, does not bring up. Lessons of the draft's own
    document are its siblings, never replaced by it."""
    one = (record.get("source"), record.get("run_id"))
    kind = record.get("kind", "observation")
    out: list[str] = []
    for sentence in told_apart(record["text"]):
        for hit in _matches(store, sentence, filters, PER_CLAUSE):
            memory = hit.memory
            if (
                memory.id in seen
                or memory.id in out
                or memory.kind.value != kind
                or hit.explain.get("superseded")
                or memory.type.value not in RETRACTABLE
                or (one[0] and (memory.source, memory.run_id) == one)
            ):
                continue
            text = record["text"]
            if (
                not set_apart(text, memory.text)
                and not restates(text, memory.text)
                and _anew(text, memory.text)
            ):
                out.append(memory.id)
    return out


def by_name(
    store: ReadableStore, record: Mapping[str, Any], filters: Filters, seen: set[str]
) -> list[str]:
    """The live lessons resting on a thing the draft says is withdrawn, found by the thing's
    own name (`agentmem.core.removal`): "rule QX-12 is withdrawn" retires a lesson on QX-12
    that shares no other word with the draft. Lessons of its own document stay."""
    one = (record.get("source"), record.get("run_id"))
    out: list[str] = []
    for name in withdrawn_names(record["text"]):
        for hit in _matches(store, f"{name.word} {name.release}".strip(), filters):
            memory = hit.memory
            if not (
                memory.id in seen
                or memory.id in out
                or memory.kind.value != record.get("kind", "observation")
                or hit.explain.get("superseded")
                or memory.type.value not in RETRACTABLE
                or (one[0] and (memory.source, memory.run_id) == one)
            ) and withdrawn_by_name(record["text"], memory.text):
                out.append(memory.id)
    return out


def _anew(draft: str, held: str) -> bool:
    """A new value where the held lesson's stood, read by its place (`renewed`), told
    with a change word in a slot the held lesson fills (`agentmem.core.later.recued`), the
    held how-to's task run with another tool (`agentmem.core.later.reequipped`), or a new
    count of a unit it counts, told as a change (`agentmem.core.recounted`)."""
    return (
        renewed(draft, held)
        or recued(draft, held)
        or reequipped(draft, held)
        or recounted(draft, held)
    )


def kin(draft: str, held: Sequence[Held], replaced: Sequence[str]) -> list[str]:
    """The held lessons that state a value the draft retired in a lesson it replaces
    (`agentmem.core.slots.siblings`): a new hold time learnt once retires every lesson
    that still tells the old one of the same thing, the how-to as much as the rule; and a
    command the draft swapped for another tool's is gone from every lesson that runs it
    (`agentmem.core.oldtool.unrun`)."""
    gone = [m.text for m in held if m.id in replaced]
    others = [
        (m.id, m.text)
        for m in held
        if m.id not in replaced
        and not m.superseded
        and m.type in RETRACTABLE
        and not set_apart(draft, m.text)
    ]
    found = siblings(draft, gone, others) + retold(draft, gone, others)
    return found + [i for i in unrun(draft, gone, others) if i not in found]


def retold(draft: str, replaced: Sequence[str], others: Sequence[tuple[str, str]]) -> list[str]:
    """Of `others` (held lessons as id and text), those that tell again what a lesson the
    draft replaces told (`restated`: one thing, give or take a detail) with the same value
    of a measure, a time or a day, a value the draft no longer states. A fact learnt twice
    (a run's lesson, then a weekly note's line) goes with what replaces either: "the kiln
    is serviced on the first Monday of each month" goes with "kiln service is the first
    Monday (next one: 2 March)" once "kiln service is now the day the glaze ships" replaces the
    note. A lesson that says what the draft says, that shares no such value, or that gives
    it only behind its own advice (`_opening`), stays."""
    told = {v for found in terms(draft).values.values() for v in found}
    out = []
    for memory_id, text in others:
        if restated(draft, text):
            continue
        for old in replaced:
            kept = _kept(old, text) & _opening(text)
            if kept and not kept & told and restated(old, text):
                out.append(memory_id)
                break
    return out


def _opening(text: str) -> set[str]:
    """The values a text states in its first clause, what it is about: a value told later,
    in a reason or a detail behind its own advice ("send the pack as a link: the 10 MB cap
    bounced it"), is not what the lesson tells, and the advice holds whatever the value."""
    first = CLAUSE.split(text, maxsplit=1)[0]
    return {v for found in terms(first).values.values() for v in found}


def _kept(a: str, b: str) -> set[str]:
    """The values of a measure, a time or a day that both texts state (not a count, a date,
    a version or a command: two tellings of one fact may well give those apart)."""
    ta, tb = read_together(a, b)
    return {
        v
        for kind, found in ta.values.items()
        if kind not in UNKEPT
        for v in found & tb.values.get(kind, frozenset())
    }


def inherited(store: ReadableStore, record: Mapping[str, Any], older: Sequence[str]) -> list[str]:
    """Of what the memories a draft replaces had replaced, those the draft itself gives a
    new value of: a value changed twice ("3 retries", then "5 now", then "8 now") makes the
    newest replace the first too, so a read of the first finds the newest. What the replaced
    memory had replaced on another point stays with it: a note that the build cache moved
    does not inherit the retired retry count its replaced runbook section had taken over,
    and one wrong replacement does not pass on everything before it."""
    out: list[str] = []
    for memory_id in dict.fromkeys(older):
        try:
            old = store.get(memory_id, touch=False)
        except MemoryNotFound:
            continue
        kept = replaceable(record.get("type"), old.type.value) and not set_apart(
            record["text"], old.text
        )
        if kept and (
            replaces(record["text"], old.text) or withdrawn(record["text"], [(old.id, old.text)])
        ):
            out.append(memory_id)
    return out
