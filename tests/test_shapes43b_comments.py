"""A retro's comment beside words on their line is their note, kept; a comment on lines of
its own, a commented-out old line among them, is gone."""

from __future__ import annotations

import pytest

from agentmem.harvest.comments import uncommented


@pytest.mark.parametrize(
    ("source", "text", "old"),
    [
        (
            "plant.dot",
            'digraph {\n  p1 [label="Purge valve opens at 3 bar"];\n'
            '  /* replaced, rev 7 value: p0 [label="Purge valve opens at 2 bar"]; */\n}\n',
            "2 bar",
        ),
        ("notes.md", "- Dry the clay 3 days.\n<!-- Old: dry the clay 2 days -->\n", "2 days"),
        ("notes.md", "<!--\n- Dry the clay 2 days.\n-->\n- Dry it 3 days.\n", "2 days"),
        ("r.c", "/*\n * was: int dry_days = 2;\n */\nint dry_days = 3;\n", "= 2"),
        ("r.lua", "return {\n  -- dry_days = 2,\n  dry_days = 3,\n}\n", "= 2"),
        ("r.py", "# DRY_DAYS = 2  # too short\nDRY_DAYS = 3\n", "= 2"),
        ("plant.gv", '// p0 [label="Purge at 2 bar"];\np1 [label="Purge at 3 bar"];\n', "2 bar"),
    ],
)
def test_a_commented_out_or_superseded_line_is_gone(source: str, text: str, old: str) -> None:
    """A comment on lines of its own, an old line or a superseded value among them, is
    gone: never a current lesson (handing it on struck cost the first half needs while the
    writer stores a lone struck line as a fact of its own), and the current line stays."""
    out = uncommented(text, source)
    assert old not in out
    assert "3" in out


@pytest.mark.parametrize(
    ("source", "text", "read"),
    [
        (
            "care.md",
            "- Deworming  <!-- note: drop the monthly dose, the vet never advised it -->\n",
            "- Deworming  (note: drop the monthly dose, the vet never advised it)\n",
        ),
        ("r.py", "DRY_DAYS = 3  # clay cracked at 2\n", "DRY_DAYS = 3 (clay cracked at 2)\n"),
        ("r.c", "int dry_days = 3; /* cracked at 2 */\n", "int dry_days = 3; (cracked at 2)\n"),
    ],
)
def test_a_comment_beside_words_is_their_note(source: str, text: str, read: str) -> None:
    """A comment that trails words on its line is kept as their note, in parentheses:
    the line is never cut to a fragment."""
    assert uncommented(text, source) == read


@pytest.mark.parametrize(
    ("source", "text"),
    [
        ("notes.md", "# Retro\n<!-- attendees: Ines, Tomas -->\n- Dry the clay 3 days.\n"),
        ("notes.md", "- Dry the clay 3 days.\n<!-- next week: ask about the new kiln -->\n"),
        ("r.lua", "return {\n  --[[ maybe a longer cure? not decided ]]\n  dry_days = 3,\n}\n"),
        ("r.py", "# retro of week 12, kept by Ines\nDRY_DAYS = 3\n"),
        ("r.c", "/* The drying rack notes, week 12 */\nint dry_days = 3;\n"),
    ],
)
def test_any_other_comment_is_gone(source: str, text: str) -> None:
    """A header, a list of who came or an open question, on lines of its own, is no claim:
    it is gone, nothing struck and nothing kept of it."""
    out = uncommented(text, source)
    assert "~~" not in out
    assert "(" not in out
    assert not any(word in out for word in ("Tomas", "kiln", "longer", "kept by", "rack"))
