"""A retro line of markup alone is no lesson (`agentmem.harvest.distill.worded`): a config
file's comment block read as headings left a bare "#" as a lesson, whose draft the writer
refused, so a retro with nothing else readable failed its fire. A lone label is none either
("# Rakefile", a file's name on its first line: a blind pairs file's retro failed on it)."""

from __future__ import annotations

from pathlib import Path

import pytest

from agentmem import MemoryHooks
from agentmem.harvest.distill import distill, worded

CONF = """# Notes
#
# Why: the damper kept the old burner's setting, so the flame ran short of air.
Define BOILER2_O2_MIN_PCT 3

<Location "/retros/2031-02-03">
    SetEnv RETRO_FINDING "Boiler 2 needs at least 3 % O2 at the stack since the burner swap"
</Location>
</IfDefine>
"""


@pytest.mark.parametrize("text", ["#", "---", "{.", "* *", "> ", "|---|---|"])
def test_markup_alone_is_not_worded(text: str) -> None:
    assert not worded(text)


@pytest.mark.parametrize("text", ["Keep O2 above 3 %", "42", "Ω"])
def test_a_word_or_a_figure_is(text: str) -> None:
    assert worded(text)


def test_a_config_retro_gives_no_draft_of_markup_alone() -> None:
    drafts = distill(CONF, "conf.d/retros/2031-02-03-boiler.conf", periodic=False).drafts
    assert all(any(c.isalnum() for c in d["text"]) for d in drafts), drafts


RAKEFILE = """# Weekly notes

## Notes
- # Rakefile
# task :replace_pit_foam (every 6 months) deleted - no fixed replacement schedule.

desc "Print the maintenance tasks"
"""


def test_a_lone_label_is_no_draft() -> None:
    """Left out after the retro's cap: the other drafts stay what they were."""
    drafts = distill(RAKEFILE, "retro.md", periodic=False).drafts
    assert drafts == []


def test_a_retro_of_a_lone_label_fires_ok_with_nothing_refused(
    hooks: MemoryHooks, tmp_path: Path
) -> None:
    (tmp_path / "retro.md").write_text(RAKEFILE, encoding="utf-8")
    result = hooks.post_retro_distill(retro={"path": "retro.md", "app_id": "trampark"})
    assert result.ok, result
    assert not result.writes.rejected
