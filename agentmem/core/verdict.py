"""The writer's question for a draft: does memory hold it already, or does it replace
something held? The held memories it is compared with are the draft's best lexical
matches, found here in the store; each is judged by `agentmem.core.held` (the texts alone:
`agentmem.core.restate`, restates or replaces, and `agentmem.core.retract`, a withdrawal)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol, runtime_checkable

from agentmem._exceptions import MemoryNotFound
from agentmem.core.across import denies_across, helped_across, withdrawn_across
from agentmem.core.apart import set_apart
from agentmem.core.cues import says_changed
from agentmem.core.device import Takeover as DeviceTakeover
from agentmem.core.device import aliases as device_aliases
from agentmem.core.device import makers as device_makers
from agentmem.core.device import retired_device
from agentmem.core.device import takeover as device_takeover
from agentmem.core.devicerun import commissioned as device_commissioned
from agentmem.core.devicerun import retired_by_run
from agentmem.core.held import (
    RETRACTABLE,
    Held,
    Verdict,
    _anew,
    judge,
    kin,
    replaceable,
    retold,
)
from agentmem.core.helpednot import not_fixed
from agentmem.core.members import renewed_members
from agentmem.core.model import MAX_TAGS, Hit
from agentmem.core.parted import partly_replaced
from agentmem.core.restate import replaces, replaces_elsewhere, restates
from agentmem.core.retract import retraction, withdrawn
from agentmem.core.setaside import may_set_aside, set_aside_across
from agentmem.core.setkeys import key_words, keyed_anew
from agentmem.core.slots import told_apart
from agentmem.core.supplierleft import ended, may_retire, named, retired_supply, switches
from agentmem.core.validate import MAX_REFS
from agentmem.core.withdrawnname import withdrawn_by_name, withdrawn_names
from agentmem.stores.base import Filters, ReadableStore

__all__ = [
    "CANDIDATES",
    "GLOBAL",
    "JUDGED",
    "RETRACTABLE",
    "Compared",
    "Held",
    "Lexical",
    "Verdict",
    "compare",
    "inherited_tags",
    "judge",
    "kin",
    "replaceable",
    "retold",
]

RUN_HOOK = "post_run_classify"  # the hook that writes a run's own lessons


@dataclass
class Compared(Verdict):
    """The writer's verdict: the judge's, and the rest of each held lesson the draft tells
    one part of anew (`agentmem.core.partial`), which the writer writes again."""

    residuals: dict[str, str] = field(default_factory=dict)  # replaced id: its parts kept


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


@runtime_checkable
class Searches(Protocol):
    """A store that answers several of the writer's searches in one call to its server
    (the postgres backend: `PostgresStore.lexical_searches`)."""

    def lexical_searches(self, asks: Sequence[tuple[str, int, Filters]]) -> list[list[Hit]]: ...


def _matches(store: ReadableStore, text: str, filters: Filters, k: int = CANDIDATES) -> list[Hit]:
    if isinstance(store, Lexical):  # BM25 alone: no query encoding, no remote call
        return store.lexical_search(text, k, filters)
    return store.search(text, k, filters, touch=False, explain=True)


def _matched(store: ReadableStore, asks: Sequence[tuple[str, Filters]]) -> list[list[Hit]]:
    """`_matches` of each ask, in one call to the server where the store can (the answers
    are the same as asked one by one: nothing is written between them)."""
    if isinstance(store, Searches):
        return store.lexical_searches([(text, CANDIDATES, f) for text, f in asks])
    return [_matches(store, text, f) for text, f in asks]


def _every(filters: Filters) -> Filters:
    """The supplier rule's scope for a hand-over: every app, every type."""
    return replace(filters, app_ids=None, types=None)


def _handover_asks(record: Mapping[str, Any], filters: Filters) -> list[tuple[str, Filters]]:
    """What `by_supplier` asks first when it will be asked (a draft of a retractable type
    naming one name): every app for a hand-over to that name. `compare` sends it with its own
    search, so a draft costs no call of its own to a server for it."""
    if record.get("type") not in RETRACTABLE:
        return []
    names = named(record["text"])
    return [(name, _every(filters)) for name in sorted(names)] if len(names) == 1 else []


