"""Hook A, pre-goal synthesis: what memory says about each queued bundle, with ids.

Advisory only: every line cites the memory it comes from (no id, no claim). The runtime
skips this hook with "nothing queued" before it is called, so it never reads about nothing.
"""

from __future__ import annotations

from agentmem import Contribution, QueuedBundle, Tools, hookimpl

WORD_BUDGET = 300
PER_BUNDLE = 3


def _question(bundle: QueuedBundle) -> str:
    detail = f" {bundle.description.strip()}" if bundle.description.strip() else ""
    return f"What have we learned that bears on {bundle.title.strip()}?{detail}"


@hookimpl
def pre_goal_synthesis(queue: list[QueuedBundle], tools: Tools) -> Contribution:
    floor = tools.settings.confidence_floor
    lines: list[str] = []
    cited: list[str] = []
    words = 0
    for bundle in queue:
        answer = tools.ask_memory(
            _question(bundle), k=PER_BUNDLE * 2, filters=tools.scope(bundle.app_id)
        )
        trusted = [h for h in answer.hits if h.memory.confidence >= floor][:PER_BUNDLE]
        lines.append(f"{bundle.id} ({bundle.title}):")
        if not trusted:
            lines.append("  - memory holds nothing relevant")
        for hit in trusted:
            line = f"  - [{hit.memory.id}] ({hit.memory.type.value}) {hit.memory.text}"
            if words + len(line.split()) > WORD_BUDGET:
                lines.append("  - … (word budget reached)")
                break
            words += len(line.split())
            lines.append(line)
            cited.append(hit.memory.id)
    synthesis = "\n".join(lines)
    return Contribution(text=synthesis, synthesis=synthesis, cited=cited)
