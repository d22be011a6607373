"""The validator: every rule of DESIGN.md has a rejecting case that names its field."""

from __future__ import annotations

from typing import Any

import pytest

from agentmem import validate_draft


def valid(**overrides: Any) -> dict[str, Any]:
    record: dict[str, Any] = {
        "text": "Vendor Z needs header W on every call.",
        "type": "semantic",
        "confidence": 0.8,
        "user_id": "alice",
        "agent_id": "executive",
        "app_id": "billing-api",
        "run_id": "2026-11-29-run-7",
    }
    record.update(overrides)
    return {k: v for k, v in record.items() if v is not _ABSENT}


_ABSENT = object()


def test_a_complete_record_is_valid() -> None:
    """The baseline record used below passes, so each case fails for its own reason."""
    assert validate_draft(valid()) == []


def test_optional_fields_when_well_formed() -> None:
    record = valid(
        schema_version=1,
        trigger="post_run_classify",
        source="retros/2026-11-28.md",
        kind="observation",
        immutable=False,
        importance=0.4,
        category="vendor",
        cohort="canary",
        outcome="success",
        tags=["vendor", "http"],
        expires_at="2027-01-01",
        supersedes=["semantic-0123456789ab"],
        cites=[],
        created_at="2026-11-29T10:00:00+00:00",
        id="semantic-0123456789ab",
    )
    assert validate_draft(record) == []


@pytest.mark.parametrize(
    ("overrides", "field"),
    [
        ({"text": ""}, "text"),
        ({"text": "   "}, "text"),
        ({"text": _ABSENT}, "text"),
        ({"text": 42}, "text"),
        ({"agent_id": "worker"}, "agent_id"),
        ({"agent_id": _ABSENT}, "agent_id"),
        ({"app_id": "Billing API"}, "app_id"),
        ({"app_id": "_private"}, "app_id"),
        ({"app_id": "billing_api"}, "app_id"),
        ({"run_id": "run-7"}, "run_id"),
        ({"run_id": "2026-13-45-run"}, "run_id"),
        ({"run_id": _ABSENT}, "run_id"),
        ({"user_id": ""}, "user_id"),
        ({"confidence": 1.5}, "confidence"),
        ({"confidence": -0.1}, "confidence"),
        ({"confidence": 0.5}, "confidence"),  # in [0,1] but under semantic's 0.7
        ({"confidence": 0.99}, "confidence"),  # over semantic's 0.95
        ({"confidence": "0.8"}, "confidence"),  # a string is not a number
        ({"confidence": True}, "confidence"),  # nor is a boolean
        ({"type": "opinion"}, "type"),
        ({"kind": "guess"}, "kind"),
        ({"outcome": "meh"}, "outcome"),
        ({"trigger": "cron"}, "trigger"),
        ({"type": "principle", "confidence": 1.0}, "immutable"),  # principle not immutable
        ({"type": "principle", "confidence": 1.0, "immutable": "true"}, "immutable"),
        ({"immutable": True}, "immutable"),  # only principles are immutable
        ({"type": "episodic", "confidence": 1.0, "run_id": "yesterday"}, "run_id"),
        ({"type": "episodic", "confidence": 0.9}, "confidence"),
        ({"type": "procedural", "confidence": 0.95}, "confidence"),
        ({"type": "reflective", "confidence": 0.65}, "confidence"),
        ({"tags": [f"t{i}" for i in range(9)]}, "tags"),
        ({"tags": "vendor"}, "tags"),
        ({"tags": [""]}, "tags"),
        ({"cohort": ""}, "cohort"),  # seed 000's bug: the empty string is not a cohort
        ({"kind": "assessment"}, "cites"),  # an assessment must cite observations
        ({"cites": ["../etc/passwd"]}, "cites"),
        ({"supersedes": "semantic-0123456789ab"}, "supersedes"),
        ({"schema_version": "1"}, "schema_version"),
        ({"schema_version": 2}, "schema_version"),
        ({"importance": 2}, "importance"),
        ({"expires_at": "next week"}, "expires_at"),
        ({"created_at": 1700000000}, "created_at"),
        ({"id": "../../escape"}, "id"),
        ({"colour": "blue"}, "colour"),  # unknown field
    ],
)
def test_rule_rejects_with_field(overrides: dict[str, Any], field: str) -> None:
    """Each malformed record yields a Problem whose field names the culprit."""
    problems = validate_draft(valid(**overrides))
    assert problems, f"{overrides} should be rejected"
    assert field in {p.field for p in problems}
    assert all(p.reason for p in problems)


def test_principle_and_episodic_valid_at_one() -> None:
    assert validate_draft(valid(type="principle", confidence=1.0, immutable=True)) == []
    assert validate_draft(valid(type="episodic", confidence=1.0)) == []


def test_reserved_app_ids() -> None:
    for app_id in ("_global", "_executive", "_skill-release-notes"):
        assert validate_draft(valid(app_id=app_id)) == []


def test_not_a_mapping() -> None:
    problems = validate_draft(["text"])  # type: ignore[arg-type]
    assert problems[0].field == "<draft>"