def across(
    store: ReadableStore, record: Mapping[str, Any], filters: Filters, app: str, kind: str
) -> list[str]:
    """Other apps' live lessons the draft withdraws (`agentmem.core.across`) or, when it
    withdraws none, whose remedy it sets aside (`agentmem.core.setaside`): both read the
    same search of every app, made once, and only for a draft holding either's cue."""
    text = record["text"]
    withdraws, sets_aside = denies_across(text), may_set_aside(text)
    if not (withdraws or sets_aside):
        return []  # no other app's lesson can be withdrawn or set aside
    every = _matches(store, text, replace(filters, app_ids=None), 2 * CANDIDATES)
    found = withdrawn_across(text, app, kind, every) if withdraws else []
    return found or (set_aside_across(text, app, kind, every) if sets_aside else [])


def helped_elsewhere(
    store: ReadableStore, record: Mapping[str, Any], filters: Filters, app: str, kind: str
) -> list[str]:
    """Other apps' live findings that a change the draft says did not fix a problem cut
    its figure (`agentmem.core.across.helped_across`), read only for a draft saying so."""
    text = record["text"]
    if not not_fixed(text):
        return []
    every = _matches(store, text, replace(filters, app_ids=None), 2 * CANDIDATES)
    return helped_across(text, app, kind, every)


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


