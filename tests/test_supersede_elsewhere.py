"""A change learnt by one app of a loop, told of the same thing another app's lesson
holds, supersedes that lesson: the apps share their tools and their teams. Only when the
draft says outright that something changed, opens on the same name and tells a new
value; another app's own cache, timeout or figures stay its own."""

from __future__ import annotations

import pytest

from agentmem import MemoryHooks
from agentmem.core.restate import replaces_elsewhere
from tests.conftest import semantic

PINNED = (
    "The monorepo pins Gradle 7.6.1 in gradle-wrapper.properties; the wrapper on laptops "
    "and runners picks that up, so never install gradle by hand."
)
UPGRADED = (
    "The monorepo is on Gradle 8.5 now: the version catalog is enabled and plugins live in "
    "settings.gradle.kts. Runner images already ship the wrapper."
)


def _write(hooks: MemoryHooks, text: str, app: str) -> str:
    outcome = hooks.harvester.submit(semantic(text, app_id=app), trigger="post_run_classify")
    assert outcome.status == "accepted" and outcome.memory_id is not None
    return outcome.memory_id


def test_a_change_learnt_in_another_app_supersedes_the_held_lesson(hooks: MemoryHooks) -> None:
    """The runner app learns the monorepo is on Gradle 8.5 now; the devctl app's lesson
    that it pins 7.6.1 leaves packs (it was judged only against the runner app's own
    lessons and `_global`, and stayed live beside the new version)."""
    old = _write(hooks, PINNED, "devctl")
    new = _write(hooks, UPGRADED, "shard-runner")
    assert hooks.store.get(new).supersedes == (old,)


def test_a_new_holder_from_a_day_on_supersedes_another_apps_holder(hooks: MemoryHooks) -> None:
    """A postmortem filed under one app says who handles a duty "from Oct 5"; the lesson of
    another app naming the person who held it is replaced (no change word was read in
    "from Oct 5", and the two apps' lessons were never compared)."""
    old = _write(
        hooks,
        "SSO certificates, SAML metadata and IdP contacts go through Dana Whitfield; she owns "
        "the Okta and Entra admin accounts.",
        "web-portal",
    )
    new = _write(
        hooks,
        "SSO - certificates, SAML metadata, IdP contacts and the Okta and Entra admin accounts "
        "- moves to the new Identity Ops team from Oct 5. Channel #identity-ops.",
        "auth-service",
    )
    assert hooks.store.get(new).supersedes == (old,)


@pytest.mark.parametrize(
    "other",
    [
        # "instead of" tells an alternative, not a change
        "The monorepo builds with Gradle 8.5 in CI images instead of the wrapper, so the "
        "runner image pins it.",
        # the same figures told again: one fact, each app keeps its own
        "The monorepo now pins Gradle 7.6.1 in gradle-wrapper.properties for every runner.",
        # another app's own thing, opening on another name
        "Runner images are on Ubuntu 24.04 now; the monorepo's Gradle wrapper is unchanged.",
    ],
)
def test_another_apps_lesson_is_not_replaced_without_a_change_of_it(
    hooks: MemoryHooks, other: str
) -> None:
    """Against false replacements across apps: an alternative ("instead of"), the same
    values told again, or a change of another thing leaves the other app's lesson live."""
    old = _write(hooks, PINNED, "devctl")
    assert not replaces_elsewhere(other, PINNED)
    new = hooks.harvester.submit(semantic(other, app_id="shard-runner"), trigger="manual")
    assert new.memory_id is None or old not in hooks.store.get(new.memory_id).supersedes
