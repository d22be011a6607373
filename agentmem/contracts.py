"""Per-hook write contracts: what each hook may write, as data the runtime enforces.

The playbooks tell a model what a hook may write; a contract makes it so, for every plugin
and reasoner alike, before the one writer sees a draft. A contract names the types a hook
may write with their confidence ranges, how many drafts one fire may write, and the fields
a draft must carry. No hook writes a `principle`: principles come only from the principles
backfill lane (`trigger: backfill`) or an explicit executive `agentmem add` (`manual`),
which have no hook contract.

Every draft from a hook is also checked for the junk a small model produces in place of a
statement (seen in the recorded exchanges, issue 18): text copied from the playbooks or
the tool schema, template fragments (`{{context}}`, `functions.<tool>:`, `[memory-id]`, a
type with its range), HTML entities (`&#34;`), and text too short to state anything. Each
refused draft gets a reason naming the hook and the fix.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from agentmem.contexts import HarvestWindow, Retrospective
from agentmem.core.model import TYPE_RULES, HookName, Kind, MemoryType, Problem
from agentmem.core.validate import MAX_TEXT
from agentmem.harvest.span import daily_notes, resolve
from agentmem.settings import Settings

S, P, R, E = (
    MemoryType.SEMANTIC,
    MemoryType.PROCEDURAL,
    MemoryType.REFLECTIVE,
    MemoryType.EPISODIC,
)


def _ranges(*types: MemoryType) -> dict[MemoryType, tuple[float, float]]:
    return {t: (TYPE_RULES[t].low, TYPE_RULES[t].high) for t in types}


@dataclass(frozen=True)
class Contract:
    """What one hook may write in one fire."""

    hook: HookName
    types: Mapping[MemoryType, tuple[float, float]]  # type → the confidence range allowed
    max_drafts: int  # per fire (see `limit` for what the context adds)
    per_type: Mapping[MemoryType, int] = field(default_factory=dict)  # a tighter cap for a type
    required: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # type|"*" → fields
    periodic_max: int | None = None  # hook D: a periodic retro may yield more
    per_daily_note: int = 0  # hook E: lessons allowed per daily note in the window

    def limit(self, *, periodic: bool = False, daily_notes: int = 0) -> int:
        """How many drafts this fire may write, given what its context holds."""
        base = self.periodic_max if periodic and self.periodic_max else self.max_drafts
        return base + self.per_daily_note * daily_notes

    def describe(self) -> dict[str, Any]:
        """The contract as JSON-able data (what a model is told it may write)."""
        return {
            "types": {t.value: list(r) for t, r in self.types.items()},
            "max_drafts": self.max_drafts,
            **({"periodic_max": self.periodic_max} if self.periodic_max else {}),
            **({"per_daily_note": self.per_daily_note} if self.per_daily_note else {}),
            **(
                {"per_type": {t.value: n for t, n in self.per_type.items()}}
                if self.per_type
                else {}
            ),
            "required": {k: list(v) for k, v in self.required.items()},
        }


ASSESSMENT_CITES = {Kind.ASSESSMENT.value: ("cites",)}

# DESIGN.md: read hooks write nothing; C writes 0–3 (one episodic record, plus semantic or
# procedural lessons the run supports); D writes reflective, semantic and procedural lessons,
# 0–3 for the retro of one run, up to 8 for a periodic retro or a document of no one run; E
# writes what earns long-term memory: at most 4 patterns (an observation and an assessment
# each) and 3 lessons per daily note.
CONTRACTS: dict[HookName, Contract] = {
    HookName.PRE_GOAL_SYNTHESIS: Contract(HookName.PRE_GOAL_SYNTHESIS, {}, 0),
    HookName.PRE_SPAWN_PACK: Contract(HookName.PRE_SPAWN_PACK, {}, 0),
    HookName.POST_RUN_CLASSIFY: Contract(
        HookName.POST_RUN_CLASSIFY,
        _ranges(E, S, P),
        3,
        per_type={E: 1},
        required={E.value: ("run_id", "outcome"), **ASSESSMENT_CITES},
    ),
    HookName.POST_RETRO_DISTILL: Contract(
        HookName.POST_RETRO_DISTILL,
        _ranges(R, S, P),
        3,
        periodic_max=8,
        required={"*": ("source",), **ASSESSMENT_CITES},
    ),
    HookName.JUDGMENT_HARVEST: Contract(
        HookName.JUDGMENT_HARVEST,
        _ranges(S, R, P),
        8,
        per_daily_note=3,
        required=ASSESSMENT_CITES,
    ),
}

# -- junk: what a model writes when it has no statement to make ------------------------------

MIN_WORDS = 2  # content words: "Retry on 429." states something, "episode" does not
MIN_CHARS = 6
COPY_SHARE = 0.5  # share of a draft's 5-word runs found in the playbooks above which it copies
NGRAM = 5
# What a chat template's escaping leaves in a text: numeric entities (`&#34;` for a quote),
# `&quot;`, and escapes of escapes (`&amp;#39;`). A lesson about HTML may name `&lt;`.
HTML_ENTITY = re.compile(
    r"&(?:#\d{1,7};|#x[0-9a-f]{1,6};|quot;|apos;|amp;(?:#|[a-z]{2,8};))", re.IGNORECASE
)
TYPE_WORDS = "|".join(t.value for t in MemoryType)
TOOL_NAMES = "search_memory|list_memories|get_memory|read_file|propose_memory"
# Fragments of the playbooks' and chat templates' own syntax; narrow on purpose, so a lesson
# about templates or date formats is not taken for one.
TEMPLATE = (
    (re.compile(r"\{\{\s*context\s*\}\}"), "the playbook's {{context}} placeholder"),
    (re.compile(rf"\bfunctions\.(?:{TOOL_NAMES})\b"), "a tool-call marker (functions.<tool>)"),
    (re.compile(r"</?tool_call>|<\|im_(?:start|end)\|>"), "a chat-template token"),
    (re.compile(r"\[memory-id\]", re.IGNORECASE), "the playbook's [memory-id] placeholder"),
    (
        re.compile(rf"\b(?:{TYPE_WORDS})\b\W{{0,3}}\d\.\d+\s*[–-]\s*\d\.\d+", re.IGNORECASE),
        "a type and its confidence range copied from the playbook",
    ),
    (
        re.compile(r'^\s*[\[{].*"(?:text|type|confidence|name|arguments)"\s*:', re.DOTALL),
        "a JSON draft or tool call instead of a statement",
    ),
)
# Words that carry no content in a memory's text: the playbooks' own vocabulary and glue.
GLUE = """
a an and are as at be by for from has have in into is it its of on or so that the this to was
were which with across lesson lessons retro retrospective run runs episode episodes pattern
patterns memory memories draft drafts hook note notes seen type kind confidence text
"""
EMPTY_WORDS = frozenset({t.value for t in MemoryType} | {k.value for k in Kind} | set(GLUE.split()))
# A word of two letters or more, or a number (a date or a version counts once).
WORD = re.compile(r"[^\W\d_]{2,}|\d[\d.:/-]*")


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.casefold())


@lru_cache(maxsize=1)
def _playbook_ngrams() -> tuple[frozenset[tuple[str, ...]], str]:
    """Every 5-word run of the shipped playbooks and tool descriptions, and their words
    joined (for short drafts, which must not be a run of them either)."""
    from agentmem import playbook
    from agentmem.reasoner.toolbox import SCHEMAS

    texts = [playbook.load(name).text for name in playbook.NAMES]
    texts += [s["function"]["description"] for s in SCHEMAS.values()]
    grams: set[tuple[str, ...]] = set()
    joined = []
    for text in texts:
        words = _words(text)
        joined.append(" ".join(words))
        grams.update(tuple(words[i : i + NGRAM]) for i in range(len(words) - NGRAM + 1))
    return frozenset(grams), "\n".join(joined)


def copies_playbook(text: str) -> bool:
    """Whether the text is mostly the playbooks' (or the tool schema's) own words."""
    words = _words(text)
    grams, joined = _playbook_ngrams()
    if len(words) < NGRAM:
        return len(words) >= 3 and f" {' '.join(words)} " in f" {joined} "
    runs = [tuple(words[i : i + NGRAM]) for i in range(len(words) - NGRAM + 1)]
    return sum(run in grams for run in runs) / len(runs) >= COPY_SHARE


def too_short(text: str) -> bool:
    """Fewer characters or content words than a statement needs ("episode", "# Rakefile")."""
    content = [w for w in WORD.findall(text.casefold()) if w not in EMPTY_WORDS]
    return len(text.strip()) < MIN_CHARS or len(content) < MIN_WORDS


def junk(text: str) -> list[str]:
    """Why a text is not a statement memory should hold (empty when it is one)."""
    reasons = []
    if HTML_ENTITY.search(text):
        reasons.append("holds HTML entities (e.g. &#34;): write the characters themselves")
    reasons += [f"holds {what}" for pattern, what in TEMPLATE if pattern.search(text)]
    if too_short(text):
        reasons.append("too short to be a statement: say what was learned, in a sentence")
    if copies_playbook(text):
        reasons.append("copies the playbook or the tool schema instead of stating a lesson")
    return reasons


# -- checking a fire's drafts -----------------------------------------------------------------


def _number(value: object) -> float | None:
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


def draft_problems(contract: Contract, draft: Mapping[str, Any]) -> list[Problem]:
    """What this hook's contract refuses in one draft (the writer checks the rest)."""
    hook = contract.hook.value
    if not contract.types:
        return [Problem("<hook>", f"{hook} is a read hook: it writes nothing")]
    problems = []
    kind = draft.get("type")
    allowed = {t.value: t for t in contract.types}
    if not isinstance(kind, str) or kind not in allowed:
        why = (
            "principles come only from the principles backfill or `agentmem add`"
            if kind == MemoryType.PRINCIPLE.value
            else f"it may write {', '.join(allowed)}"
        )
        problems.append(Problem("type", f"{hook} may not write {kind!r}: {why}"))
    else:
        low, high = contract.types[allowed[kind]]
        confidence = _number(draft.get("confidence"))
        if confidence is not None and not low <= confidence <= high:
            problems.append(
                Problem(
                    "confidence", f"{hook} writes {kind} at {low:g}–{high:g}; got {confidence:g}"
                )
            )
        for key in (*contract.required.get("*", ()), *contract.required.get(kind, ())):
            if draft.get(key) in (None, "", [], ()):
                problems.append(Problem(key, f"{hook} requires {key} on every {kind} draft"))
    stance = draft.get("kind")
    for key in contract.required.get(stance, ()) if isinstance(stance, str) else ():
        if not draft.get(key):
            problems.append(Problem(key, f"{hook} requires {key} on an {stance}"))
    text = draft.get("text")
    # A text past the writer's limit is refused for its length there; reading a 20 MB one
    # for junk took seconds past the fire's budget.
    if isinstance(text, str) and len(text) <= MAX_TEXT:
        problems += [Problem("text", reason) for reason in junk(text)]
    return problems


