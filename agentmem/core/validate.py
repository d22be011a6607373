"""The validator: a malformed draft is rejected before any store sees it, field by field.

Types are strict on purpose: the string "true" is not a boolean and "0.8" is not a number,
because a model or a hand-written env file produces exactly those and they must not slip in.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from datetime import date, datetime
from typing import Any

from agentmem.core.model import (
    AGENT_ID,
    ID_PATTERN,
    MAX_TAGS,
    SCHEMA_VERSION,
    TRIGGERS,
    TYPE_RULES,
    Kind,
    MemoryType,
    Outcome,
    Problem,
)
from agentmem.retrieval.render import MARKER

# Identifiers end in \Z, never $: `$` also matches before a final newline, so
# "billing-api\n" passed as an app_id and "semantic-evil\n" named a file.
APP_ID = re.compile(
    r"(?:[a-z0-9]+(?:-[a-z0-9]+)*|_global|_executive|_skill-[a-z0-9]+(?:-[a-z0-9]+)*)\Z"
)
RUN_ID = re.compile(r"(\d{4}-\d{2}-\d{2})(?:[-_.:T][A-Za-z0-9._:-]*)?\Z")
MAX_TEXT = 8_000
# Control characters other than tab and line ends: a NUL makes git treat the memory file
# as binary, and they only come from mis-decoded input (a UTF-16 retro, random bytes).
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
# A lone surrogate is what Python makes of an undecodable byte; no UTF-8 file can hold it.
SURROGATE = re.compile("[\ud800-\udfff]")
MAX_TAG = 64
MAX_REFS = 64  # ids in `cites` or `supersedes`
# Every string field has a length limit, so every accepted memory fits the reader's file
# cap (frontmatter.MAX_FILE_BYTES, 256 KB) with room to spare, whatever its characters.
MAX_CHARS: dict[str, int] = {
    "text": MAX_TEXT,
    "id": 64,
    "user_id": 128,
    "agent_id": 64,
    "app_id": 64,
    "run_id": 128,
    "trigger": 64,
    "source": 1024,
    "kind": 64,
    "category": 64,
    "cohort": 64,
    "outcome": 64,
    "tags": MAX_TAG,
    "expires_at": 64,
    "supersedes": 64,
    "cites": 64,
    "created_at": 64,
    "type": 64,
}
SHOWN_CHARS = 80  # how much of a bad value a problem's reason repeats

REQUIRED = ("text", "type", "confidence", "user_id", "agent_id", "app_id", "run_id")
OPTIONAL = (
    "id",
    "schema_version",
    "trigger",
    "source",
    "kind",
    "immutable",
    "importance",
    "category",
    "cohort",
    "outcome",
    "tags",
    "expires_at",
    "supersedes",
    "cites",
    "created_at",
)
FIELDS = REQUIRED + OPTIONAL


def shown(value: object) -> str:
    """A value as a problem's reason quotes it: its repr, cut to SHOWN_CHARS."""
    text = repr(value)
    return text if len(text) <= SHOWN_CHARS else f"{text[: SHOWN_CHARS - 1]}… ({len(text)} chars)"


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _nonempty_str(value: object) -> bool:
    return isinstance(value, str) and value.strip() != ""


def _enum_problem(field: str, value: object, allowed: tuple[str, ...]) -> Problem | None:
    if not isinstance(value, str) or value not in allowed:
        return Problem(field, f"must be one of {', '.join(allowed)}; got {shown(value)}")
    return None


def _dated_run_id(value: object) -> bool:
    if not isinstance(value, str):
        return False
    match = RUN_ID.fullmatch(value)
    if match is None:
        return False
    try:
        date.fromisoformat(match.group(1))
    except ValueError:
        return False
    return True


def _iso_time(value: object) -> bool:
    if not isinstance(value, str):
        return False
    try:
        datetime.fromisoformat(value)
    except ValueError:
        return False
    return True


def _id_list(field: str, value: object) -> list[Problem]:
    if not isinstance(value, list | tuple):
        return [Problem(field, f"must be a list of memory ids; got {type(value).__name__}")]
    return [
        Problem(field, f"{shown(item)} is not a memory id")
        for item in value
        if not isinstance(item, str) or not ID_PATTERN.fullmatch(item)
    ]


