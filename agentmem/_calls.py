"""A hook's plugins called one by one, so each one's contribution stands or falls alone.

`pm.hook.x(...)` calls every implementation in one go: the first that raises ends the
call, and every other plugin's result (the built-in hook's run record too) goes with it.
The runtime calls them itself instead, in pluggy's order (wrappers' set-up, then the
implementations last-registered first, then the wrappers' teardowns innermost first), each
with its own `Tools`. Whatever one plugin raises, returns wrongly or holds past the budget
is that plugin's failure; the others' contributions and proposals stand.

The whole sequence is one job on one worker thread (a single handoff per fire). A plugin
still running when the budget ends is abandoned with its call and held in `Quarantine`
until that call returns; a plugin holding `limit` such calls is not called again until
one of them returns, so the threads a hanging plugin can pin stay bounded.

Exceptions are caught here only to be handed back (like `_worker.Job`): the runtime
turns them into values.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any, cast

import pluggy

from agentmem._exceptions import HookTimeout, PluginQuarantined
from agentmem._worker import PluginAborted
from agentmem.hookspecs import Contribution
from agentmem.results import ErrorInfo, HookResult
from agentmem.tools import Tools


class Quarantine:
    """Plugins holding calls abandoned past their budget, counted per plugin object."""

    def __init__(self) -> None:
        self._held: dict[int, int] = {}  # id(plugin) → abandoned calls still running
        self._lock = threading.Lock()

    def admits(self, plugin: object, limit: int) -> bool:
        return self._held.get(id(plugin), 0) < limit

    def held(self, plugin: object) -> int:
        return self._held.get(id(plugin), 0)

    def hold(self, plugin: object) -> None:
        with self._lock:
            self._held[id(plugin)] = self._held.get(id(plugin), 0) + 1

    def release(self, plugin: object) -> None:
        # The entry goes at zero, so an id reused by a later object starts clean: while
        # an entry exists its abandoned call still references the plugin.
        with self._lock:
            left = self._held.get(id(plugin), 0) - 1
            if left > 0:
                self._held[id(plugin)] = left
            else:
                self._held.pop(id(plugin), None)


def plugin_name(impl: pluggy.HookImpl) -> str:
    """The name a person recognises: the registered name, or the plugin's class when pluggy
    made one up from `id()` (`register(plugin)` without a name)."""
    plugin = impl.plugin
    if impl.plugin_name != str(id(plugin)):
        return impl.plugin_name
    kind = type(plugin)
    return f"{kind.__module__}.{kind.__qualname__}"


@dataclass(slots=True)
class PluginCall:
    """What one plugin did in one fire."""

    name: str
    plugin: object
    tools: Tools
    error: BaseException | None = None  # what it raised or returned wrongly
    quarantined: bool = False  # not called: it holds too many calls abandoned past the budget
    abandoned: bool = False  # still running when the budget ended

    @property
    def stood(self) -> bool:
        """It ran to its end within the budget and returned something usable (or nothing)."""
        return self.error is None and not self.quarantined and not self.abandoned


class _Abandoned(Exception):
    """The budget ended before this step could start."""


Teardown = tuple[pluggy.HookImpl, PluginCall, Generator[Any, Any, Any]]


class HookCall:
    """One fire's plugin calls: run on a worker, read by the runtime once it is over."""

    def __init__(
        self,
        hook: str,
        impls: list[pluggy.HookImpl],
        quarantine: Quarantine,
        limit: int,
        deadline: float,
    ) -> None:
        self.hook = hook
        self.impls = impls
        self.quarantine = quarantine
        self.limit = limit
        self.deadline = deadline  # time.monotonic(): no call starts past it
        self.kwargs: dict[str, Any] = {}
        self.calls: list[PluginCall] = []  # one per plugin reached, in call order
        self.results: list[Contribution] = []  # the contributions that stand
        self.current: PluginCall | None = None
        self.abandoned = False
        self.out_of_time = False  # it stopped starting calls because the deadline passed
        self._lock = threading.Lock()

    # -- on the worker ----------------------------------------------------------------------
    def run(self, kwargs: dict[str, Any], make_tools: Callable[[], Tools]) -> None:
        """Call every plugin in pluggy's order; start no call past the deadline."""
        self.kwargs = kwargs
        teardowns: list[Teardown] = []
        try:
            for impl in reversed(self.impls):
                call = self._enter(impl, make_tools())
                if call is None:
                    continue
                if impl.hookwrapper or impl.wrapper:
                    gen = self._step(call, self._setup, impl, call)
                    if gen is not None:
                        teardowns.append((impl, call, gen))
                else:
                    self._plain(impl, call)
            for impl, call, gen in reversed(teardowns):
                self._teardown(impl, call, gen)
        except _Abandoned:
            self.out_of_time = True

    def _enter(self, impl: pluggy.HookImpl, tools: Tools) -> PluginCall | None:
        """The plugin's PluginCall, recorded; None when it is quarantined (not to be called)."""
        call = PluginCall(plugin_name(impl), impl.plugin, tools)
        with self._lock:
            if self.abandoned or time.monotonic() >= self.deadline:
                raise _Abandoned
            self.calls.append(call)
            if not self.quarantine.admits(impl.plugin, self.limit):
                call.quarantined = True
                return None
        return call

    def _step(self, call: PluginCall, fn: Callable[..., Any], *args: Any) -> Any:
        """Run one piece of a plugin; what it raises becomes `call.error`."""
        with self._lock:
            if self.abandoned or time.monotonic() >= self.deadline:
                raise _Abandoned
            self.current = call
        try:
            return fn(*args)
        except BaseException as exc:  # handed back; the runtime turns it into a value
            call.error = exc
            return None
        finally:
            with self._lock:
                self.current = None
                late = self.abandoned  # abandoned while this call ran: it was held for it
            if late:
                self.quarantine.release(call.plugin)

    def _arguments(
        self, impl: pluggy.HookImpl, call: PluginCall
    ) -> tuple[list[Any], dict[str, Any]]:
        # As pluggy's own call loop passes them, with this plugin's own Tools.
        given = {**self.kwargs, "tools": call.tools}
        args = [given[name] for name in impl.argnames]
        kwargs = {name: given[name] for name in impl.kwargnames if name in given}
        return args, kwargs

    def _plain(self, impl: pluggy.HookImpl, call: PluginCall) -> None:
        args, kwargs = self._arguments(impl, call)
        value = self._step(call, lambda: impl.function(*args, **kwargs))
        if call.error is not None or call.abandoned or value is None:
            return
        problem = contribution_problem(self.hook, value)
        if problem is not None:
            call.error = TypeError(problem)
            return
        self.results.append(value)

    def _setup(self, impl: pluggy.HookImpl, call: PluginCall) -> Generator[Any, Any, Any]:
        args, kwargs = self._arguments(impl, call)
        gen = cast(Generator[Any, Any, Any], impl.function(*args, **kwargs))
        try:
            next(gen)
        except StopIteration:
            raise RuntimeError(f"the {self.hook} wrapper did not yield") from None
        return gen

    def _teardown(
        self, impl: pluggy.HookImpl, call: PluginCall, gen: Generator[Any, Any, Any]
    ) -> None:
        def finish() -> list[Any]:
            # New-style wrappers return the result; old-style ones force it on a Result.
            outcome = pluggy.Result(list(self.results), None)
            try:
                gen.send(outcome if impl.hookwrapper else list(self.results))
            except StopIteration as stop:
                value = outcome.get_result() if impl.hookwrapper else stop.value
            else:
                raise RuntimeError(f"the {self.hook} wrapper yielded twice")
            finally:
                gen.close()
            if not isinstance(value, list):
                kind = type(value).__name__
                raise TypeError(f"a {self.hook} wrapper returned {kind}, not a list")
            for item in value:
                problem = contribution_problem(self.hook, item)
                if problem is not None:
                    raise TypeError(problem)
            return value

        value = self._step(call, finish)
        if call.error is None and not call.abandoned and value is not None:
            self.results = value

    # -- on the host's thread ----------------------------------------------------------------
    def abandon(self) -> PluginCall | None:
        """The budget is over: start nothing more, and hold the plugin whose call still runs."""
        with self._lock:
            self.abandoned = True
            held = self.current
            if held is not None:
                held.abandoned = True
                self.quarantine.hold(held.plugin)
        for call in list(self.calls):
            call.tools.closed = True  # whatever a late plugin does next is refused
        return held

    def close(self) -> None:
        """The fire is over: a plugin's own thread that calls its tools later changes nothing."""
        for call in self.calls:
            call.tools.closed = True

    def not_called(self) -> list[str]:
        """Plugins never reached because the budget ran out first."""
        reached = len(self.calls)
        return [plugin_name(impl) for impl in list(reversed(self.impls))[reached:]]

    def account(
        self, result: HookResult, held: PluginCall | None, out_of_time: bool, budget: float
    ) -> None:
        """Every plugin's tool calls and reads into `result`; each failure with its plugin named."""
        errors: list[ErrorInfo] = []
        for call in self.calls:
            for name, count in dict.copy(call.tools.calls).items():  # a C-level copy: atomic
                result.tool_calls[name] = result.tool_calls.get(name, 0) + count
            result.reads.merge(call.tools.reads)
            if call.quarantined:
                error: BaseException = PluginQuarantined(
                    call.name, self.quarantine.held(call.plugin), self.limit
                )
            elif call is held:
                error = HookTimeout(self.hook, budget, f"plugin {call.name!r} still running")
            elif call.error is not None:
                error = call.error
                if not isinstance(error, Exception):  # SystemExit & co end the call, not the loop
                    error = PluginAborted(error)
            else:
                continue
            errors.append(ErrorInfo.from_exception(error, plugin=call.name))
        if out_of_time:
            for name in self.not_called():
                late = HookTimeout(self.hook, budget, "the budget ran out before it was called")
                errors.append(ErrorInfo.from_exception(late, plugin=name))
            if not errors:  # out of time between two plugins: still a timeout
                errors.append(ErrorInfo.from_exception(HookTimeout(self.hook, budget)))
        if errors:
            result.plugin_errors = tuple(errors)
            result.quarantined = tuple(c.name for c in self.calls if c.quarantined)
            result.error = errors[0]


def contribution_problem(hook: str, item: object) -> str | None:
    """Why a plugin's return value is not a usable Contribution (None when it is)."""
    if not isinstance(item, Contribution):
        return f"a {hook} plugin returned {type(item).__name__}, not Contribution"
    bad = item.malformed()
    if bad is not None:
        return (
            f"a {hook} plugin returned a Contribution whose {bad} is "
            f"{type(getattr(item, bad)).__name__}"
        )
    return None