def check(
    contract: Contract, drafts: Sequence[Mapping[str, Any]], limit: int | None = None
) -> list[list[Problem]]:
    """Each draft's problems under the contract, in order; drafts past the fire's limit
    (counted among those the contract lets through) are refused as over it."""
    cap = contract.max_drafts if limit is None else limit
    counted = 0
    per_type: dict[str, int] = {}
    out: list[list[Problem]] = []
    for draft in drafts:
        if not isinstance(draft, Mapping):
            out.append([])  # the writer names what is wrong with a draft that is no mapping
            continue
        problems = draft_problems(contract, draft)
        if not problems:
            kind = str(draft.get("type"))
            per_type[kind] = per_type.get(kind, 0) + 1
            type_cap = contract.per_type.get(MemoryType(kind))
            if type_cap is not None and per_type[kind] > type_cap:
                problems.append(
                    Problem(
                        "type", f"{contract.hook.value} writes at most {type_cap} {kind} per fire"
                    )
                )
            else:
                counted += 1
                if counted > cap:
                    problems.append(
                        Problem(
                            "<hook>", f"{contract.hook.value} writes at most {cap} drafts per fire"
                        )
                    )
        out.append(problems)
    return out


def limit_for(hook: HookName, values: Mapping[str, Any], settings: Settings) -> int:
    """How many drafts this fire of `hook` may write: hook D's depends on whether the retro
    tells of one run (`Retrospective.one_run`), hook E's on how many daily notes its window
    holds."""
    contract = CONTRACTS[hook]
    retro = values.get("retro")
    periodic = isinstance(retro, Retrospective) and not retro.one_run
    notes = 0
    window = values.get("window")
    if contract.per_daily_note and isinstance(window, HarvestWindow):
        notes = len(daily_notes(settings.root, resolve(window, settings.log_path)))
    return contract.limit(periodic=periodic, daily_notes=notes)


def enforce(
    hook: HookName, values: Mapping[str, Any], settings: Settings, drafts: Sequence[Any]
) -> list[list[Problem]]:
    """Each draft's problems under the hook's contract (what the runtime refuses)."""
    return check(CONTRACTS[hook], drafts, limit_for(hook, values, settings))
