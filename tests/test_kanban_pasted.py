"""A retro kept on a kanban board and exported as JSON is read as its columns
(`agentmem.harvest.kanban`), and a card pasted into a retro's list or a run's lessons is
read as the words it holds (`agentmem.harvest.pasted`), not refused as a JSON draft."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

from agentmem import MemoryHooks
from agentmem.contracts import junk
from agentmem.harvest.distill import distill
from agentmem.harvest.kanban import as_markdown, is_board
from agentmem.harvest.pasted import as_statement

CARD = (
    '{"name": "Bib pickup moves to Hall C", "desc": "Hall B is booked for the expo.", '
    '"labels": ["logistics"], "idList": "5f2a01", "due": null, '
    '"url": "https://trello.com/c/Ab12Cd"}'
)

# A board as Trello exports it: columns by id, checklists and comments filed beside the cards.
BOARD = {
    "id": "b1",
    "name": "Race week retro",
    "closed": False,
    "lists": [
        {"id": "l1", "name": "Went well", "closed": False, "pos": 1},
        {"id": "l2", "name": "Lessons", "closed": False, "pos": 2},
        {"id": "l3", "name": "Parking lot", "closed": True, "pos": 3},
    ],
    "cards": [
        {
            "id": "c1",
            "idList": "l1",
            "name": "Chip mats",
            "desc": "All 14 mats read.",
            "closed": False,
            "labels": [{"name": "timing", "color": "green"}],
        },
        {
            "id": "c2",
            "idList": "l2",
            "name": "Water stations",
            "desc": "- Station 4 needs 2,000 cups, not 1,200.\n- Refill from hydrant H-9.",
            "closed": False,
        },
        {
            "id": "c3",
            "idList": "l2",
            "name": "Old corral plan",
            "desc": "Corral A closes at 6:40.",
            "closed": True,
        },
        {
            "id": "c4",
            "idList": "l3",
            "name": "Merch",
            "desc": "Shirts sold out by 9:00.",
            "closed": False,
        },
    ],
    "checklists": [
        {
            "id": "k1",
            "idCard": "c2",
            "name": "Follow-up",
            "checkItems": [
                {"name": "Order the extra cups", "state": "complete"},
                {"name": "Ask the city about H-9 pressure", "state": "incomplete"},
            ],
        },
    ],
    "actions": [
        {
            "type": "commentCard",
            "date": "2027-04-20T10:00:00Z",
            "memberCreator": {"fullName": "Priya Nair"},
            "data": {"text": "Half marathon corral now closes at 7:10.", "card": {"id": "c2"}},
        },
    ],
}


def test_a_pasted_card_reads_as_its_words_and_passes_the_writers_check() -> None:
    """The card's title leads its description; ids, labels, links and nulls are left out."""
    assert junk(CARD)  # as pasted, the writer refuses it as a JSON draft
    said = as_statement(CARD)
    assert said == "Bib pickup moves to Hall C — Hall B is booked for the expo."
    assert junk(said) == []


def test_texts_that_are_no_pasted_record_stay_as_they_are() -> None:
    """Prose, braces in prose, a list, a record of ids only, and a model's tool call
    keep their text: the writer judges them as before."""
    for text in [
        "Bib pickup moves to Hall C.",
        "Use {name} placeholders in the bib template.",
        '["Hall C", "Hall B"]',
        '{"id": "5f2a01", "idList": "77", "pos": 3}',
        "{not json at all",
        '{"a": ' * 5000 + "1" + "}" * 5000,  # nested past any reading: no raise, unchanged
    ]:
        assert as_statement(text) == text


def test_a_yaml_flow_card_and_a_draft_shaped_object_read_as_their_words() -> None:
    assert as_statement("{name: Gate 3 opens at 5:30, desc: Was 6:00 last year}") == (
        "Gate 3 opens at 5:30 — Was 6:00 last year."
    )
    draft = '{"text": "Refill station 4 from hydrant H-9.", "type": "semantic", "confidence": 0.8}'
    filed = '{"name": "Weekend water", "desc": "Refill from H-9 on Sundays.", "list": "Rota"}'
    assert (
        as_statement(filed) == "Weekend water — Refill from H-9 on Sundays."
    )  # its column: filing
    assert as_statement(draft) == "Refill station 4 from hydrant H-9."


