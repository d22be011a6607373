"""Hook A, pre-goal synthesis: what memory says about each queued bundle, with ids.

Advisory only: every line cites the memory it comes from (no id, no claim). The runtime
skips this hook with "nothing queued" before it is called, so it never reads about nothing.
The whole synthesis, headings included, stays within WORD_BUDGET words.
"""

from __future__ import annotations

from agentmem import Contribution, QueuedBundle, Tools, hookimpl
from agentmem.retrieval.reader import own_words
from agentmem.retrieval.render import inline

WORD_BUDGET = 300
PER_BUNDLE = 3
CUT = "  - … (word budget reached)"


def _question(bundle: QueuedBundle) -> str:
    """What memory is searched for: the bundle's own words, none of this hook's framing."""
    return own_words(bundle.title, bundle.description, bundle.tags)


class _Budget:
    """Lines that fit WORD_BUDGET, keeping room for the line that says the text was cut."""

    def __init__(self, words: int) -> None:
        self.left = words - len(CUT.split())
        self.lines: list[str] = []
        self.full = False

    def add(self, line: str) -> bool:
        cost = len(line.split())
        if self.full or cost > self.left:
            if not self.full:
                self.lines.append(CUT)
            self.full = True
            return False
        self.left -= cost
        self.lines.append(line)
        return True


@hookimpl
def pre_goal_synthesis(queue: list[QueuedBundle], tools: Tools) -> Contribution:
    floor = tools.settings.confidence_floor
    budget = _Budget(WORD_BUDGET)
    cited: list[str] = []
    for bundle in queue:
        if budget.full:
            break  # nothing more can be said, so nothing more is read
        answer = tools.ask_memory(
            _question(bundle), k=PER_BUNDLE * 2, filters=tools.scope(bundle.app_id)
        )
        trusted = [h for h in answer.hits if h.memory.confidence >= floor][:PER_BUNDLE]
        budget.add(f"{bundle.id} ({bundle.title}):")
        if not trusted:
            budget.add("  - memory holds nothing relevant")
        for hit in trusted:
            memory = hit.memory
            # inline: one neutralised line, so a memory's text cannot forge a cited line
            if budget.add(f"  - [{memory.id}] ({memory.type.value}) {inline(memory.text)}"):
                cited.append(memory.id)
    synthesis = "\n".join(budget.lines)
    return Contribution(text=synthesis, synthesis=synthesis, cited=cited)
