"""Who holds a role, however it is written: a team's handle is its name, a team named in
lower case after "owned by" is a holder, and a reviewer holds a sign-off."""

from __future__ import annotations

from agentmem.core.holders import people, same_holder
from agentmem.core.restate import replaces

OWNED = (
    "billing-export is owned by data-eng: data-eng reviews every PR and we ship it ourselves "
    "with `make deploy-export` from the data-eng pipeline."
)
HANDED = (
    "From now on billing-export PRs need an approval from @finance-platform (CODEOWNERS) and "
    "deploys run through their finance-deploy pipeline."
)
VAGUER = (
    "billing-export changes follow Finance Platform's process (approval in `#finance-platform`)."
)


def test_a_team_named_in_lower_case_after_owned_by_is_its_holder() -> None:
    """ "owned by data-eng" names a holder though no word of it is capitalised, and a PR
    that now needs another team's approval replaces it: the old owner's review and deploy
    target lingered in packs after the handover."""
    assert "data-eng" in people(OWNED)
    assert replaces(HANDED, OWNED)


def test_a_handle_and_a_team_name_are_one_holder() -> None:
    """ "@finance-platform" and "Finance Platform" are one team: a later, vaguer line naming
    the team by name ("changes follow Finance Platform's process") is no handover from the
    handle, and it replaced the specific line that says what the process is."""
    assert same_holder(frozenset({"@finance-platform"}), frozenset({"finance platform"}))
    assert same_holder(frozenset({"@acme/finance-platform"}), frozenset({"finance platform"}))
    assert not same_holder(frozenset({"@finance-platform"}), frozenset({"data-eng"}))
    assert not replaces(VAGUER, HANDED)


def test_a_holder_after_by_is_a_hyphenated_name_only() -> None:
    """A plain word after "by" is a thing or a way as often as a team ("run by cron",
    "approved by email"): it names no holder."""
    assert people("The export is run by cron and approved by email.") == frozenset()
