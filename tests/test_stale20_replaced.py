"""A new value told in a form the reading of a statement missed: a release named after its
year ("bundle 2031v2.5"). It replaces the held lesson that names the older release of the
same thing; another device's bundle, or the same release told again, leaves it standing.
"""

from __future__ import annotations

from agentmem.core.restate import replaces
from agentmem.core.statement import terms
from agentmem.core.verdict import Held, judge


def replaced(draft: str, *held: str) -> list[str]:
    """The held texts a draft supersedes (each held text is its own id)."""
    verdict = judge(draft, [Held(text, text, "semantic") for text in held], "semantic")
    return verdict.replaces


OLD_BUNDLE = (
    "Kiln controllers run firmware bundle 2031v2.4, flashed from the bench laptop over USB."
)
NEW_BUNDLE = (
    "Kiln controllers must run firmware bundle 2031v2.5; the vendor stopped signing the "
    "older bundle."
)


def test_a_release_named_after_its_year_is_one_version() -> None:
    """ "2031v2.5" is read as a version, not as the count 2031 with a word glued on."""
    assert terms(NEW_BUNDLE).values["version"] == {"2031v2.5"}


def test_a_newer_year_named_release_replaces_the_lesson_naming_the_older() -> None:
    assert replaced(NEW_BUNDLE, OLD_BUNDLE) == [OLD_BUNDLE]


def test_the_same_release_or_another_devices_release_is_no_new_value() -> None:
    """The same version told again, and the pug mill's own bundle at another version,
    leave the kiln lesson standing."""
    again = "Kiln controllers are on firmware bundle 2031v2.4; flash from the bench laptop."
    mill = "Pug mill drives take the motor vendor's firmware bundle 2031v1.9 over serial."
    assert not replaces(again, OLD_BUNDLE)
    assert not replaces(mill, OLD_BUNDLE)
