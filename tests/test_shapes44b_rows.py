"""Records read as a retro (`agentmem.harvest.rowshapes`): an id names a row of its own
table only; an edit of an action item is that action, not a correction; a file's name
that only dates the retro leads no decision."""

from __future__ import annotations

import json

from agentmem.harvest.distill import distill
from agentmem.harvest.records import Record, as_markdown
from agentmem.harvest.rowshapes import as_markdown as rows_markdown
from agentmem.harvest.rowshapes import title

# A dump of two tables that both count their ids from 1: the note that replaces note 3
# names note 3, not rule 3; rule 3 replaces rule 1.
DUMP = (
    "COPY public.rules (id, decided_at, body, supersedes_id, status) FROM stdin;\n"
    "1\t2031-03-02 10:00:00+00\tThe kiln is loaded from the back row first.\t\\N\treverted\n"
    "2\t2031-03-02 10:05:00+00\tGlaze buckets are stirred for two minutes.\t\\N\tactive\n"
    "3\t2031-03-09 10:00:00+00\tThe kiln is loaded from the front row; the back row"
    " runs hot.\t1\tactive\n"
    "\\.\n"
    "COPY public.notes (id, session_date, kind, body, supersedes_id, status) FROM stdin;\n"
    "1\t2031-03-02\tlesson\tCones of grade 6 bend at the right heat in the small kiln.\t\\N\topen\n"
    "2\t2031-03-02\twent_well\tNo cracked pots this week.\t\\N\topen\n"
    "3\t2031-03-02\tlesson\tBisque is fired for nine hours.\t\\N\tretracted\n"
    "4\t2031-03-09\tlesson\tRetracted, see note 3: bisque takes eleven hours in winter.\t3\topen\n"
    "5\t2031-03-09\twent_well\tThe new shelves survived three firings.\t\\N\topen\n"
    "\\.\n"
)


def test_a_row_replaces_the_row_of_its_own_table():
    """The note that replaces note 3 leaves rule 3 alone: the newer rule, which replaces
    rule 1, is kept, written as the correction it is."""
    text = rows_markdown(DUMP, "db/pottery-retro-2031-03-09.sql")
    assert "Correction to earlier rules: The kiln is loaded from the front row" in text
    assert "Retracted, see note 3: bisque takes eleven hours in winter." in text
    assert "back row first" not in text


def test_ids_of_records_of_no_table_still_pair():
    """Records of no table (a JSON export's items) pair by id as before: the item that
    replaces item 7 leaves it out."""
    records = [
        Record("lesson", {"text": "The van leaves at eight sharp."}, id="7"),
        Record("lesson", {"text": "The van leaves at half past eight now."}, replaces="7"),
        Record("went_well", {"text": "All parcels reached the depot dry."}, id="8"),
    ]
    text = as_markdown(records)
    assert "eight sharp" not in text
    assert "Correction to an earlier lesson: The van leaves at half past eight now." in text


def test_a_rule_of_an_other_table_with_a_replaced_number_is_kept():
    """Near miss: a note replaces note 1; rule 1 of an other table is still in force."""
    records = [
        Record("rules", {"body": "Aprons are washed on Fridays."}, id="1", table="rules"),
        Record("lesson", {"body": "Old note of the first week."}, id="1", table="notes"),
        Record("lesson", {"body": "New note for the same thing."}, replaces="1", table="notes"),
    ]
    text = as_markdown(records)
    assert "Aprons are washed on Fridays." in text
    assert "Old note of the first week." not in text


BOARD = {
    "log": {
        "entries": [
            {
                "request": {
                    "method": "POST",
                    "url": "https://board.example/api/items",
                    "postData": {
                        "text": json.dumps(
                            {
                                "column": "action",
                                "text": "Book the crane for the tenth.",
                                "owner": "Ada",
                            }
                        )
                    },
                },
                "response": {"content": {"text": json.dumps({"id": 51})}},
            },
            {
                "request": {
                    "method": "POST",
                    "url": "https://board.example/api/items",
                    "postData": {
                        "text": json.dumps(
                            {"column": "lesson", "text": "Cranes need a permit two weeks ahead."}
                        )
                    },
                },
                "response": {"content": {"text": json.dumps({"id": 52})}},
            },
            {
                "request": {
                    "method": "PUT",
                    "url": "https://board.example/api/items/51",
                    "postData": {"text": json.dumps({"text": "Book the crane for the twelfth."})},
                },
                "response": {"content": {"text": json.dumps({"id": 51})}},
            },
            {
                "request": {
                    "method": "PUT",
                    "url": "https://board.example/api/items/52",
                    "postData": {
                        "text": json.dumps({"text": "Cranes need a permit three weeks ahead."})
                    },
                },
                "response": {"content": {"text": json.dumps({"id": 52})}},
            },
        ]
    }
}


def test_an_edited_action_is_the_action_as_it_stands():
    """A PUT to an action item is that action, written under its kind; the edit of a
    lesson stays a correction of it."""
    text = rows_markdown(json.dumps(BOARD), "board.har")
    assert "## Action\n\n- Book the crane for the twelfth." in text
    assert "Correction to an earlier item: Book the crane" not in text
    assert "for the tenth" not in text
    assert "Correction to an earlier item: Cranes need a permit three weeks ahead." in text


def test_an_update_of_an_action_table_is_no_correction():
    """An UPDATE of an action items table sets an action's words or owner: the action,
    not a correction; an UPDATE of a lesson table stays a correction."""
    sql = (
        "INSERT INTO action_items (body, owner) VALUES ('Replace the belt.', 'Lu'),"
        " ('Order spare rollers.', 'Kim');\n"
        "UPDATE action_items SET body = 'Replace the belt and the tensioner.', owner = 'Mo'"
        " WHERE id = 1;\n"
        "UPDATE lessons SET body = 'Belts wear out in six months, not twelve.' WHERE id = 4;\n"
    )
    text = rows_markdown(sql, "db/line-review.sql")
    assert "- Replace the belt and the tensioner. (owner: Mo)" in text
    assert "Correction to an earlier entry in action items" not in text
    assert "Correction to an earlier entry in lessons: Belts wear out" in text


def test_a_dated_file_name_is_no_title():
    """A name that only dates or numbers the retro gives no title; one with a subject
    gives its subject, without the date."""
    assert title("db/retro-2031-03-09.sql") == ""
    assert title("db/migrations/V112__retro_2031_03_09.sql") == ""
    assert title("retros/2031-W10-weekly-retro.har") == ""
    assert title("retros/2031-03-09-kiln-replacement.kdl") == "kiln replacement"
    assert title("retros/2031-W10-glaze-team.kdl") == "glaze team"


def test_a_dated_dump_leads_no_decision_with_its_name():
    """Through the distiller, a decision row of a dump named by its date alone is its own
    words, not "retro 2031 03 09: …"; one of a named subject is led by the subject."""
    sql = (
        "INSERT INTO decisions (body) VALUES ('Glaze is mixed by weight, never by volume.');\n"
        "INSERT INTO retro_items (kind, body) VALUES"
        " ('lesson', 'Wet shelves crack in the first firing.');\n"
    )
    dated = [d["text"] for d in distill(sql, "db/retro-2031-03-09.sql", periodic=True).drafts]
    assert "Glaze is mixed by weight, never by volume." in dated
    assert not any(text.startswith("retro") for text in dated)
    named = [d["text"] for d in distill(sql, "db/glaze-room-2031-03-09.sql", periodic=True).drafts]
    assert "glaze room: Glaze is mixed by weight, never by volume." in named
