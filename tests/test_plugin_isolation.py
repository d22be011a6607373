"""Plugin isolation: each plugin's contribution stands or falls alone (issue 13, item 7)."""

from __future__ import annotations

from typing import Any

from agentmem import Contribution, MemoryHooks, Tools, hookimpl
from tests.conftest import HooksFactory, semantic


def run(n: int) -> dict[str, Any]:
    return {"run_id": f"2026-11-29-r{n}", "goal": f"goal {n}", "outcome": "success"}


class Raises:
    @hookimpl
    def post_run_classify(self, run: Any, tools: Tools) -> Contribution:
        raise RuntimeError("host plugin exploded")


def test_raising_host_plugin_keeps_the_builtin_writes(hooks: MemoryHooks) -> None:
    """A host plugin that raises on every fire: each of 20 fires is ok=False naming that
    plugin, and the built-in hook C still writes its 20 run records (it used to be 0)."""
    hooks.register(Raises())
    results = [hooks.post_run_classify(run=run(n)) for n in range(20)]
    for result in results:
        assert result.ok is False and result.error is not None
        assert (result.error.type, result.error.message) == ("RuntimeError", "host plugin exploded")
        assert result.error.plugin == "tests.test_plugin_isolation.Raises"
        assert len(result.writes.accepted) == 1
    episodes = {m.run_id for m in hooks.store.list() if m.type.value == "episodic"}
    assert episodes == {run(n)["run_id"] for n in range(20)}


def test_each_plugin_stands_or_falls_alone(make_hooks: HooksFactory) -> None:
    """Of three plugins, the one that works is written; the one that raised after proposing
    a draft through its tools has that proposal dropped; the one that returned garbage is
    named with a TypeError. Each failure is listed with its plugin."""

    class Good:
        @hookimpl
        def judgment_harvest(self, window: Any, tools: Tools) -> Contribution:
            tools.propose_memory(semantic("Good plugins propose through their tools."))
            return Contribution(text="good", drafts=[semantic("Good plugins also return drafts.")])

    class ProposesThenRaises:
        @hookimpl
        def judgment_harvest(self, window: Any, tools: Tools) -> None:
            tools.list_memories()
            tools.propose_memory(semantic("A proposal from a plugin that then failed."))
            raise ValueError("half way")

    class Garbage:
        @hookimpl
        def judgment_harvest(self, window: Any, tools: Tools) -> Any:
            return {"text": "not a Contribution"}

    hooks = make_hooks(defaults=False)
    hooks.register(Good(), name="good")
    hooks.register(ProposesThenRaises(), name="raises")
    hooks.register(Garbage(), name="garbage")
    result = hooks.fire("judgment_harvest")
    assert result.ok is False
    failed = {e.plugin: e.type for e in result.plugin_errors}
    assert failed == {"raises": "ValueError", "garbage": "TypeError"}
    assert result.error == result.plugin_errors[0]  # the first failure, in call order
    texts = sorted(hooks.store.get(i).text for i in result.writes.accepted)
    assert texts == [
        "Good plugins also return drafts.",
        "Good plugins propose through their tools.",
    ]
    assert result.final_text == "good"
    assert result.tool_calls == {"propose_memory": 2, "list_memories": 1}  # every call counted


def test_plugins_are_called_in_pluggys_order(make_hooks: HooksFactory) -> None:
    """The runtime calls plugins one by one in exactly the order pluggy's own hook call
    uses (tryfirst, trylast, last registered first), checked against `pm.hook` itself."""
    order: list[str] = []

    def plugin(name: str, **marks: bool) -> object:
        class Plugin:
            @hookimpl(**marks)
            def judgment_harvest(self, window: Any, tools: Tools) -> Contribution:
                order.append(name)
                return Contribution(text=name)

        return Plugin()

    hooks = make_hooks(defaults=False)
    for name, marks in [
        ("first", {}),
        ("trylast", {"trylast": True}),
        ("second", {}),
        ("tryfirst", {"tryfirst": True}),
        ("third", {}),
    ]:
        hooks.register(plugin(name, **marks), name=name)
    hooks.pm.hook.judgment_harvest(window=None, tools=None)
    pluggys, order[:] = list(order), []
    result = hooks.fire("judgment_harvest")
    assert order == pluggys == ["tryfirst", "third", "second", "first", "trylast"]
    assert result.final_text.split("\n\n") == pluggys


def test_wrappers_wrap_the_plugins_that_stood(make_hooks: HooksFactory) -> None:
    """A new-style wrapper sees the contributions of the plugins that stood (not the one
    that raised) and may change them; an old-style hookwrapper may force the result; a
    wrapper that raises is named and the plain plugins' contributions stand unchanged."""

    class Plain:
        @hookimpl
        def judgment_harvest(self, window: Any, tools: Tools) -> Contribution:
            return Contribution(text="plain", drafts=[semantic("A plain plugin's lesson.")])

    class Tags:
        @hookimpl(wrapper=True)
        def judgment_harvest(self, window: Any, tools: Tools) -> Any:
            contributions = yield
            for item in contributions:
                item.drafts = [{**d, "tags": ["wrapped"]} for d in item.drafts]
            return contributions

    class OldStyle:
        @hookimpl(hookwrapper=True)
        def judgment_harvest(self, window: Any, tools: Tools) -> Any:
            outcome = yield
            outcome.force_result([*outcome.get_result(), Contribution(text="old style")])

    class BrokenWrapper:
        @hookimpl(wrapper=True)
        def judgment_harvest(self, window: Any, tools: Tools) -> Any:
            yield
            raise RuntimeError("wrapper broke")

    class RaisesToo:
        @hookimpl
        def judgment_harvest(self, window: Any, tools: Tools) -> Contribution:
            raise RuntimeError("plain plugin broke")

    hooks = make_hooks(defaults=False)
    for plugin, name in [(Plain(), "plain"), (RaisesToo(), "raises"), (Tags(), "tags")]:
        hooks.register(plugin, name=name)
    hooks.register(OldStyle(), name="old")
    result = hooks.fire("judgment_harvest")
    assert [(e.plugin, e.message) for e in result.plugin_errors] == [
        ("raises", "plain plugin broke")
    ]
    assert result.final_text == "plain\n\nold style"
    [memory_id] = result.writes.accepted
    assert list(hooks.store.get(memory_id).tags) == ["wrapped"]

    hooks.register(BrokenWrapper(), name="broken")
    again = hooks.fire("judgment_harvest")
    assert [(e.plugin, e.message) for e in again.plugin_errors] == [
        ("broken", "wrapper broke"),  # in call order: the outermost wrapper came first
        ("raises", "plain plugin broke"),
    ]
    assert again.final_text == "plain\n\nold style"  # the other wrappers' work stands


def test_a_plugin_is_named_as_registered(make_hooks: HooksFactory) -> None:
    """A plugin registered with a name is reported by it; one registered without is
    reported by its class, not by the number pluggy makes up for it."""
    hooks = make_hooks(defaults=False)
    hooks.register(Raises(), name="my-plugin")
    named = hooks.post_run_classify(run=run(1))
    assert named.error is not None and named.error.plugin == "my-plugin"
    other = make_hooks(defaults=False)
    other.register(Raises())
    anonymous = other.post_run_classify(run=run(1))
    assert anonymous.error is not None
    assert anonymous.error.plugin == "tests.test_plugin_isolation.Raises"
