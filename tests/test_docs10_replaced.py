"""Hook D marks what a document replaces though it never says the old way again: a decision
record's Context tells the way its Decision replaces (a held lesson the Context restates),
and a handover names who moved away (a held lesson giving that person a role)."""

from __future__ import annotations

from pathlib import Path

from agentmem import MemoryHooks
from agentmem.harvest.replaced import moved_away, record_sentences

ADR = """# ADR-031: One multi-arch image

Status: accepted, 2027-03-02.

## Context
We build 36 separate per-region, per-arch images on every release. Each build takes
about a minute, and the registry bills storage per image.

## Decision
We publish one multi-arch image with buildx for all regions.

- Build: `imgctl build --multi` (about 4 minutes).

## Consequences
- Regions pull the same digest.
"""

OLD_WAY = (
    "Release images are built with make images ARCH=all; it builds one image per region and "
    "arch, 36 builds, about 40 minutes."
)
STAYS = "The registry bills storage per stored artefact, so old tags are pruned every month."
ELSEWHERE = OLD_WAY.replace("Release images", "Nightly test images")


def _fire(hooks: MemoryHooks, tmp_path: Path, name: str, text: str, app: str) -> list[str]:
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    result = hooks.post_retro_distill(retro={"path": name, "app_id": app})
    assert result.ok
    return [old for i in result.writes.accepted for old in hooks.store.get(i).supersedes]


def _held(hooks: MemoryHooks, text: str, app: str, kind: str = "procedural") -> str:
    written = hooks.harvester.submit(
        {"text": text, "type": kind, "confidence": 0.8, "app_id": app}, trigger="manual"
    )
    assert written.memory_id is not None
    return written.memory_id


def test_a_decision_replaces_the_way_its_context_tells(hooks: MemoryHooks, tmp_path: Path) -> None:
    """The lesson telling the per-region builds (restated by the Context's first sentence,
    in none of the Decision's words) is superseded by the decision; a lesson another
    Context sentence only touches (the registry's billing) stays."""
    old = _held(hooks, OLD_WAY, "images")
    kept = _held(hooks, STAYS, "images", "semantic")
    replaced = _fire(hooks, tmp_path, "adr/ADR-031.md", ADR, "images")
    assert old in replaced
    assert kept not in replaced


def test_another_apps_way_is_not_replaced(hooks: MemoryHooks, tmp_path: Path) -> None:
    """A held lesson of another app, told in the same words, is not the decision's."""
    other = _held(hooks, OLD_WAY, "mobile")
    assert other not in _fire(hooks, tmp_path, "adr/ADR-031.md", ADR, "images")


def test_a_way_the_decision_keeps_is_not_replaced(hooks: MemoryHooks, tmp_path: Path) -> None:
    """A Context sentence the record says again outside its Context (here its
    Consequences) tells what stays: not replaced."""
    kept = _held(hooks, "Regions pull the same image digest for every release.", "images")
    record = ADR.replace("We build 36", "Regions pull one digest per release. We build 36")
    record = record.replace(
        "pull the same digest.", "pull the same image digest for every release."
    )
    assert kept not in _fire(hooks, tmp_path, "adr/ADR-031.md", record, "images")


def test_a_record_without_a_decision_has_no_context_to_read() -> None:
    """Only a decision record's Context tells a way it replaces; a retro's is its story."""
    record = record_sentences(ADR)
    assert record.before[0].startswith("We build 36 separate")
    assert record.decided == [
        "We publish one multi-arch image with buildx for all regions.",
        "Build: `imgctl build --multi` (about 4 minutes).",
    ]
    assert record_sentences(ADR.replace("## Decision", "## Lessons")).before == []


QUORUM = """# ADR-044: Approvals for large refunds

- Status: accepted (2027-05-02)

## Context
Auditors asked that no one team can release a large refund on its own.

## Decision
Card refunds over $500 require 3 of 4 signers under policy refund-large-v5, and at least one
of them must belong to the finance operations group (fin-ops) in Dublin or Lisbon. The
tier under $500 is unchanged; disputes opened by the card network keep their own queue.

## Consequences
- Large refunds take longer at weekends.
"""


def test_a_sentence_of_the_decision_gives_a_new_value(hooks: MemoryHooks, tmp_path: Path) -> None:
    """The first clause of the decision's first sentence gives a new quorum and policy
    version of the held rule; the whole decision (its title, its other clause and
    sentence) shared too few of its words for the writer to see it. The same rule of
    another payment kind (wires) stays."""
    old = _held(
        hooks,
        "Card refunds over $500 need 2-of-3 approvals under policy refund-large-v4; below "
        "$500 one agent approval plus the fraud check is enough.",
        "refunds",
        "semantic",
    )
    wires = _held(
        hooks,
        "Wire payouts over $500 need 2-of-3 approvals under policy wire-large-v4.",
        "refunds",
        "semantic",
    )
    replaced = _fire(hooks, tmp_path, "adr/ADR-044.md", QUORUM, "refunds")
    assert old in replaced
    assert wires not in replaced


HANDOVER = """# Handover: schema review

From 2027-04-01 the data-platform team owns schema reviews for the warehouse.

## How changes get approved now
1. Open the migration PR with the dry-run output.
2. The data-platform on-call approves it.

Sam has moved to the payments team; ask him about history only.
"""


def test_a_handover_replaces_the_role_of_who_moved_away(hooks: MemoryHooks, tmp_path: Path) -> None:
    """The lesson giving Sam Okoro the sign-off is superseded by the handover, which names
    him by first name only; a lesson about what he built (no role) stays, and so does the
    sign-off another person holds."""
    role = _held(hooks, "Warehouse schema changes need sign-off from Sam Okoro before merge.", "dw")
    story = _held(
        hooks, "Sam Okoro tuned the loader retries for the old bulk API in 2026.", "dw", "semantic"
    )
    other = _held(hooks, "Billing table changes need sign-off from Lena Park before merge.", "dw")
    replaced = _fire(hooks, tmp_path, "handover/schema-review.md", HANDOVER, "dw")
    assert role in replaced
    assert story not in replaced
    assert other not in replaced


def test_a_move_told_outside_a_handover_replaces_nothing(
    hooks: MemoryHooks, tmp_path: Path
) -> None:
    """A retro that mentions a move is no handover of the role."""
    role = _held(hooks, "Warehouse schema changes need sign-off from Sam Okoro before merge.", "dw")
    retro = HANDOVER.replace("# Handover: schema review", "# Retro: schema review").replace(
        "## How changes get approved now", "## Lessons"
    )
    assert role not in _fire(hooks, tmp_path, "retros/schema-review.md", retro, "dw")


def test_moved_away_reads_first_names() -> None:
    """Who moved: "Sam has moved to", "Dana Ito is moving to", "Kim left the team"."""
    text = "Sam has moved to payments. Dana Ito is moving to the SRE group. Kim left the team."
    assert moved_away(text) == {"Sam", "Dana", "Kim"}
    assert moved_away("The nightly job moved to Tuesdays; the export is moving to S3.") == set()
