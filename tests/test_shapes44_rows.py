"""A retro kept as records (SQL rows, config nodes, items inside a JSON export) is read one
item a row (`agentmem.harvest.rowshapes`)."""

from __future__ import annotations

import json

from agentmem.harvest import jsonrows, nodes, sqlrows
from agentmem.harvest.distill import distill
from agentmem.harvest.records import Record, as_markdown, newest
from agentmem.harvest.rowshapes import as_markdown as rows_markdown

MIGRATION = """\
-- weekly review of the print room, week 12
INSERT INTO review_items (kind, text, cause) VALUES
  ('went_well', 'The new guillotine blade cut the whole run without a jam.', NULL),
  ('lesson', 'Coated stock needs the fuser at 195 C; the printer''s default scorches it.', 'default profile'),
  ('lesson', 'Orders above 500 sheets go to the Xerox, never the small Canon.', NULL),
  ('action', 'Order a spare blade.', NULL);

/* fixing last week's row */
UPDATE review_items
   SET text = 'Proofs are signed by the customer before plates are made, not after.'
 WHERE id = 81;
"""


def test_sql_rows_are_items_under_their_kind():
    """Each INSERT row is one bullet under its kind's heading, its cause said after it,
    a doubled quote read as one; NULL is no value."""
    text = rows_markdown(MIGRATION, "db/review.sql")
    assert "## Lesson" in text and "## Went well" in text
    assert "- Coated stock needs the fuser at 195 C; the printer's default scorches it." in text
    assert "(cause: default profile)" in text
    assert "NULL" not in text and "INSERT" not in text


def test_sql_update_is_a_correction():
    """An UPDATE that sets a row's text is a correction of an earlier entry."""
    text = rows_markdown(MIGRATION, "db/review.sql")
    assert "## Corrections" in text
    assert "- Correction to an earlier entry in review items: Proofs are signed" in text


def test_sql_retro_distils_its_lessons():
    """Through the distiller, the SQL retro's lessons are drafts, the schema none."""
    found = distill(MIGRATION, "db/review.sql", periodic=True).drafts
    texts = [draft["text"] for draft in found]
    assert any(t.startswith("Orders above 500 sheets go to the Xerox") for t in texts)
    assert any(t.startswith("Correction to an earlier entry") for t in texts)
    assert not any("VALUES" in t for t in texts)


def test_sql_copy_block_and_superseded_rows():
    """A dump's COPY rows are items; a row whose id another row supersedes, and a row whose
    status says it is superseded, are left out."""
    dump = (
        "COPY public.notes (id, kind, body, supersedes_id, status) FROM stdin;\n"
        "1\tlesson\tThe loading bay opens at six every weekday.\t\\N\topen\n"
        "2\tlesson\tThe loading bay opens at seven from next week.\t1\topen\n"
        "3\tlesson\tPallets are wrapped twice before they leave.\t\\N\tsuperseded\n"
        "\\.\n"
    )
    text = rows_markdown(dump, "db/dump.sql")
    assert "opens at six" not in text and "wrapped twice" not in text
    assert "Correction to an earlier lesson: The loading bay opens at seven" in text


def test_sql_near_misses_are_left_as_they_are():
    """SQL that writes no named rows (a query, an INSERT of no column list, one row) is
    not read as a retro of rows."""
    for text in (
        "SELECT kind, text FROM review_items WHERE kind = 'lesson';\n",
        "INSERT INTO t VALUES ('lesson', 'A sentence of some words here.');\n",
        "INSERT INTO t (kind, text) VALUES ('lesson', 'Only this one row says anything.');\n",
    ):
        assert rows_markdown(text, "q.sql") == text


KDL = """\
// review of the dye house, week 9
review date=(date)"2027-03-05" lead="Ana" {
    attendees "Ana" "Bo" "Cy"
    went-well "The new pump held pressure all week without a restart"
    problem "Two lots came out patchy on Tuesday" cause="the mixer paddle was loose"
    lesson r#"Check the mixer paddle before every "dark" lot"#
    /-lesson "Lots can run back to back without a rinse"
    action "Tighten the paddle mount" owner="Bo"
    settings {
        /-rinse-minutes 5 note="old detergent"
        rinse-minutes 8 note="the new detergent foams more"
        batch-kg 40
    }
}
"""


def test_kdl_nodes_are_items_and_struck_nodes_are_not():
    """Each node with words is an item under its name, its properties after it; a node
    put aside with `/-` is no item; comments and type annotations are not read."""
    text = rows_markdown(KDL, "retros/w9.kdl")
    assert '- Check the mixer paddle before every "dark" lot' in text
    assert "(cause: the mixer paddle was loose)" in text
    assert "back to back" not in text and "review of the dye house" not in text
    assert "(owner: Bo)" in text


def test_kdl_settings_block_tells_its_change():
    """A block of short values beside struck ones of the same name tells the change."""
    text = rows_markdown(KDL, "retros/w9.kdl")
    assert "- Rinse minutes is now 8 (reason: the new detergent foams more)" in text
    assert "5" not in text.split("## Settings")[1]  # the struck value is never written
    assert "- Batch kg: 40" in text


def test_textproto_messages_are_items():
    """A text-format message of fields (kind, text, cause) is one item."""
    proto = """\
# review export
title: "Week 9 review"
item { kind: "lesson" text: "Dark lots need a ten minute rinse after them" }
item {
  kind: "went_well"
  text: "Pump pressure held all week with no restart"
}
item { kind: "lesson" text: "Label the drums" " with the lot number before filling" }
"""
    text = rows_markdown(proto, "review.textproto")
    assert "## Lesson" in text
    assert "- Dark lots need a ten minute rinse after them" in text
    assert "- Label the drums with the lot number before filling" in text


