"""A retro's comments, in its language or markup, are no current lesson; prose that only
looks like a comment (a dash, a brace, a heading, a path, quoted code) stays."""

from __future__ import annotations

import re

import pytest

from agentmem.harvest.comments import uncommented
from agentmem.harvest.distill import distill


def _lessons(text: str, source: str) -> list[str]:
    return [lesson.text for lesson in distill(text, source, periodic=True).found]


@pytest.mark.parametrize(
    ("source", "text"),
    [
        ("notes.md", "Keep the kiln at 900 C.\n<!-- Old: kiln at 850 C -->\nDone."),
        ("notes.md", "Keep the kiln at 900 C.\n<!--\nOld: kiln at 850 C\n-->\nDone."),
        (
            "r.pod",
            "=pod\n\nKeep the kiln at 900 C.\n\n=begin comment\n\nOld: kiln at 850 C\n\n=end comment\n\n=cut\n",
        ),
        ("r.pod", "=pod\n\nKeep the kiln at 900 C.\n\n=for comment Old: kiln at 850 C\n\nDone.\n"),
        ("r.rb", "# kiln notes\n=begin\nOld: kiln at 850 C\n=end\nKILN = 900\n"),
        ("r.lua", 'return {\n  "Keep the kiln at 900 C.",\n  --[[ Old: kiln at 850 C ]]\n}\n'),
        (
            "r.lua",
            'return {\n  --[==[\n  Old: kiln at 850 C\n  ]==]\n  "Keep the kiln at 900 C.",\n}\n',
        ),
        (
            "r.tex",
            "Keep the kiln at 900 C.\n\\begin{comment}\nOld: kiln at 850 C\n\\end{comment}\n",
        ),
        (
            "r.org",
            "* Notes\nKeep the kiln at 900 C.\n#+BEGIN_COMMENT\nOld: kiln at 850 C\n#+END_COMMENT\n",
        ),
        ("r.m", "%{\nOld: kiln at 850 C\n%}\nkiln = 900;\n"),
        ("r.j2", "Keep the kiln at 900 C.\n{# Old: kiln at 850 C #}\n"),
        ("r.c", "int kiln = 900; /* Old: kiln at 850 C */\n"),
        ("r.c", "/*\n * Old: kiln at 850 C\n */\nint kiln = 900;\n"),
        # line comments, by the language the file's name says it is in
        ("r.lua", "kiln = 900,  -- was 850 C until May\n-- an old note: 850 C\n"),
        ("r.sql", "-- old: 850 C\nUPDATE kiln SET temp = 900;\n"),
        ("r.py", "KILN = 900  # was 850 C\n# old: 850 C\n"),
        ("r.js", "const kiln = 900; // was 850 C\n// old: 850 C\n"),
        ("r.tex", "Keep the kiln at 900 C. % was 850 C\n% old: 850 C\n"),
        ("r.clj", "(def kiln 900) ; was 850 C\n"),
    ],
)
def test_a_comment_in_any_language_is_read_apart(source: str, text: str) -> None:
    """What a block comment holds is read wherever it stands, a line comment where the
    file's language has it: gone on a line of its own or kept as a note in parentheses,
    never as a current line; the text around it stays."""
    out = uncommented(text, source)
    assert "~~" not in out
    assert "850" not in re.sub(r"\([^()]*\)", "", out)
    assert "900" in out


@pytest.mark.parametrize(
    ("source", "text"),
    [
        ("r.lua", 'return { "Kiln -- the big one -- runs at 900 C." }\n'),
        ("r.lua", "return { [[Kiln B\n  -- the big one -- runs at 900 C.]] }\n"),
        ("r.py", 'NOTE = "Ticket #412: kiln runs at 900 C."\n'),
        ("r.py", 'NOTE = """Kiln B\n# 412 runs at 900 C."""\n'),
        ("r.js", 'const url = "https://kiln.example/900";\n'),
        ("r.tex", "Kiln B runs at 900 C on 50% load, 75\\% at peak.\n"),
        ("r.sql", "---\nSELECT 900;\n"),
    ],
)
def test_a_comment_mark_inside_a_string_or_a_word_is_no_comment(source: str, text: str) -> None:
    """A mark inside a quoted string (one line or a long string), in a URL, after a digit
    or in a rule of dashes is part of the text."""
    assert uncommented(text, source) == text