def compare(store: ReadableStore, record: Mapping[str, Any]) -> Compared:
    """The writer's question for a valid draft: does memory hold it already, or does it
    replace something held? Held candidates are the draft's best lexical matches of its own
    kind in its scope (its app and `_global`; every app for a `_global` draft), principles
    included (a principle can be restated, never replaced)."""
    app = record.get("app_id", GLOBAL)
    filters = Filters(
        user_id=record.get("user_id"),
        app_ids=None if app == GLOBAL else (app, GLOBAL),
        types=(*JUDGED, "principle"),
    )
    if record.get("type") not in JUDGED:
        # a run record restates and replaces nothing, but a run that commissioned a new
        # device retires the old one's lessons (`agentmem.core.devicerun.commissioned`)
        return (
            Compared(replaces=by_commission(store, record, filters)) if _ran(record) else Compared()
        )
    # the supplier rule's first ask (`by_supplier`) made in the same call as the draft's own
    asks = _handover_asks(record, filters)
    hits, *asked = _matched(store, [(record["text"], filters), *asks])
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
    found = judge(record["text"], held, record.get("type"))
    verdict = Compared(found.restates, found.replaces)
    if verdict.replaces and record.get("type") in RETRACTABLE:
        verdict.replaces += kin(record["text"], held, verdict.replaces)
    verdict.replaces = [i for i in verdict.replaces if i not in siblings]
    if record.get("type") in RETRACTABLE:
        seen = {h.memory.id for h in hits} | set(verdict.replaces)
        verdict.replaces += reread(store, record, filters, seen)
        verdict.replaces += by_name(store, record, filters, seen | set(verdict.replaces))
        verdict.replaces += by_key(store, record, filters, seen | set(verdict.replaces))
        # a device replaced: its lessons, compared or not (`agentmem.core.device`)
        verdict.replaces += by_device(store, record, filters, set(verdict.replaces))
        # an old supplier's setting, the supply handed over (`agentmem.core.supplierleft`)
        verdict.replaces += by_supplier(
            store, record, filters, set(verdict.replaces), dict(zip(asks, asked, strict=True))
        )
    if app != GLOBAL and says_changed(record["text"]):  # else no other app's lesson can be
        verdict.replaces += elsewhere(store, record, filters, {h.memory.id for h in hits})
    if app != GLOBAL and record.get("type") in RETRACTABLE:
        if not verdict.replaces:
            verdict.replaces += across(store, record, filters, app, kind)
        else:  # a change said no fix: another app's finding that it helped goes too
            verdict.replaces += helped_elsewhere(store, record, filters, app, kind)
    if verdict.restates is None:  # one part of a held lesson told anew (`core.partial`)
        live = [h.memory for h in hits if not h.explain.get("superseded")]
        verdict.residuals = partly_replaced(record, live, siblings)
        verdict.replaces += [i for i in verdict.residuals if i not in verdict.replaces]
        if record.get("type") in RETRACTABLE and not retraction(record["text"]):
            # one member of a compound lesson given a new value (`agentmem.core.members`)
            lessons = [
                (m.id, m.text)
                for m in live
                if m.id not in siblings
                and m.id not in verdict.residuals
                and m.type.value in RETRACTABLE
                and m.kind.value == kind
            ]
            # (one the judge replaced already keeps its unsaid members all the same)
            for memory_id, rest in renewed_members(record["text"], lessons).items():
                if memory_id not in verdict.replaces:
                    verdict.replaces.append(memory_id)
                if rest:
                    verdict.residuals[memory_id] = rest
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
    out: list[str] = []
    for sentence in told_apart(record["text"]):
        for hit in _matches(store, sentence, filters, PER_CLAUSE):
            memory = hit.memory
            if not _open(hit, record, seen, out):
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
    own name (`agentmem.core.withdrawnname`): "rule QX-12 is withdrawn" retires a lesson on QX-12
    that shares no other word with the draft. Lessons of its own document stay."""
    out: list[str] = []
    for name in withdrawn_names(record["text"]):
        for hit in _matches(store, f"{name.word} {name.release}".strip(), filters):
            memory = hit.memory
            if _open(hit, record, seen, out) and withdrawn_by_name(record["text"], memory.text):
                out.append(memory.id)
    return out


def by_key(
    store: ReadableStore, record: Mapping[str, Any], filters: Filters, seen: set[str]
) -> list[str]:
    """The live lessons that tell of a setting the draft sets by its key, found by the
    key's words (`agentmem.core.setkeys.keyed_anew`): "DOOR_WAIT_S=75 deployed to production"
    gives a new value of "kiln doors wait 45 s", which shares no whole word with it. Lessons
    of its own document stay."""
    out: list[str] = []
    for words in key_words(record["text"]):
        for hit in _matches(store, words, filters):
            memory = hit.memory
            if (
                _open(hit, record, seen, out)
                and not set_apart(record["text"], memory.text)
                and keyed_anew(record["text"], memory.text)
            ):
                out.append(memory.id)
    return out


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


def _open(hit: Hit, record: Mapping[str, Any], seen: set[str], out: list[str]) -> bool:
    """A live lesson of the draft's kind, not yet judged, and not of the draft's own
    document (whose lessons are its siblings, never replaced by it)."""
    memory, one = hit.memory, (record.get("source"), record.get("run_id"))
    return not (
        memory.id in seen
        or memory.id in out
        or memory.kind.value != record.get("kind", "observation")
        or hit.explain.get("superseded")
        or memory.type.value not in RETRACTABLE
        or (one[0] and (memory.source, memory.run_id) == one)
    )


def _kinds(told: DeviceTakeover) -> list[str]:
    """The new device's kinds as queries ("ph meter")."""
    return [" ".join(kind) for kind in sorted(told.kinds)]


def _aliases(
    store: ReadableStore, told: DeviceTakeover, queries: list[str], filters: Filters
) -> set[str]:
    """The old device's model codes that the held texts found by each query (a maker, a
    kind) write beside it (`agentmem.core.device.aliases`)."""
    known: set[str] = set()
    for query in queries:
        known |= device_aliases(told, [h.memory.text for h in _matches(store, query, filters)])
    return known