def test_a_board_export_reads_as_a_retro_of_its_open_columns_and_cards() -> None:
    assert is_board(BOARD)
    markdown = as_markdown(BOARD)
    assert markdown.splitlines()[:5] == [
        "# Race week retro",
        "",
        "## Went well",
        "",
        "- Chip mats — All 14 mats read.",
    ]
    assert "## Lessons" in markdown
    for line in [
        "- Water stations — Station 4 needs 2,000 cups, not 1,200.",
        "- Water stations — Refill from hydrant H-9.",
        "- Water stations — Order the extra cups — done",
        "- Water stations — Ask the city about H-9 pressure",
        "- Water stations — Half marathon corral now closes at 7:10.",
    ]:
        assert line in markdown.splitlines()
    # archived: a closed card, and every card of a closed column
    assert "Corral A" not in markdown and "Merch" not in markdown and "Parking lot" not in markdown
    assert "timing" not in markdown and "Priya" not in markdown  # labels, authors: no facts


def test_a_board_retro_yields_the_lessons_column_as_lessons() -> None:
    found = [
        lesson.text
        for lesson in distill(json.dumps(BOARD), "retros/race.json", periodic=True).found
    ]
    assert "Water stations — Station 4 needs 2,000 cups, not 1,200." in found
    assert not any("Corral A" in text or "Shirts" in text for text in found)


def test_hostile_boards_do_not_raise_or_hang() -> None:
    """Cards of odd types, a huge description, surrogates: read or skipped, never raised."""
    board = {
        "name": 7,
        "lists": [None, {"id": "x"}, {"name": "Lessons", "id": "l"}],
        "cards": [
            {"name": "Wide", "idList": "l", "desc": "word " * 50_000, "checklists": "x"},
            {"name": "Odd \ud800 text", "idList": ["l"], "desc": None, "comments": [None, 3]},
        ],
        "actions": "none",
    }
    markdown = as_markdown(board)
    assert "## Lessons" in markdown and "- Odd \ud800 text" in markdown


def test_hooks_keep_a_card_pasted_in_a_run_lesson_and_in_a_retro(tmp_path: Path) -> None:
    """Through the hooks: the card is written as its words, in hook C and hook D, and the
    fire is ok (before, the writer refused the only write and the retro fire failed)."""
    env = tmp_path / ".env.executive"
    env.write_text("# the hooks this test fires\n", encoding="utf-8")
    settings = {
        "AGENTMEM_ENABLED": "true",
        "AGENTMEM_HOOK_POST_RUN": "true",
        "AGENTMEM_HOOK_POST_RETRO": "true",
        "AGENTMEM_ROLE": "executive",
        "AGENTMEM_USER_ID": "race-team",
        "AGENTMEM_ROOT": str(tmp_path / "mem"),
    }
    now = datetime(2027, 4, 20, tzinfo=UTC)
    hooks = MemoryHooks.from_env(env, environ=settings, clock=lambda: now)
    run = {
        "run_id": "2027-04-20-run-001",
        "goal": "Plan bib pickup",
        "outcome": "success",
        "summary": "Done.",
        "app_id": "race-ops",
        "verifiers": [{"name": "tests", "passed": True}],
        "lessons": [{"text": CARD, "type": "semantic", "confidence": 0.8, "evidence": []}],
    }
    told = hooks.fire("post_run_classify", run=run)
    assert told.ok and told.writes.rejected_total == 0, told.writes.rejected
    (tmp_path / "retro.md").write_text(
        "# Weekly notes\n\n## Lessons\n- " + CARD.replace("Hall C", "Hall D") + "\n",
        encoding="utf-8",
    )
    retro = hooks.fire("post_retro_distill", retro={"path": "retro.md", "app_id": "race-ops"})
    assert retro.ok and retro.writes.rejected_total == 0
    texts = [p.read_text(encoding="utf-8") for p in (tmp_path / "mem").rglob("*.md")]
    assert any("Bib pickup moves to Hall C — Hall B is booked" in t for t in texts)
    assert any("Bib pickup moves to Hall D — Hall B is booked" in t for t in texts), texts
    assert not any('"idList"' in t for t in texts)
