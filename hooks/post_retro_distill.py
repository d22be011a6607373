"""Hook D, post-retro distill: lessons from a retrospective file, as drafts.

The distiller (`agentmem.harvest.distill`) types each bullet by its section and caps the count
(0–3 for the retro of one named run; 3–8 periodic, and up to 8 for a document of no one run:
a postmortem, a decision record, a runbook). Before proposing a lesson the hook asks memory whether it is
already held, in the same words or in others (`agentmem.core.restate`): a held lesson is
proposed in the held memory's own words and scope, so the one writer reports it as a
duplicate of that id and writes nothing. A bullet that says "Retracted: …" is proposed as
it is; the writer finds the lesson it withdraws and marks it superseded. In a retro written
as a diff, a "- " line's step is found among held lessons and carried in the `supersedes`
of the "+ " line after it (`agentmem.harvest.diffgone`); the "- " line is never written.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from agentmem import Contribution, Filters, Memory, Retrospective, Tools, hookimpl
from agentmem.core.restate import restates
from agentmem.harvest.diffgone import retired
from agentmem.harvest.distill import distill
from agentmem.harvest.replaced import superseded
from agentmem.harvest.runrecord import dated
from agentmem.harvest.strikes import superseding


def held(draft: dict[str, Any], tools: Tools) -> Memory | None:
    """The memory that already holds this lesson (same type, in scope), if any."""
    apps = tuple(dict.fromkeys((draft.get("app_id", tools.settings.app_id), "_global")))
    filters = Filters(user_id=tools.settings.user_id, app_ids=apps, types=(draft["type"],))
    for hit in tools.search_memory(draft["text"], k=3, filters=filters):
        if restates(draft["text"], hit.memory.text):
            return hit.memory
    return None


def lessons(
    retro: Retrospective, tools: Tools, *, every_app: bool = False
) -> Callable[[str], list[Memory]]:
    """The live lessons (semantic, procedural) a text finds in the retro's scope (every
    app's, when asked: a retro of no app of its own speaks of them all)."""
    apps = tuple(dict.fromkeys((retro.app_id or tools.settings.app_id, "_global")))
    filters = Filters(
        user_id=tools.settings.user_id,
        app_ids=None if every_app else apps,
        types=("semantic", "procedural"),
        include_superseded=False,
    )
    return lambda text: [hit.memory for hit in tools.search_memory(text, k=5, filters=filters)]


def repo_path(path: Path, base: Path) -> str:
    """The retro's path as the repo knows it (relative when it lies inside the repo)."""
    resolved = (base / path).resolve()
    return (
        str(resolved.relative_to(base.resolve()))
        if resolved.is_relative_to(base.resolve())
        else str(path)
    )


@hookimpl
def post_retro_distill(retro: Retrospective, tools: Tools) -> Contribution:
    markdown = tools.read_file(retro.path)
    source = repo_path(retro.path, tools.settings.base_dir)
    plan = distill(
        markdown,
        source,
        periodic=retro.periodic,
        run_id=retro.run_id and dated(retro.run_id, tools.today()),
        app_id=retro.app_id,
    )
    drafts: list[Mapping[str, Any]] = []
    already: list[str] = []
    for draft in plan.drafts:
        memory = held(draft, tools)
        if memory is not None:
            already.append(memory.id)
            draft = {**draft, "text": memory.text, "app_id": memory.app_id}
        drafts.append(draft)
    # What the document replaces without saying it again goes on a new draft (a held
    # one is a duplicate: the writer would drop its `supersedes`).
    fresh = [i for i, draft in enumerate(drafts) if draft is plan.drafts[i]]
    replaced = superseded(
        markdown, source, [drafts[i]["text"] for i in fresh], lessons(retro, tools)
    )
    for at, olds in replaced.items():
        if olds := [old for old in olds if old not in already]:
            drafts[fresh[at]] = {**drafts[fresh[at]], "supersedes": olds}
    # A diff's "- " lines name the held lessons its "+ " lines replace (`diffgone`).
    # A struck old value with the new one after it names what its lesson replaces (`strikes`).
    texts = [d["text"] for d in plan.drafts]
    for found in (
        retired(markdown, texts, lessons(retro, tools)),
        superseding(plan.struck, texts, lessons(retro, tools, every_app=not retro.app_id)),
    ):
        for at, olds in found.items():
            if drafts[at] is plan.drafts[at] and (olds := [o for o in olds if o not in already]):
                olds = [o for o in olds if o not in drafts[at].get("supersedes", [])]
                drafts[at] = {
                    **drafts[at],
                    "supersedes": [*drafts[at].get("supersedes", []), *olds],
                }
    note = plan.note()
    if already:
        note += f"; already held: {', '.join(already)}"
    return Contribution(text=note, drafts=drafts, cited=already)
