"""A lesson withdrawn by what it advised, named in other words (`agentmem.core.advicewithdrawn`):
"we withdrew the advice to X", "please drop the note that X", a withdrawal in a later
sentence of a text that tells something else first; and what is no such withdrawal: a
product, cash or a recall withdrawn, a withdrawal denied or put off, a look-alike lesson on
another site, unit or period."""

from __future__ import annotations

import pytest

from agentmem.core.advicewithdrawn import advice_withdrawn, withdrawn_objects
from agentmem.core.held import Held, judge
from agentmem.core.retract import withdrawn

RINSE = "Soak the espresso baskets in citric acid every Sunday night to keep scale off the mesh."
GRIND = "Set the grinder to step 14 for the house blend; finer settings choke the shot."
ELM = "At the Elm Street bar, soak the espresso baskets in citric acid every Sunday night."
DOCK = "Reefer trailers at dock 4 are pre-cooled to 2 °C for 40 minutes before loading."


def _gone(text: str, *lessons: str) -> list[str]:
    return withdrawn(text, [(t, t) for t in lessons])


@pytest.mark.parametrize(
    "text",
    [
        # the imperative made a noun phrase, other verbs, a shorter phrase
        "We withdrew the advice to descale baskets with citric acid each weekend; the mesh "
        "pitted within a month.",
        # asked for politely, the object a clause after the claim's noun
        "Please drop the note that baskets need a citric acid soak. Nobody found any scale.",
        # the claim's words before its noun, passive
        "The Sunday citric-acid soak tip for baskets has been scrapped.",
        # at the text's very end, stopped by a full stop
        "Forget the advice about soaking baskets in citric acid.",
    ],
)
def test_a_withdrawn_advice_told_in_other_words_takes_its_lesson(text: str) -> None:
    """The object of the withdrawal names the lesson by what it advises, however reworded;
    the lesson on another thing (the grinder) stays."""
    assert _gone(text, RINSE, GRIND) == [RINSE]


def test_a_withdrawal_after_other_news_still_withdraws() -> None:
    """A retro item that tells something else first and withdraws the advice in its second
    sentence withdraws it all the same, through the writer's judge."""
    text = (
        "Milk deliveries move to 7:00 from Monday. We also withdrew the advice to descale "
        "baskets with citric acid."
    )
    verdict = judge(text, [Held(id="rinse", text=RINSE, type="semantic")], "semantic")
    assert verdict.replaces == ["rinse"]


@pytest.mark.parametrize(
    "text",
    [
        "We withdrew the Ethiopian single origin from the menu; the roaster raised prices.",
        "We withdrew cash for the Sunday float before soaking the baskets in citric acid.",
        "The supplier withdrew its citric acid descaler in a recall of the whole batch.",
        "Ignore the steam warnings while soaking baskets in citric acid; they are harmless.",
        "The cafe withdrew the claim for the citric acid spill damage to the baskets.",
        "We dropped the tips of the baskets.",
    ],
)
def test_a_withdrawal_of_something_else_is_no_retraction(text: str) -> None:
    """A product, cash, a recall or an insurance claim withdrawn, a warning to ignore, or a
    claim's noun in another sense ("the tips of the baskets") is no lesson's claim: nothing
    is read as withdrawn and the lesson stays."""
    assert withdrawn_objects(text) == []
    assert advice_withdrawn(text, [("rinse", RINSE)]) == []


@pytest.mark.parametrize(
    "text",
    [
        "We never withdrew the advice to soak baskets in citric acid; it still holds.",
        "We may drop the note on citric acid soaks for baskets once the new mesh arrives.",
        "QA will scrap the citric-acid soak tip for baskets if the pitting comes back.",
    ],
)
def test_a_withdrawal_denied_or_put_off_withdraws_nothing(text: str) -> None:
    """A clause that says no to the act, or only plans it, leaves the lesson in force."""
    assert advice_withdrawn(text, [("rinse", RINSE)]) == []


def test_a_look_alike_on_another_site_stays() -> None:
    """The object names a site the lesson does not: the Elm Street lesson is not the one
    withdrawn, while the same words without the site take it."""
    other = "We withdrew the advice to soak baskets in citric acid at the Harbour Road bar."
    assert advice_withdrawn(other, [("elm", ELM)]) == []
    plain = "We withdrew the advice to soak baskets in citric acid."
    assert advice_withdrawn(plain, [("elm", ELM)]) == ["elm"]


def test_a_look_alike_with_another_figure_stays() -> None:
    """The object's figure (another dock, another temperature) is not the lesson's: kept."""
    text = "Please disregard the note on pre-cooling reefers to 5 °C at dock 9."
    assert advice_withdrawn(text, [("dock", DOCK)]) == []
    same = "Please disregard the note on pre-cooling reefers at dock 4."
    assert advice_withdrawn(same, [("dock", DOCK)]) == ["dock"]


def test_one_word_names_only_a_lesson_alone_in_saying_it() -> None:
    """An object of a single word ("the citric rule") names the one lesson saying it; when
    two lessons say it, neither is named."""
    text = "Scrap the citric rule."
    assert advice_withdrawn(text, [("rinse", RINSE), ("grind", GRIND)]) == ["rinse"]
    assert advice_withdrawn(text, [("rinse", RINSE), ("elm", ELM)]) == []


def test_a_lesson_that_withdraws_is_no_advice_to_withdraw() -> None:
    """A held lesson that itself withdrew an older tip is not withdrawn by a later text
    naming the same tip."""
    held = "We withdrew the citric acid soak tip for baskets last spring."
    text = "Please disregard the note on citric acid soaks for baskets."
    assert advice_withdrawn(text, [("held", held)]) == []


@pytest.mark.parametrize(
    "text",
    [
        "Retracted: the press caps four cycles an hour; it was five.",
        "Withdrawn: the press holds 4 t of coffee; it was 3 t.",
        "Retracted: the grinder limits the dose to 18 g.",
    ],
)
def test_a_label_over_a_claim_told_by_a_verb_withdraws_no_lesson_of_its_subject(text: str) -> None:
    """A label over a claim whose rule word is its verb ("caps", "holds", "limits") withdraws
    that claim, not every lesson about its subject (found in the lead's read: "the press"
    alone was taken for the object, and the lesson on cleaning the press withdrawn)."""
    assert _gone(text, "To clean the press, run the CIP program after each shift.") == []