def _check_tags(value: object) -> list[Problem]:
    if not isinstance(value, list | tuple):
        return [Problem("tags", f"must be a list of strings; got {type(value).__name__}")]
    problems = []
    if len(value) > MAX_TAGS:
        problems.append(Problem("tags", f"at most {MAX_TAGS} tags; got {len(value)}"))
    for tag in value:
        if not _nonempty_str(tag) or len(tag) > MAX_TAG:
            problems.append(
                Problem("tags", f"each tag is a non-empty string ≤ {MAX_TAG}; got {shown(tag)}")
            )
    return problems


def _check_type_and_confidence(payload: Mapping[str, Any]) -> list[Problem]:
    problems: list[Problem] = []
    type_problem = _enum_problem("type", payload.get("type"), tuple(t.value for t in MemoryType))
    if type_problem:
        problems.append(type_problem)
    confidence = payload.get("confidence")
    if not _is_number(confidence):
        problems.append(Problem("confidence", f"must be a number; got {shown(confidence)}"))
        return problems
    assert isinstance(confidence, int | float)
    if not 0.0 <= confidence <= 1.0:
        problems.append(Problem("confidence", f"must be within [0, 1]; got {confidence}"))
    elif type_problem is None:
        rule = TYPE_RULES[MemoryType(payload["type"])]
        if not rule.low <= confidence <= rule.high:
            problems.append(
                Problem(
                    "confidence",
                    f"a {payload['type']} memory needs confidence in "
                    f"[{rule.low}, {rule.high}]; got {confidence}",
                )
            )
    return problems


def _check_immutable(payload: Mapping[str, Any]) -> list[Problem]:
    immutable = payload.get("immutable", False)
    if not isinstance(immutable, bool):
        return [Problem("immutable", f"must be a boolean; got {shown(immutable)}")]
    is_principle = payload.get("type") == MemoryType.PRINCIPLE.value
    if is_principle and not immutable:
        return [Problem("immutable", "a principle must be immutable")]
    if immutable and not is_principle:
        return [Problem("immutable", "only principle memories are immutable")]
    return []


def _check_scope(payload: Mapping[str, Any]) -> list[Problem]:
    problems = []
    if not _nonempty_str(payload.get("user_id")):
        problems.append(
            Problem("user_id", f"must be a non-empty string; got {shown(payload.get('user_id'))}")
        )
    if payload.get("agent_id") != AGENT_ID:
        problems.append(
            Problem("agent_id", f"must be {AGENT_ID!r}; got {shown(payload.get('agent_id'))}")
        )
    app_id = payload.get("app_id")
    if not isinstance(app_id, str) or not APP_ID.fullmatch(app_id):
        problems.append(
            Problem(
                "app_id",
                f"must be lowercase kebab, _global, _executive or _skill-<slug>; got {shown(app_id)}",
            )
        )
    run_id = payload.get("run_id")
    if not _dated_run_id(run_id):
        reason = "must start with a date YYYY-MM-DD"
        if payload.get("type") == MemoryType.EPISODIC.value:
            reason = "an episodic memory needs a dated run_id (YYYY-MM-DD…)"
        if isinstance(run_id, str) and _dated_run_id(run_id[:10]):
            reason = "after its date, a run_id holds only letters, digits and . _ : -"
        problems.append(Problem("run_id", f"{reason}; got {shown(run_id)}"))
    return problems


def _check_kind(payload: Mapping[str, Any]) -> list[Problem]:
    kind = payload.get("kind", Kind.OBSERVATION.value)
    problem = _enum_problem("kind", kind, tuple(k.value for k in Kind))
    if problem:
        return [problem]
    if kind == Kind.ASSESSMENT.value and not payload.get("cites"):
        return [Problem("cites", "an assessment must cite the observation ids it rests on")]
    return []


