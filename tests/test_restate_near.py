"""Near restatements, word pairs written as one word, and one frame told of two things: what
the restatement judge reads beyond shared words."""

from __future__ import annotations

import pytest

from agentmem.core.restate import replaces, restated, substituted

CANARY = "Canary the payments API at 5% for 30 minutes before the full rollout."


def test_a_swapped_naming_word_is_another_thing_not_a_new_value() -> None:
    """Against false merges: "canary the search API at 10%" does not replace "canary the
    payments API at 5%" (payments and search sit in one frame, no change cue); a new
    figure for the payments API itself still does, and so does one told with a cue."""
    search = "Canary the search API at 10% for 30 minutes before the full rollout."
    assert substituted(search, CANARY)
    assert not replaces(search, CANARY)
    assert not restated(search, CANARY)
    assert replaces(
        "Canary the payments API at 10% for 30 minutes before the full rollout.", CANARY
    )
    assert replaces(
        "Canary the search API at 10% for 30 minutes instead of the payments API.", CANARY
    )


def test_a_swapped_verb_names_no_other_thing() -> None:
    """ "The docs site is built with Docusaurus 2" and "the docs site runs on Docusaurus 3"
    swap a verb before a function word, not a name: one thing, told twice."""
    assert not substituted(
        "The docs site is built with Docusaurus 2: JSX works inline.",
        "The docs site runs on Docusaurus 3: escape literal braces.",
    )


@pytest.mark.parametrize(
    ("new", "old"),
    [
        (
            "This replaces the kubectl rollback procedure: revert with argocd app rollback.",
            "Roll back with kubectl rollout undo deployment/web.",
        ),
        (
            "This replaces the formula rollback procedure: `dist yank <version>` pulls the "
            "assets and the tap formula in one step.",
            "Roll back a bad CLI release by reverting the formula commit in the tap repo.",
        ),
        (
            "Correction to the login step: use the OIDC identity of the runner.",
            "Log in to the vault with the CI token before the deploy step.",
        ),
    ],
)
def test_a_word_pair_written_as_one_word_is_one_term(new: str, old: str) -> None:
    """ "rollback" and "roll back", "login" and "log in": a correction that names the held
    procedure in the one-word spelling replaces it."""
    assert replaces(new, old)


def test_a_rename_into_one_word_is_not_one_spelling() -> None:
    """A text that names both the parts and the joined word ("acme", "Client" and
    "AcmeClient") tells a rename: the old two-word name stays apart, and the rename still
    replaces the statement of the old name."""
    old = "Python samples create the client with from acme import Client (acme-sdk 2.x)."
    new = (
        "acme-sdk 3.0 renamed the client: samples use from acme import AcmeClient; "
        "the old Client name is gone."
    )
    assert replaces(new, old)


def test_lessons_that_say_one_thing_are_restated() -> None:
    """A decision record and the run lesson that quotes it, each with words of its own,
    say one thing; a retraction never restates what it withdraws, and two figures for one
    thing are two statements."""
    adr = (
        "As ADR-007 decided, every release artifact gets a GitHub build provenance "
        "attestation from actions/attest-build-provenance in the release workflow."
    )
    quote = (
        "Reminder: release artifacts get a build provenance attestation from "
        "attest-build-provenance in the release workflow, not a GPG .asc signature."
    )
    assert restated(adr, quote) and restated(quote, adr)
    claim = "A longer Playwright timeout fixes the flaky checkout specs."
    assert not restated(
        "Retracted: a longer Playwright timeout fixes the flaky checkout specs.", claim
    )
    assert not restated(
        CANARY, "Canary the payments API at 25% for 30 minutes before the full rollout."
    )
    assert not restated(CANARY, "Rotate the payments API keys every 90 days in the vault.")


def test_a_cue_aimed_at_another_thing_replaces_nothing_else() -> None:
    """Against false merges: "Trusted publishing replaces the PyPI token login" replaces the
    token login, not a signing decision it shares "release workflow" and "upload" with
    (its cue names neither that decision's words nor any of its names)."""
    decision = (
        "ADR-007: Build provenance instead of GPG signatures: every release artifact is "
        "attested by actions/attest-build-provenance in the release workflow; we no longer "
        "upload detached .asc signatures."
    )
    login = "Log in to PyPI with the project API token; twine reads it from TWINE_PASSWORD."
    draft = (
        "Trusted publishing replaces the PyPI token login: the release workflow uploads "
        "through pypa/gh-action-pypi-publish with an OIDC token, and TWINE_PASSWORD is gone."
    )
    assert replaces(draft, login)
    assert not replaces(draft, decision)
