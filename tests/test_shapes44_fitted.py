"""No lesson the distiller proposes is longer than the writer takes
(`agentmem.harvest.fitted`): a fire of a retro of one long line stays ok."""

from __future__ import annotations

from agentmem.core.validate import MAX_TEXT
from agentmem.harvest.distill import distill
from agentmem.harvest.fitted import fitted


def test_fitted_cuts_at_a_sentence():
    """A text over the limit keeps its opening up to the last sentence that fits."""
    text = "The pump runs at six bar. " * 400
    cut = fitted(text, 1000)
    assert len(cut) <= 1000 and cut.endswith("bar.")
    assert fitted("short text", 1000) == "short text"
    assert len(fitted("x" * 5000, 1000)) == 1000


def test_hostile_retro_of_one_line_yields_no_draft_over_the_limit():
    """A 200 KB retro of one line, under a lesson heading, is proposed within the limit."""
    line = "Pumps are checked each shift and the log is signed by the lead. " * 3200
    retro = f"# Weekly retro\n\n## Lessons\n\n- {line}\n"
    drafts = distill(retro, "retros/weekly.md", periodic=True).drafts
    assert drafts and all(len(d["text"]) <= MAX_TEXT for d in drafts)
    assert drafts[0]["text"].endswith("lead.")
