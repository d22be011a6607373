"""Hook A through a model (tools mode, against the chat server double): a model that
searched and found nothing may say nothing citable; memory holding nothing is an answer."""

from __future__ import annotations

from tests.chat_double import ChatServerDouble, call, openai_settings, say
from tests.conftest import HooksFactory


def test_a_synthesis_over_nothing_found_says_memory_holds_nothing(
    make_hooks: HooksFactory,
) -> None:
    """The model searched, memory returned nothing, and it answered with the bundle's
    heading alone: the fire is ok and each bundle says memory holds nothing relevant (as
    json mode says without asking); a model that never searched is still refused."""
    double = ChatServerDouble(
        [
            say("", call("search_memory", {"question": "heat pump relay boost mode"})),
            say("FW-10 (Boost mode for the heat pump relay):"),
        ]
    )
    with double.running():
        hooks = make_hooks(**openai_settings(double.url))
        queue = [{"id": "FW-10", "title": "Boost mode for the heat pump relay"}]
        result = hooks.pre_goal_synthesis(queue=queue)
        assert result.ok, result.error
        assert result.synthesis == (
            "FW-10 (Boost mode for the heat pump relay):\n  - memory holds nothing relevant"
        )
        double.script.append(say("FW-10 (Boost mode for the heat pump relay):"))
        unread = hooks.pre_goal_synthesis(queue=queue)
    assert not unread.ok and unread.synthesis is None
