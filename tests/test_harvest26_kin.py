"""Hook E: two runs whose checks name one cause family in two stacks' words are a pattern.

Two failures of one check share no error phrase when the loop swapped the service between
them (one provider says a number "is not a valid telephone number", the next that it "must be
E.164"); what they share is the cause, a family (`agentmem.harvest.families`), and that
is as telling as one phrase said twice.
"""

from __future__ import annotations

from agentmem import MemoryHooks
from agentmem.harvest.families import families
from tests.test_judgment_harvest import episode, patterns, success

PHONE = "~phone-number"


def test_phone_numbers_in_the_wrong_format_name_one_family() -> None:
    """E.164, an invalid mobile number and a number that is not a valid telephone number name
    the family; a phone number stored, or one said to be valid, does not."""
    for said in (
        "ApiError 400: 'to' must be in E.164 format",
        "The recipient 06 1234 5678 is not a valid telephone number",
        "Invalid mobile number for contact 88",
        "phone number 0612 has an invalid format",
        "NumberParseException: the string supplied did not seem to be a phone number",
    ):
        assert families(said) == {PHONE}, said
    assert families("Added a phone number field to the courier profile") == frozenset()
    assert families("all 40 phone numbers were valid") == frozenset()


def test_two_runs_naming_one_family_in_other_words_are_a_pattern(hooks: MemoryHooks) -> None:
    """A text-message check fails twice, months of code apart, once on one provider's
    words and once on the next provider's: no error phrase in common, one cause. With no
    success saying it, the two runs are a pattern that names the family."""
    episode(
        hooks,
        "2026-04-02-r1",
        "Text couriers their pickup window",
        "notify-contract",
        "HTTP 400 from the gateway: recipient '06 1234 5678' is not a valid telephone number",
        "Pickup texts bounced for the drivers imported from the old roster.",
        app_id="courier-notify",
    )
    episode(
        hooks,
        "2026-04-16-r2",
        "Text couriers when a parcel is held",
        "notify-contract",
        "SendError 422: msisdn must be E.164 (got '0612 999 000')",
        "Held-parcel texts were refused for numbers typed into the depot form.",
        app_id="courier-notify",
    )
    for day in (3, 5, 9):
        success(
            hooks, f"2026-04-0{day}-s{day}", "Routine work", "Shipped the change.", "courier-notify"
        )
    assert hooks.judgment_harvest(window={"since": "2026-04-01"}).ok
    [pattern] = patterns(hooks, "courier-notify")
    assert "failed in 2 runs" in pattern.text and "phone numbers" in pattern.text


def test_two_runs_naming_two_families_are_no_pattern(hooks: MemoryHooks) -> None:
    """One check failing once on a phone number's format and once on a rate limit tells
    two causes: no pattern."""
    episode(
        hooks,
        "2026-04-02-r1",
        "Text couriers their pickup window",
        "notify-contract",
        "HTTP 400: recipient '06 1234 5678' is not a valid telephone number",
        "Pickup texts bounced.",
        app_id="courier-notify",
    )
    episode(
        hooks,
        "2026-04-16-r2",
        "Text couriers when a parcel is held",
        "notify-contract",
        "HTTP 429 Too Many Requests from the gateway",
        "Held-parcel texts were refused.",
        app_id="courier-notify",
    )
    assert hooks.judgment_harvest(window={"since": "2026-04-01"}).ok
    assert patterns(hooks, "courier-notify") == []