def by_device(
    store: ReadableStore, record: Mapping[str, Any], filters: Filters, seen: set[str]
) -> list[str]:
    """The live lessons of a measuring device the draft says another device replaced
    (`agentmem.core.device`), found by what the new device now measures and by the old
    device's model codes, written beside its maker in held texts ("Krauss KM-2"): its
    offsets and corrections share few words with the draft. Lessons of its own document
    stay."""
    told = device_takeover(record["text"])
    if told is None:
        return []
    queries = [" ".join(sorted(told.measures))] if told.measures else []
    # the old device's codes beside its maker, and beside the new one's kind
    known = _aliases(store, told, [*device_makers(told), *_kinds(told)], filters)
    queries += sorted(known | told.same)  # a tag now another kind of device: its lessons
    out: list[str] = []
    for query in queries:
        for hit in _matches(store, query, filters):
            if _open(hit, record, seen, out) and retired_device(
                record["text"], hit.memory.text, sorted(known)
            ):
                out.append(hit.memory.id)
    return out


def _ran(record: Mapping[str, Any]) -> bool:
    """A record of a run that went well, written by hook C."""
    return (
        record.get("type") == "episodic"
        and record.get("trigger") == RUN_HOOK
        and record.get("outcome") == "success"
    )


def by_commission(store: ReadableStore, record: Mapping[str, Any], filters: Filters) -> list[str]:
    """The live lessons of the device a successful run's record says it commissioned a new
    one in place of (`agentmem.core.devicerun.commissioned`): the old device is named by its
    code beside the new one's kind in any held text (a run record's "on the T50
    titrator"), or known by what the new one measures; its lessons are found by those
    codes and words and by the record's own. Lessons of the run's own fire stay."""
    text = record["text"]
    told = device_commissioned(text)
    if told is None:
        return []
    every = replace(filters, types=None)  # a run record names the old device as well
    known = _aliases(store, told, _kinds(told), every)
    queries = [text, *sorted(known)] + ([" ".join(sorted(told.measures))] if told.measures else [])
    fire = (record.get("run_id"), RUN_HOOK, record.get("created_at"))
    out: list[str] = []
    for query in queries:
        for hit in _matches(store, query, filters):
            memory = hit.memory
            if (memory.run_id, memory.trigger, memory.created_at) == fire:
                continue  # the run's own lessons, told of the new device
            if _open(hit, {**record, "kind": memory.kind.value}, set(), out) and retired_by_run(
                told, text, memory.text, sorted(known), memory.tags
            ):
                out.append(memory.id)
    return out


def by_supplier(
    store: ReadableStore,
    record: Mapping[str, Any],
    filters: Filters,
    seen: set[str],
    asked: Mapping[tuple[str, Filters], list[Hit]] | None = None,
) -> list[str]:
    """The live lessons of an old supplier's setting or rule that the draft gives anew for
    the new supplier, once a stored text of any app (a run record, a retro) tells the supply
    handed over to it (`agentmem.core.supplierleft`). Lessons of its own document stay.

    Two reads, each needed only when the other found something: the draft's own scope for
    a held lesson that could be an old supplier's (`may_retire`, one search) and every app
    for a hand-over to one of the draft's names (a search a name). A draft of one name (a
    lesson led by a word: every lesson of bench/scale.py) asks every app first: a text
    telling a hand-over is rare, a held lesson sharing three words with the draft is not
    (an ended supplier is named by the word opening a lesson). The answers do not depend
    on the order. `asked`: the searches of every app already made (`_handover_asks`, by
    `compare` with its own), by query and scope."""
    text = record["text"]
    names = named(text)
    if not names:
        return []

    def held() -> list[Hit]:
        return [
            hit
            for hit in _matches(store, text, filters, 2 * CANDIDATES)
            if _open(hit, record, seen, []) and may_retire(text, hit.memory.text)
        ]

    def told() -> list[str]:
        every = _every(filters)
        handovers: dict[str, str] = {}
        for name in sorted(names):
            made = (asked or {}).get((name, every))
            for hit in made if made is not None else _matches(store, name, every):
                if switches(hit.memory.text, names) or ended(hit.memory.text, names):
                    handovers[hit.memory.id] = hit.memory.text
        return list(handovers.values())

    if len(names) == 1:
        handovers = told()
        found = held() if handovers else []
    else:
        found = held()
        handovers = told() if found else []
    out: list[str] = []
    for hit in found if handovers else []:
        if hit.memory.id not in out and retired_supply(text, hit.memory.text, handovers):
            out.append(hit.memory.id)
    return out
