"""A retro line of markup alone is no lesson (`agentmem.harvest.distill.worded`): a config
file's comment block read as headings left a bare "#" as a lesson, whose draft the writer
refused, so a retro with nothing else readable failed its fire."""

from __future__ import annotations

import pytest

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
