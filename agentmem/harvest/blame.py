"""One culprit: two failures whose runs blame the same piece of code.

Two runs of one app fail, their checks in different words ("gateway 400 ... contains '&'",
"gateway 422 ... character 'ß' not in the permitted set"), and each run's own account names
the same function or module as what went wrong ("sepa_safe() covered names but not the
remittance text", "the new helper built the address without sepa_safe()"). No error phrase
joins them, but the loop said twice where the cause lies: that is a pattern of two runs,
when no successful run of those apps names that code in its own account (then it is where
the app's work happens, not where it breaks).

A piece of code is written as code: a call (`sepa_safe()`), a snake_case name
(`address_line`) or a camelCase one (`normalizeOrientation`), not an everyday word.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Protocol

from agentmem.core.model import Memory
from agentmem.harvest.runrecord import read_record

CODE_NAME = re.compile(
    r"\b(?:[A-Za-z][A-Za-z0-9]*_[A-Za-z0-9_]*[A-Za-z0-9]"  # snake_case
    r"|[a-z]+[A-Z][A-Za-z0-9]*"  # camelCase
    r"|[A-Za-z]\w*(?=\(\)))"  # a call
)


class Told(Protocol):
    """A failure as hook E reads it: its run's record and the run's own summary."""

    @property
    def memory(self) -> Memory: ...

    @property
    def summary(self) -> str: ...


def code_names(text: str) -> frozenset[str]:
    """The pieces of code a text names, lower-cased."""
    return frozenset(name.lower() for name in CODE_NAME.findall(text))


def blamed(members: Sequence[Told], successes: Sequence[Memory]) -> frozenset[str]:
    """The pieces of code every run of `members` names in its own account (its summary),
    all of one app, and no successful run names in its own: empty when they blame none."""
    if len({m.memory.app_id for m in members}) != 1:
        return frozenset()
    by_run: dict[str, frozenset[str]] = {}
    for member in members:
        run = member.memory.run_id
        by_run[run] = by_run.get(run, frozenset()) | code_names(member.summary)
    if len(by_run) < 2:
        return frozenset()
    common = frozenset.intersection(*by_run.values())
    said = {n for m in successes for n in code_names(read_record(m.text).summary)}
    return common - said
