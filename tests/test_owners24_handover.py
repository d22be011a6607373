"""A role handed from one person to another: a handover dated by the month's name, a
roster line naming another holder of the same post with no word of change, and a lesson
naming who holds a role kept from a newer lesson about another side of the same thing.
Guards: another shift's or site's post, a stand-in, a person named in passing, a post
called on for another thing, two roles of one person."""

from __future__ import annotations

from agentmem.core.handover import handed_over
from agentmem.core.restaffed import restaffed
from agentmem.core.verdict import Held, judge
from agentmem.harvest.distill import distill

KILN_ALARMS = "Kiln alarms after 22:00 go to the night shift lead, Ines Vale (ext. 207)."
GLAZE_SIGN_OFF = (
    "Glaze recipes must be signed off by Ben Okoro (Studio Manager) before the first firing."
)


def replaced(draft: str, held: str) -> bool:
    return judge(draft, [Held("held-1", held, "semantic")], "semantic").replaces == ["held-1"]


def test_a_handover_dated_by_the_month_s_name_replaces_the_held_holder() -> None:
    """A day named "since March 3" is a day, not a case of the role: the clause's number made the
    handover read as an exception beside the rule, and no change word was read before a
    day written by its month."""
    draft = (
        "Since March 3 glaze recipes are signed off by Zoe Hart, the Kiln Room lead; "
        "firing without her approval fails with 412."
    )
    assert handed_over(draft, GLAZE_SIGN_OFF)
    assert replaced(draft, GLAZE_SIGN_OFF)


def test_another_role_of_the_old_holder_is_no_handover() -> None:
    """Two roles of one person: his overtime approvals are not the glaze sign-off."""
    draft = (
        "Ben Okoro keeps approving overtime above 40 h a week; that is apart from glaze sign-off."
    )
    assert not replaced(draft, GLAZE_SIGN_OFF)
    held = "Since March 3 glaze recipes are signed off by Zoe Hart, the Kiln Room lead."
    assert not replaced(draft, held)


def test_a_roster_line_with_another_holder_of_the_post_replaces_the_held_one() -> None:
    """A roster line ("Night shift lead: Omar Reyes") says who holds the post now, though it says no "now":
    the held lesson giving the post to Ines tells how things were."""
    draft = "Night shift lead: Omar Reyes (ext. 310). Kiln alarms after 22:00 page him directly."
    assert restaffed(draft, KILN_ALARMS)
    assert replaced(draft, KILN_ALARMS)


def test_a_roster_line_of_another_shift_site_or_thing_replaces_nothing() -> None:
    """One post of two shifts or sites, a stand-in, a person named in passing, or the post
    called on for another thing: each leaves the held holder in place."""
    for draft in (
        "Day shift lead: Omar Reyes. Kiln alarms page him first.",
        "Omar Reyes covers as night shift lead while Ines is on leave; kiln alarms page him.",
        "Omar Reyes asked the night shift lead about the kiln alarms.",
        "Night shift lead: Omar Reyes. Glaze orders go through him.",
        "Omar Reyes remains the day shift kiln supervisor for the east wing.",
    ):
        assert not restaffed(draft, KILN_ALARMS), draft
        assert not replaced(draft, KILN_ALARMS), draft
    south = "Kiln alarms go to the south site night shift lead, Ines Vale."
    assert not restaffed("North site night shift lead: Omar Reyes. Kiln alarms page him.", south)


def test_who_holds_a_role_outlives_news_of_another_side_of_the_thing() -> None:
    """A lesson naming who to page for a service is not replaced by one that changes how
    the service sends, names no one and gives no role: the owner is still the owner."""
    owner = "Page Lena Park (@lpark) for kiln-monitor alert outages; she owns the service."
    old_way = "kiln-monitor sends alerts through the legacy SMS gateway with a shared key."
    draft = (
        "kiln-monitor no longer uses the key-based gateway: every alert now goes through "
        "the push API, authenticated with a service account."
    )
    verdict = judge(
        draft,
        [Held("owner", owner, "semantic"), Held("old-way", old_way, "semantic")],
        "semantic",
    )
    assert verdict.replaces == ["old-way"]


REVIEW = """# Studio review, May

## Owners (as of this review)

| service | owner | escalation |
|---|---|---|
| kiln-ctl | Firing Team (Omar Reyes) | #firing-oncall |
| glaze-db | Glaze Lab (Zoe Hart) | #glaze-lab |

## Lessons
- Check kiln profiles against the controller's limits before a run ends.
"""


def test_a_table_of_owners_dated_as_of_now_hands_the_role_on() -> None:
    """A row alone ("kiln-ctl (owner: Firing Team (Omar Reyes); …)") said nothing of when,
    so it left the held owner live beside it; led by its heading's "as of", it tells who
    owns the service now. Another service's row leaves the held owner alone."""
    found = [f.text for f in distill(REVIEW, "reviews/2026-05.md", periodic=True).found]
    kiln = [t for t in found if "kiln-ctl" in t]
    assert kiln == [
        "Owners (as of this review): kiln-ctl (owner: Firing Team (Omar Reyes); "
        "escalation: #firing-oncall)"
    ]
    held = (
        "kiln-ctl profiles are owned by Studio Ops (Ines Vale); profile changes need her sign-off."
    )
    assert replaced(kiln[0], held)
    glaze = [t for t in found if "glaze-db" in t]
    assert glaze and not replaced(glaze[0], held)
