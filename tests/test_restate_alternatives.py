"""Names in capitals joined by a slash ("HLS/DASH", "CI/CD") are each a name, not one
path that a change cue could point at."""

from __future__ import annotations

from agentmem.core.restate import replaces
from agentmem.core.statement import terms

HELD = (
    "Every rung of a ladder must share one fixed GOP: set -g to 2 x fps and -sc_threshold 0. "
    "Scene-cut keyframes misalign segments and fail HLS/DASH validation."
)
DRAFT = (
    "ADR-9: One packager for HLS and DASH: every title is packaged in a single run that "
    "writes both manifests over shared segments. The old DASH step is removed."
)


def test_a_slash_between_names_in_capitals_names_no_path() -> None:
    """ "HLS/DASH validation" was read as an identifier naming "dash", so "the old DASH step
    is removed" in a decision record pointed at a lesson about keyframes and replaced it:
    a live rule left packs for a packager change it does not speak of."""
    assert "dash" not in terms(HELD).names
    assert not replaces(DRAFT, HELD)


def test_a_slashed_path_is_still_a_name() -> None:
    """A path is one name ("values/staging.yaml", "api/v2"): only names in capitals joined
    by a slash are read apart."""
    assert {"valu", "stage"} <= terms("Set the limit in values/staging.yaml.").names