def _optional_checks() -> dict[str, Callable[[object], list[Problem]]]:
    def one(problem: Problem | None) -> list[Problem]:
        return [problem] if problem else []

    return {
        "id": lambda v: (
            []
            if isinstance(v, str) and ID_PATTERN.fullmatch(v)
            else [Problem("id", f"not a memory id: {shown(v)}")]
        ),
        "schema_version": lambda v: (
            []
            if isinstance(v, int) and not isinstance(v, bool) and v == SCHEMA_VERSION
            else [
                Problem("schema_version", f"must be the integer {SCHEMA_VERSION}; got {shown(v)}")
            ]
        ),
        "trigger": lambda v: one(_enum_problem("trigger", v, TRIGGERS)),
        "source": lambda v: (
            []
            if _nonempty_str(v)
            else [Problem("source", f"must be a non-empty string; got {shown(v)}")]
        ),
        "importance": lambda v: (
            []
            if _is_number(v) and 0.0 <= v <= 1.0
            else [Problem("importance", f"must be a number within [0, 1]; got {shown(v)}")]
        ),
        "category": lambda v: (
            []
            if _nonempty_str(v)
            else [Problem("category", f"must be a non-empty string; got {shown(v)}")]
        ),
        "cohort": lambda v: (
            []
            if _nonempty_str(v)
            else [
                Problem(
                    "cohort",
                    f"must be a non-empty string when set (leave it out to unset); got {shown(v)}",
                )
            ]
        ),
        "outcome": lambda v: one(_enum_problem("outcome", v, tuple(o.value for o in Outcome))),
        "tags": _check_tags,
        "expires_at": lambda v: (
            []
            if _iso_time(v)
            else [Problem("expires_at", f"must be an ISO date or datetime; got {shown(v)}")]
        ),
        "supersedes": lambda v: _id_list("supersedes", v),
        "cites": lambda v: _id_list("cites", v),
        "created_at": lambda v: (
            []
            if _iso_time(v)
            else [Problem("created_at", f"must be an ISO datetime; got {shown(v)}")]
        ),
    }


_OPTIONAL_CHECKS = _optional_checks()


def _string_problem(field: str, value: str) -> Problem | None:
    """Whether a string can be stored and read back as it is: length, encoding, controls."""
    limit = MAX_CHARS.get(field)
    if limit is not None and len(value) > limit:
        return Problem(field, f"at most {limit} characters; got {len(value)}")
    if (surrogate := SURROGATE.search(value)) is not None:
        return Problem(
            field,
            f"must be text UTF-8 can store; got a lone surrogate U+{ord(surrogate[0]):04X} at "
            f"character {surrogate.start()} (mis-decoded input?)",
        )
    if (control := CONTROL.search(value)) is not None:
        return Problem(field, f"must not hold control characters; got U+{ord(control[0]):04X}")
    if (marker := MARKER.search(value)) is not None:
        # The pack is rendered so no text can end its block early; refusing the marker
        # here keeps it out of the files, the snapshots and every other reader too.
        return Problem(
            field, f"must not hold the pack marker {marker[0]!r}; it frames a worker's pack"
        )
    return None


def _check_strings(payload: Mapping[str, Any]) -> list[Problem]:
    problems = []
    for key in FIELDS:
        value = payload.get(key)
        items = value if isinstance(value, list | tuple) else (value,)
        if key in ("cites", "supersedes") and len(items) > MAX_REFS:
            problems.append(Problem(key, f"at most {MAX_REFS} ids; got {len(items)}"))
            continue
        for item in items:
            if isinstance(item, str) and (problem := _string_problem(key, item)) is not None:
                problems.append(problem)
                break
    return problems


def validate_draft(payload: Mapping[str, Any]) -> list[Problem]:
    """Check one complete record (a flat mapping); an empty list means it is valid."""
    if not isinstance(payload, Mapping):
        return [Problem("<draft>", f"must be a mapping of fields; got {type(payload).__name__}")]
    unknown = [Problem(str(key), "unknown field") for key in payload if key not in FIELDS]
    # Length, encoding and control characters first: a field that fails them is named once,
    # and no later check quotes (or runs a pattern over) a megabyte of it.
    unstorable = _check_strings(payload)
    problems: list[Problem] = []
    text = payload.get("text")
    if not isinstance(text, str) or not text.strip():
        problems.append(Problem("text", f"must be a non-empty string; got {shown(text)}"))
    problems += _check_type_and_confidence(payload)
    problems += _check_scope(payload)
    problems += _check_immutable(payload)
    problems += _check_kind(payload)
    for key, check in _OPTIONAL_CHECKS.items():
        if payload.get(key) is not None:  # None is absent; "" is a value (and rejected)
            problems += check(payload[key])
    flagged = {p.field for p in unstorable}
    return unknown + unstorable + [p for p in problems if p.field not in flagged]
