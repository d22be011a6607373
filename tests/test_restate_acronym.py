"""A name in capitals and the words it abbreviates are one thing (POD and
"proof-of-delivery", SLO and "service level objective")."""

from __future__ import annotations

from agentmem.core.restate import read_together, replaces
from agentmem.core.statement import terms

HELD = (
    "SLO burn alerts page the on-call when the error budget burns 14x faster than allowed; "
    "the window is 1 h."
)
DRAFT = (
    "RFC-7: Service level objective alerts now page at a 6x burn rate over a 6 h window, so "
    "slow leaks are caught too."
)


def test_words_that_spell_a_name_in_capitals_are_that_name() -> None:
    """A record's lesson told in full words ("Service level objective alerts now page at a
    6x burn rate over a 6 h window") opened on a word the held lesson never says, and the
    held one on "SLO", which the record never says: taken for two components, the new
    window replaced nothing and the old one stayed in packs."""
    d, h = read_together(DRAFT, HELD)
    assert d.head[0] == h.head[0] == "slo"
    assert replaces(DRAFT, HELD)


def test_a_name_spelled_out_is_no_name_shared() -> None:
    """Words that spell a name are that name's words, not a name the two texts share: as a
    shared name, "proof-of-delivery" made a decision's new photo size one subject with a
    live lesson on the upload flow that names POD only in its route, and replaced it."""
    d, _ = read_together(DRAFT, HELD)
    assert "slo" not in d.names


def test_a_short_or_unspelled_name_is_left_alone() -> None:
    """Two letters spell too many word pairs by chance ("PR" in "pull request" and "page
    rank"), and a name whose initials the other text does not run through stays apart."""
    d, _ = read_together("Prod releases need the PR template.", "Page rank is computed nightly.")
    assert d.content == terms("Prod releases need the PR template.").content
    other = "Search latency alerts page at a 6x burn rate over a 6 h window."
    assert read_together(other, HELD)[0].content == terms(other).content