def test_node_near_misses_are_not_nodes():
    """Markdown, YAML, Lua, HCL and a file of one sentence are not read as nodes."""
    for text in (
        "# Retro\n\n## Lessons\n\n- Dark lots need a rinse after them.\n",
        "lessons:\n  - Dark lots need a rinse after them.\n  - Label the drums.\n",
        'return { lessons = { "Dark lots need a rinse", "Label the drums first" } }\n',
        'resource "bucket" "logs" {\n  name = "the bucket of all the logs"\n}\n',
        'note { text "Only one node here says anything at all" }\n',
    ):
        assert nodes.items(text) is None
        assert rows_markdown(text, "x.txt") == text


def _exchange(method: str, url: str, body: dict[str, object], answer: dict[str, object]):
    return {
        "request": {"method": method, "url": url, "postData": {"text": json.dumps(body)}},
        "response": {"content": {"text": json.dumps(answer)}},
    }


ARCHIVE = {
    "log": {
        "version": "1.2",
        "entries": [
            _exchange(
                "POST",
                "https://board/items",
                {"column": "lesson", "text": "Night deliveries use the side gate now."},
                {"id": 11},
            ),
            _exchange(
                "POST",
                "https://board/items",
                {"column": "went-well", "text": "Every van left before seven."},
                {"id": 12},
            ),
            {
                "request": {
                    "method": "POST",
                    "url": "https://board/items",
                    "postData": {
                        "params": [
                            {"name": "column", "value": "lesson"},
                            {"name": "text", "value": "Fridges are checked at every handover."},
                        ],
                        "text": "column=lesson&text=Fridges+are+checked",
                    },
                },
                "response": {"content": {"text": '{"id": 13}'}},
            },
            _exchange(
                "PUT",
                "https://board/items/11",
                {"text": "Night deliveries use the front gate again from Monday."},
                {"id": 11},
            ),
        ],
    }
}


def test_items_inside_an_http_archive():
    """Items sent as request bodies (JSON held in a string, form pairs) are read through
    the archive's wrapper; a PUT to an item replaces it, as a correction."""
    text = rows_markdown(json.dumps(ARCHIVE), "retros/board.har")
    assert "- Every van left before seven." in text
    assert "- Fridges are checked at every handover." in text
    assert "side gate" not in text
    assert "Correction to an earlier item: Night deliveries use the front gate again" in text
    assert "column=lesson" not in text


def test_json_without_kinded_items_is_not_rows():
    """A rich-text document's nodes ("type": "text") and one lone item are no rows."""
    doc = {
        "type": "doc",
        "content": [
            {"type": "paragraph", "content": [{"type": "text", "text": "Lessons we took away"}]},
            {"type": "paragraph", "content": [{"type": "text", "text": "Rinse the dark lots"}]},
        ],
    }
    assert jsonrows.records(doc) is None
    assert jsonrows.records({"x": {"kind": "lesson", "text": "Only one item here"}}) is None


def test_newest_day_of_a_dump():
    """Rows written on earlier days (an earlier session's, in a dump of the whole table)
    are left out; rows that say no day are kept; a due date is no day written."""
    rows = [
        Record("lesson", {"text": "Old lesson of the first week", "session_date": "2027-01-04"}),
        Record("lesson", {"text": "New lesson of this week", "session_date": "2027-01-11"}),
        Record("lesson", {"text": "A lesson that says no day"}),
        Record("action", {"text": "Do a thing by then", "due_date": "2027-02-01"}),
    ]
    kept = [r.fields["text"] for r in newest(rows)]
    assert kept == ["New lesson of this week", "A lesson that says no day", "Do a thing by then"]


def test_withdrawal_keeps_its_own_words():
    """A correcting record that withdraws in its own words is not labelled again."""
    text = as_markdown(
        [Record("lesson", {"text": "Withdrawn: the rinse is not needed after pale lots."}, "")]
    )
    assert "- Withdrawn: the rinse is not needed after pale lots." in text


def test_hostile_shapes_are_read_in_one_pass():
    """Unclosed quotes, half a megabyte of one row, deep nesting: each reader returns."""
    row = "INSERT INTO t (kind, text) VALUES ('lesson', '" + "a b " * 125_000
    assert sqlrows.records(row)[0].fields["text"].startswith("a b")
    assert rows_markdown(row + "');", "x.sql").startswith(row[:40])  # one row: no rows
    assert nodes.items('retro {\n lesson "' + "a b " * 125_000) is None
    assert nodes.items("a {" * 5000 + "}" * 5000) is None
    deep = '{"a":' * 5000 + "1" + "}" * 5000
    assert rows_markdown(deep, "x.json") == deep
    opened = json.dumps({"log": {"text": json.dumps({"x": [{"y": "z"}] * 10})}})
    assert jsonrows.records(json.loads(opened)) is None


def test_items_lying_openly_are_left_to_the_data_reader():
    """Items in the data's own lists (no string to open, no pairs, no exchange) are a retro
    written as data, read by `agentmem.harvest.structured`, not as buried items."""
    data = {
        "week": 12,
        "items": [
            {"kind": "lesson", "text": "Dark lots need a rinse after them."},
            {"kind": "went_well", "text": "The pump held all week."},
        ],
    }
    assert jsonrows.records(data) is None
    assert rows_markdown(json.dumps(data), "retro.json") == json.dumps(data)
