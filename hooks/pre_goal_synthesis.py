"""Hook A, pre-goal synthesis: a short, cited history of each queued bundle.

For each bundle, what memory holds on the same ground (`agentmem.retrieval.history`): how
many earlier runs bore on it and how they ended, why the failures failed (their failed
checks' own words), and the lessons that apply, each saying what it replaced, told in lines
by `agentmem.retrieval.synthlines`; memory text is rendered inline (one neutralised line,
`agentmem.retrieval.render`). Every line but a bundle's heading cites the memories it rests
on (no id, no claim); superseded memories are never cited as if they held. The runtime
skips this hook with "nothing queued" before it is called, so it never reads about nothing.
The whole synthesis stays within WORD_BUDGET words, shared fairly among the bundles; when a
bundle's share runs short, its lessons are kept first, then its run counts, then hook E's
pattern on it (a long account of its failures, which never takes a lesson's place), then
its failures' causes.
"""

from __future__ import annotations

from agentmem import Contribution, QueuedBundle, Tools, hookimpl
from agentmem.retrieval.citations import CITED
from agentmem.retrieval.history import history
from agentmem.retrieval.reader import own_words
from agentmem.retrieval.render import inline
from agentmem.retrieval.synthlines import fit, lines

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
    out: list[str] = []
    for bundle in queue:
        if left < MIN_SHARE:
            out.append(CUT)
            break  # nothing more can be said, so nothing more is read
        found = history(tools.search_memory, _question(bundle), tools.scope(bundle.app_id), floor)
        heading, told = lines(f"{bundle.id} ({inline(bundle.title)})", found, inline)
        body = [line.text for line in fit(told, min(share, left) - _words(heading))]
        if told and not body:
            body = [CUT]
        out += [heading, *body]
        left -= _words(heading) + sum(_words(line) for line in body)
    synthesis = "\n".join(out)
    cited = list(dict.fromkeys(i for line in out for i in CITED.findall(line)))
    return Contribution(text=synthesis, synthesis=synthesis, cited=cited)
