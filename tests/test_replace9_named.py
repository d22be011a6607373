"""New values of named things told in few shared words: a named tool on another release, a
decision led by its record's title."""

from __future__ import annotations

from agentmem.core.newvalue import releases
from agentmem.core.restate import replaces
from agentmem.core.statement import terms

GEOKIT_OLD = (
    "Orbit fits run on Geokit 11.3; reference frames come from the frames bulletin, refreshed "
    "by the frames cron at 03:00 UTC."
)
GEOKIT_NEW = (
    "Route planning is on Geokit 12.2 now; tile loading goes through TileContext.open() and "
    "the old static TileManager calls no longer compile."
)


def test_releases_are_read_by_the_name_they_are_of() -> None:
    assert releases("runs on Geokit 11.3 and API v40") == {"geokit": {"11.3"}, "api": {"40"}}
    assert releases("Block 2 adds 400 commands") == {}


def test_a_named_tool_on_another_release_replaces_the_held_release() -> None:
    assert replaces(GEOKIT_NEW, GEOKIT_OLD)


def test_another_release_without_a_change_word_or_of_another_thing_is_none() -> None:
    # no change word: a second tool's release, told beside the first
    assert not replaces(
        "Route planning uses Geokit 12.2 for tiles; its loader goes through TileContext.open().",
        GEOKIT_OLD,
    )
    # one frame, two things: the staging gateway's release is not production's
    assert not replaces(
        "The staging gateway is on Envoy 1.29 now and its listeners were rebuilt.",
        "The production gateway runs Envoy 1.27; its listeners are reviewed by the edge team.",
    )
    assert not replaces(
        "Staging is on Envoy 1.29 now and its listeners were rebuilt.",
        "Production runs Envoy 1.27; its listeners are reviewed by the edge team.",
    )


def test_a_decision_led_by_its_records_title_replaces_the_old_threshold() -> None:
    """ "ADR-0031: Auto-pay floor: An invoice is paid with no reviewer …" opens on its title;
    what it is about (an invoice) follows the labels."""
    decision = (
        "ADR-0031: Auto-pay floor: An invoice is paid with no reviewer only when its match "
        "score is 0.95 or more. Lower scores wait in the AP review queue."
    )
    held = (
        "Matched invoices scoring 0.85 or higher are auto-paid from the ledger; lower scores "
        "wait in the AP review queue."
    )
    assert terms(decision).inner[:1] == ("invoic",)
    assert replaces(decision, held)


def test_a_decimal_value_is_no_name() -> None:
    assert terms("Scores of 0.95 or more pass.").first == ""


def test_a_systems_new_api_version_replaces_the_held_one() -> None:
    """ "API v5 now" after "API v3": another release of the API both name, though the two
    share few other words."""
    assert replaces(
        "The QXBridge client is on API v5 now: tariffs sit under rates.tiers[] and the older "
        "routes are switched off in March.",
        "QXBridge tariff rows come from API v3; each tariff is one flatRate field on the row.",
    )
