"""Hook A, pre-goal synthesis: a short, cited history of each queued bundle.

For each bundle, what memory holds on the same ground (`agentmem.retrieval.history`): how
many earlier runs bore on it and how they ended, why the failures failed (their failed
checks' own words), and the lessons that apply, each saying what it replaced, told in lines
by `agentmem.retrieval.synthlines`; memory text is rendered inline (one neutralised line,
`agentmem.retrieval.render`). Every line but a bundle's heading cites the memories it rests
on (no id, no claim); superseded memories are never cited as if they held. The runtime
skips this hook with "nothing queued" before it is called, so it never reads about nothing.
The whole synthesis stays within WORD_BUDGET words, shared fairly among the bundles, and
the words a bundle leaves of its share go to those whose share ran short, in queue order (a
share is a floor, not a cap: a bundle lost the run that told how its work went last time
while the next bundle used half its share); when a bundle's words run short, its lessons
are kept first, then its run counts, then hook E's pattern on it (a long account of its
failures, which never takes a lesson's place), then its failures' causes.
"""

from __future__ import annotations

from dataclasses import dataclass

from agentmem import Contribution, QueuedBundle, Tools, hookimpl
from agentmem.retrieval.citations import CITED
from agentmem.retrieval.history import history
from agentmem.retrieval.reader import own_words
from agentmem.retrieval.render import inline
from agentmem.retrieval.synthlines import Line, fit, lines

# About 800 tokens for the whole queue (a worker's pack may hold 2,000 for one goal): at 400,
# a queue of three or four bundles told each only two or three of the lessons that applied
# (synthesis need 0.85 -> 0.91 over fourteen private loop-benchmark scenarios, none lower).
WORD_BUDGET = 600
MIN_SHARE = 40  # words a bundle may use however long the queue (its heading and a line)
CUT = "  - … (word budget reached)"


def _question(bundle: QueuedBundle) -> str:
    """What memory is searched for: the bundle's own words, none of this hook's framing."""
    return own_words(bundle.title, bundle.description, bundle.tags)


def _words(text: str) -> int:
    return len(text.split())


@hookimpl
def pre_goal_synthesis(queue: list[QueuedBundle], tools: Tools) -> Contribution:
    floor = tools.settings.confidence_floor
    share = max(MIN_SHARE, WORD_BUDGET // len(queue))
    left = WORD_BUDGET - _words(CUT)
    told_bundles: list[_Told] = []
    cut = False
    for bundle in queue:
        if left < MIN_SHARE:
            cut = True
            break  # nothing more can be said, so nothing more is read
        found = history(tools.search_memory, _question(bundle), tools.scope(bundle.app_id), floor)
        heading, told = lines(f"{bundle.id} ({inline(bundle.title)})", found, inline)
        body = [line.text for line in fit(told, min(share, left) - _words(heading))]
        told_bundles.append(_Told(heading, told, body))
        left -= _words(heading) + sum(_words(line) for line in body)
    _spend(told_bundles, left - sum(_words(CUT) for t in told_bundles if _cut(t) and not t.body))
    out = [line for t in told_bundles for line in [t.heading, *(t.body or _cut(t))]]
    out += [CUT] if cut else []
    synthesis = "\n".join(out)
    cited = list(dict.fromkeys(i for line in out for i in CITED.findall(line)))
    return Contribution(text=synthesis, synthesis=synthesis, cited=cited)


@dataclass
class _Told:
    """A bundle's heading, all its lines and those its words kept."""

    heading: str
    lines: list[Line]
    body: list[str]


def _cut(told: _Told) -> list[str]:
    return [CUT] if told.lines else []


def _spend(told: list[_Told], spare: int) -> None:
    """Give the words the queue left unsaid to the bundles whose share ran short, in queue
    order: a bundle that needed fewer words than its share leaves them to one that needed
    more (a fair share is a floor, not a cap), and the whole stays within WORD_BUDGET."""
    for bundle in told:
        if spare <= 0:
            return
        if len(bundle.body) == len(bundle.lines):
            continue
        used = sum(_words(line) for line in bundle.body)
        body = [line.text for line in fit(bundle.lines, used + spare)]
        more = sum(_words(line) for line in body) - used
        if len(body) > len(bundle.body):
            bundle.body, spare = body, spare - more
