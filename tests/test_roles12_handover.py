"""Changes told in other words than the lesson they end: a role taken over in a chat
message said in the first person, a tool cut down to some of its commands, a single rule
split into a rule per case. Each replaces the held lesson it ends, and nothing of another
thing's role, another tool or another subject."""

from __future__ import annotations

from agentmem.core.holders import ROLE, people
from agentmem.core.narrowed import narrowed
from agentmem.core.percase import split_by_case
from agentmem.core.takeover import handed_on, took_over
from agentmem.core.verdict import Held, judge
from agentmem.harvest.distill import distill

APPROVALS = (
    "A new glaze recipe is approved by Ben Okoro (studio lead) before its first firing; test "
    "tiles go in the top shelf of kiln 2."
)

THREAD = """# copied from #studio, Thu 12 Feb

**Ben Okoro** 16:40
heads-up: I'm off to the foundry project after this month, thanks for a lovely run here

**Zoë Hartmann (ceramics)** 16:42
for the glaze folks: starting next week I take over glaze recipe approvals, test tiles
stay where they are, send recipes to me

**Tom Berg** 16:50
different topic: the clay delivery moves to Wednesday mornings, the loading bay is free then
"""


def lessons(markdown: str) -> list[str]:
    found = distill(markdown, "notes/2026-02-12-studio-thread.md", periodic=False).found
    return [lesson.text for lesson in found]


def replaced(draft: str, held: str) -> bool:
    return judge(draft, [Held("held-1", held, "semantic")]).replaces == ["held-1"]


def test_a_chat_message_in_the_first_person_is_led_by_its_speaker() -> None:
    """Who "I" is was only in the message's header, which is no fact: the message alone
    named no one, so the handover it told had no new holder and replaced nothing. A
    message not in the first person is kept as written."""
    found = lessons(THREAD)
    assert (
        "Zoë Hartmann: for the glaze folks: starting next week I take over glaze recipe "
        "approvals, test tiles stay where they are, send recipes to me" in found
    )
    assert any(text.startswith("different topic: the clay delivery") for text in found)
    assert not any(text.startswith("Tom Berg") for text in found)


def test_names_beyond_ascii_and_plural_approvals_are_read() -> None:
    """ "Zoë Hartmann" is one name (it was cut at the "ë" and found as none), and
    "approvals" gives the role "approval" gives."""
    assert people("Ask Zoë Hartmann before a firing") == frozenset({"zoë hartmann"})
    assert ROLE.search("glaze recipe approvals") is not None


def test_a_role_taken_over_replaces_the_lesson_naming_its_old_holder() -> None:
    """The handover shares only "glaze recipe" with the held lesson besides the role, too
    few words for one subject, and the held approver stayed live beside it."""
    draft = lessons(THREAD)[1]
    assert handed_on(draft) == "glaze recipe approvals"
    assert took_over(draft, APPROVALS)
    assert replaced(draft, APPROVALS)


def test_a_role_over_another_thing_or_kept_by_its_holder_replaces_nothing() -> None:
    """Taking over the kiln rota's approvals is another thing's role; the old holder
    taking his own role over is no change; the thread's other messages hand on nothing."""
    assert not took_over("Zoë Hartmann: next week I take over kiln rota approvals.", APPROVALS)
    assert not took_over("Ben Okoro: I take over glaze recipe approvals again.", APPROVALS)
    assert not took_over("Zoë Hartmann: I take over the clay delivery.", APPROVALS)
    for text in lessons(THREAD)[::2]:
        assert not replaced(text, APPROVALS)


FIRING = "Kiln profiles go out with `kilnctl push --site north` after the test tile."
NARROWED = (
    "Since kilnctl 3 the write commands are gone: `kilnctl` offers only `kilnctl status` "
    "and `kilnctl log`. Firing profiles change through a reviewed PR to the kiln repo."
)


def test_a_tool_left_with_only_some_commands_retires_the_others() -> None:
    """The draft never says "push" (it says "write commands"): the held how-to shares
    little but the tool's name with it, and kept telling workers to push profiles by hand."""
    assert narrowed(NARROWED, FIRING)
    assert replaced(NARROWED, FIRING)


def test_a_command_kept_another_tool_or_an_alternative_retires_nothing() -> None:
    """The held command among those kept, "only" said of another tool, and a way added
    without one taken away ("you can also …") leave the held how-to live."""
    kept = "The bulk import was removed; `kilnctl` offers only `kilnctl push` and `kilnctl log`."
    assert not narrowed(kept, FIRING)
    other = "The old scheduler is gone; `rotactl` offers only `rotactl show`."
    assert not narrowed(other, FIRING)
    also = "You can also run `kilnctl log` to see only the last firing's curve."
    assert not narrowed(also, FIRING)
    assert not replaced(also, FIRING)


RETRIES = "Retries are limited to 3 per request, spaced 2 s apart."


def test_a_rule_split_by_case_replaces_the_single_rule() -> None:
    """The split shares the subject's first word and one value with the single rule: it
    stayed live, and told a worker the old limit held for every endpoint."""
    split = "Retries depend on the endpoint now: search 3, checkout 5; spacing stays 2 s."
    assert split_by_case(split, RETRIES)
    assert replaced(split, RETRIES)


def test_cases_of_another_subject_or_of_the_same_value_split_nothing() -> None:
    """Cases of another subject (page sizes) and cases that all keep the held value are no
    split of the held rule."""
    assert not split_by_case("Page size depends on the client: web 3, app 20.", RETRIES)
    assert not split_by_case("Retries depend on the endpoint: search 3, checkout 3.", RETRIES)
    assert not replaced("Page size depends on the client: web 3, app 20.", RETRIES)
