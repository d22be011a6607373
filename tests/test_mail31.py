"""A retro pasted as a mail: a reply's quoted lines are the earlier mail (never a lesson),
and a periodic mail's sentences are what it tells its readers."""

from __future__ import annotations

from agentmem.harvest.distill import distill
from agentmem.harvest.mail import is_mail, is_reply, own_lines

REPLY = """Lena,

On Mon 2 Mar 2026, Lena Brandt wrote:
> The glaze kiln still fires on Fridays, right?
Not since the new rota. The glaze kiln fires on Tuesdays from this week, after the clay delivery.
> Who books the kiln repairs now?
Omar books every kiln repair through the facilities desk and keeps the spare elements in store B.

Jonas
"""

PASTED = """# Weekly retro, week 9

## Supplier notice (pasted)
> From Monday every clay order must be placed before 10:00 for next-day delivery.

## Lessons
- Order clay on Thursday mornings.
"""

MEMO = """Hi all,

A short note after a busy week in the studio.

The glaze kiln fires on Tuesdays now that the clay arrives on Mondays. Omar signs off every
new glaze recipe before it goes on a shelf, and he wants the test tile photographed.

Thanks,
Jonas
"""


def test_a_replys_quoted_lines_are_no_lessons() -> None:
    """The quoted question of the earlier mail and the line naming its writer are left
    out; the reply's own answers are read, each a paragraph of its own."""
    result = distill(REPLY, "retros/re-kiln.md", periodic=True)
    texts = [lesson.text for lesson in result.found]
    assert not any("right?" in text or "wrote:" in text for text in texts)
    assert "The glaze kiln fires on Tuesdays from this week, after the clay delivery." in texts
    assert any(text.startswith("Omar books every kiln repair") for text in texts)


def test_a_quote_pasted_alone_is_no_reply() -> None:
    """One quoted notice with no line naming who wrote it is news pasted in: it stays."""
    assert not is_reply(PASTED)
    assert own_lines(PASTED) == PASTED
    assert is_reply(REPLY)


def test_quotes_answered_inline_make_a_reply_without_its_header() -> None:
    """Two quoted passages each answered by a paragraph of the writer's own are a reply,
    with no "On …, … wrote:" line; two pasted notices each followed by a heading are not."""
    inline = "Lena,\n\n> Kiln on Fridays?\nTuesdays now.\n> Repairs?\nOmar books them.\n"
    assert is_reply(inline)
    notices = "# Week 9\n\n> Notice one.\n\n## Next\n> Notice two.\n\n## Lessons\n- x\n"
    assert not is_reply(notices)


def test_a_mail_opens_on_its_salutation() -> None:
    """A greeting or a name and a comma opens a mail, after a subject line if any; a
    review's title or a labelled line does not."""
    assert is_mail("Hi all,\n\nText.")
    assert is_mail("Subject: Kiln week\n\nDear team,\n\nText.")
    assert is_mail("Lena,\n\nText.")
    assert not is_mail("# March review\n\nMarch had 30 runs.")
    assert not is_mail("Runs: 12, 3 failed.\n\nText.")


def test_a_periodic_mail_is_read_sentence_by_sentence() -> None:
    """Each sentence of a periodic mail is a fact, though none says it changed; its
    greeting, its closing and its signature are none."""
    result = distill(MEMO, "retros/2026-03-06-memo.md", periodic=True)
    texts = [lesson.text for lesson in result.found]
    assert "The glaze kiln fires on Tuesdays now that the clay arrives on Mondays." in texts
    assert any(text.startswith("Omar signs off every new glaze recipe") for text in texts)
    assert not any(text.startswith(("Hi all", "Thanks")) for text in texts)