@pytest.mark.parametrize(
    "text",
    [
        "# Week 12\n\n## Lessons\n\n- Kiln B runs at 900 C -- not 850 C -- since May.\n",
        "# Week 12\n\n- Logs rotate under /var/log/kiln/*/app/*.log every night.\n",
        "# Week 12\n\n- Clean the glob `src/*` and `*/tmp` before a release.\n",
        '# Week 12 {#week-12}\n\n- The JSON body is {"kiln": 900}.\n',
        "# Week 12\n\n- Wrap the banner in `<!-- banner -->` so the CMS skips it.\n",
        "# Week 12\n\n```html\n<!-- keep this marker: the CMS reads it -->\n```\n",
        "# Week 12\n\n- Comment a line in the kiln config with `-- ` before the key.\n",
        "# Week 12\n\n- find /* -name '*.bak' deletes the backups.\n",
    ],
)
def test_markdown_prose_that_looks_like_a_comment_stays(text: str) -> None:
    """A dash, a path or glob, a heading, a brace and code a lesson quotes on purpose are
    no comment in a markdown retro."""
    assert uncommented(text, "retros/week-12.md") == text


def test_a_hash_line_is_no_comment_in_markdown_or_a_settings_file() -> None:
    """ "#" opens a heading in markdown and a comment a review added in a settings file:
    neither is taken out (their readers read them)."""
    for source in ("retros/week-12.md", "plant.ini", "ci.yaml", "retro.txt"):
        assert uncommented("# Kiln\nkiln = 900  # was 850\n", source).count("#") == 2


POD_RETRO = (
    "=pod\n\n=head1 NAME\n\nweekly review, week 12\n\n=head1 DESCRIPTION\n\n"
    "The glaze kiln now fires at 1220 C for stoneware.\n\n"
    "=begin comment\n\nOld line, for the record: the glaze kiln fires at 1180 C.\n\n"
    "=end comment\n\n=cut\n"
)
LUA_RETRO = (
    "-- weekly review, week 12\n"
    "return {\n"
    "  week = 12,\n"
    "  lessons = {\n"
    '    "Send the glaze order to Potclays by Tuesday noon.",\n'
    '    -- "Send the glaze order to Valentine by Friday.",  -- wrong supplier\n'
    "    --[[ maybe switch the kiln wash to alumina? not decided ]]\n"
    "  },\n"
    "}\n"
)


@pytest.mark.parametrize(
    ("source", "text", "kept", "gone"),
    [
        ("retros/week-12.pod", POD_RETRO, ["1220"], ["1180"]),
        ("retros/week-12.lua", LUA_RETRO, ["Potclays"], ["Valentine", "alumina"]),
    ],
)
def test_a_commented_out_line_of_a_retro_is_no_lesson(
    source: str, text: str, kept: list[str], gone: list[str]
) -> None:
    """A POD retro's "=begin comment" region and a Lua retro's commented-out lesson or
    open question yield no lesson; the current prose or table still does."""
    found = " ".join(_lessons(text, source))
    assert all(word in found for word in kept)
    assert not any(word in found for word in gone)


def test_a_slide_decks_presenter_notes_stay() -> None:
    """In a Marp deck an HTML comment is what the presenter says over the slide: kept."""
    deck = "---\nmarp: true\ntheme: default\n---\n\n# Kiln\n\n<!-- notes: the kiln now runs at 900 C -->\n"
    assert uncommented(deck, "review.md") == deck
    assert "900" not in uncommented(deck.replace("marp: true", "title: x"), "review.md")
