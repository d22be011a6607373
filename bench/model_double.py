"""A double for a competent model: an OpenAI-compatible server that answers each hook's
request by rules, from what the request shows it, in either reasoner mode.

    python bench/model_double.py [--port 8765]      # serves until interrupted
    AGENTMEM_REASONER_BASE_URL=http://127.0.0.1:8765/v1 AGENTMEM_REASONER_MODEL=double \\
    AGENTMEM_REASONER_MODE=json python bench/loopbench.py --reasoner openai SCENARIO...

No model runs here (none can be downloaded), so the loop benchmark's model path is run
against this double: a model that follows each playbook the way the built-in rules do,
reading only the request. In tools mode it calls the tools the playbook names (a search
per bundle, `read_file` the retro, `list_memories` of episodes…) and answers from the
tool results; in json mode it answers the schema from the context the runtime placed in
the prompt. Its figures measure agentmem's model path (the prompts, the schemas, the
runtime's reading, the write contracts and the writer), not what any real model would do.
"""

from __future__ import annotations

import argparse
import json
import re
import threading
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from agentmem.harvest.distill import distill

HOOKS = {
    "A": "pre_goal_synthesis",
    "B": "pre_spawn_pack",
    "C": "post_run_classify",
    "D": "post_retro_distill",
    "E": "judgment_harvest",
}
PLAYBOOK = re.compile(r"^# Playbook: hook ([A-E]),")
CONTEXT = re.compile(r"```json\n(.*)\n```", re.DOTALL)
MIN_EPISODES, MIN_RUNS, MAX_PATTERNS = 3, 2, 4


def hook_of(request: dict[str, Any]) -> str:
    match = PLAYBOOK.match(request["messages"][1]["content"])
    return HOOKS[match.group(1)] if match else ""


def context_of(request: dict[str, Any]) -> dict[str, Any]:
    found = CONTEXT.findall(request["messages"][1]["content"])
    return dict(json.loads(found[-1])) if found else {}


# -- what a rule-following model would say ---------------------------------------------------


def episode_text(run: dict[str, Any]) -> str:
    parts = [f"Run {run['run_id']}: {run['goal'].strip()} ended in {run['outcome']}."]
    if run.get("summary", "").strip():
        parts.append(run["summary"].strip())
    for v in run.get("verifiers", []):
        if not v.get("passed"):
            detail = f": {v['detail']}" if v.get("detail") else ""
            parts.append(f"Verifier {v['name']} failed{detail}.")
    return " ".join(parts)


GUESS = re.compile(
    r"\b(?:maybe|probably|possibly|perhaps|might|seems?|looks like|not sure|i think)\b|\?",
    re.IGNORECASE,
)


def backed_lessons(run: dict[str, Any]) -> list[dict[str, Any]]:
    """The playbook's rule: a success's lesson when the verifiers it names passed (or, naming
    none, all did); a failed run's lesson when it says what the run showed, not a guess. A
    lesson the report types reflective is kept as a fact (`semantic`), as the playbook says."""
    verifiers = run.get("verifiers", [])
    passed = {v["name"] for v in verifiers if v.get("passed")}
    names = {v["name"] for v in verifiers}
    out = []
    for lesson in run.get("lessons", []):
        evidence = set(lesson.get("evidence", [])) & names
        if run["outcome"] != "success":
            backed = not GUESS.search(lesson["text"])
        elif evidence:
            backed = evidence <= passed
        else:
            backed = bool(verifiers) and len(passed) == len(verifiers)
        kind = lesson.get("type", "semantic")
        kind = "semantic" if kind == "reflective" else kind
        if backed and kind in ("semantic", "procedural"):
            out.append(
                {"text": lesson["text"], "type": kind, "confidence": lesson.get("confidence", 0.75)}
            )
    return out[:2]


def retro_lessons(text: str, source: str, periodic: bool, most: int) -> list[dict[str, Any]]:
    plan = distill(text, source, periodic=periodic)
    return [{k: d[k] for k in ("text", "type", "confidence")} for d in plan.drafts][:most]


def patterns(episodes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """What failures share: a failed verifier seen on ≥ 3 episodes of ≥ 2 runs of one app."""
    groups: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    for e in episodes:
        for tag in e.get("tags", []):
            if tag.startswith("fail-"):
                groups[(e.get("app_id", "_global"), tag)].append(e)
    drafts = []
    strongest = sorted(groups.items(), key=lambda kv: -len(kv[1]))
    for (app, tag), members in strongest[:MAX_PATTERNS]:
        runs = sorted({e["run_id"] for e in members})
        if len(members) < MIN_EPISODES or len(runs) < MIN_RUNS:
            continue
        verifier = tag.removeprefix("fail-")
        ids = [e["id"] for e in members][-8:]
        common = {
            "app_id": app,
            "cites": ids,
            "confidence": round(min(0.9, 0.7 + 0.05 * len(members)), 2),
        }
        drafts.append(
            {
                **common,
                "kind": "observation",
                "type": "semantic",
                "text": f"In {app}, {len(members)} failed runs ({', '.join(runs)}) failed "
                f"the {verifier} verifier.",
            }
        )
        drafts.append(
            {
                **common,
                "kind": "assessment",
                "type": "reflective",
                "text": f"Runs of {app} keep failing the {verifier} verifier; check it first.",
            }
        )
    return drafts


# -- json mode -------------------------------------------------------------------------------


def json_answer(hook: str, context: dict[str, Any], schema: dict[str, Any]) -> dict[str, Any]:
    if hook == "pre_goal_synthesis":
        # As many lines as the schema allows, one per memory shown: the playbook asks for
        # what memory says of each bundle, and the reader showed only what bears on it.
        item = schema["properties"]["bundles"]["items"]["properties"]["lines"]
        most = item.get("maxItems", 4)
        return {
            "bundles": [
                {
                    "id": b["id"],
                    "lines": [
                        {"text": m["text"][:300], "cites": [m["id"]]} for m in b["memories"][:most]
                    ],
                }
                for b in context["bundles"]
            ]
        }
    if hook == "pre_spawn_pack":
        most = schema["properties"]["keep"].get("maxItems", 10)
        # The reader's choice; a weaker match (`also_found`) only when it clearly bears on
        # the goal, which these rules cannot judge from words alone: none.
        return {"keep": [m["id"] for m in context["memories"]][:most]}
    if hook == "post_run_classify":
        run = context["run"]
        return {"episode": {"text": episode_text(run)}, "lessons": backed_lessons(run)}
    if hook == "post_retro_distill":
        retro = context["retro"]
        most = schema["properties"]["lessons"].get("maxItems", 3)
        lessons = retro_lessons(
            context["retro_text"], retro["path"], retro.get("periodic", False), most
        )
        return {"lessons": lessons}
    most = schema["properties"]["drafts"].get("maxItems", 8)
    drafts = patterns(context.get("episodes", []))
    apps = schema["properties"]["drafts"]["items"]["properties"]["app_id"]["enum"]
    for note in context.get("daily_notes", []):
        for lesson in retro_lessons(note["text"], note["path"], False, 3):
            drafts.append({**lesson, "kind": "observation", "cites": [], "app_id": apps[0]})
    return {"drafts": drafts[:most]}


# -- tools mode ------------------------------------------------------------------------------


def _call(n: int, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": f"call-{n}",
        "type": "function",
        "function": {"name": name, "arguments": json.dumps(arguments)},
    }


def _propose(drafts: list[dict[str, Any]], **scope: Any) -> dict[str, Any]:
    calls = [_call(i, "propose_memory", {**d, **scope}) for i, d in enumerate(drafts)]
    return (
        {"role": "assistant", "content": "", "tool_calls": calls}
        if calls
        else say("nothing to write")
    )


def say(text: str) -> dict[str, Any]:
    return {"role": "assistant", "content": text}


def tools_answer(
    hook: str, context: dict[str, Any], messages: list[dict[str, Any]]
) -> dict[str, Any]:
    turn = sum(1 for m in messages if m["role"] == "assistant")
    results = [json.loads(m["content"]) for m in messages if m["role"] == "tool"]
    if hook == "pre_goal_synthesis":
        queue = context["queue"]
        if turn == 0:
            return {
                "role": "assistant",
                "content": "",
                "tool_calls": [
                    _call(
                        i,
                        "search_memory",
                        {
                            "question": f"{b['title']} {b.get('description', '')}".strip(),
                            "k": 3,
                            **({"app_id": b["app_id"]} if b.get("app_id") else {}),
                        },
                    )
                    for i, b in enumerate(queue)
                ],
            }
        lines = []
        for bundle, hits in zip(queue, results, strict=False):
            lines.append(f"{bundle['id']} ({bundle['title']}):")
            lines += [
                f"- [{h['id']}] ({h['type']}) {h['text'][:200]}"
                for h in hits
                if isinstance(h, dict)
            ][:3]
        return say("\n".join(lines))
    if hook == "pre_spawn_pack":
        goal = context["goal"]
        if turn == 0:
            question = f"What should a worker know before working on {goal['title']}?"
            scope = {"app_id": goal["app_id"]} if goal.get("app_id") else {}
            return {
                "role": "assistant",
                "content": "",
                "tool_calls": [_call(0, "search_memory", {"question": question, "k": 20, **scope})],
            }
        return say(
            "\n".join(f"- [{h['id']}] {h['text'][:80]}" for h in results[0] if isinstance(h, dict))
        )
    if hook == "post_run_classify":
        if turn:
            return say("recorded the run")
        run = context["run"]
        scope = {k: run[k] for k in ("run_id", "app_id", "source") if run.get(k)}
        tags = [f"outcome-{run['outcome']}"] + [
            f"fail-{v['name']}" for v in run.get("verifiers", []) if not v.get("passed")
        ]
        episode = {
            "text": episode_text(run),
            "type": "episodic",
            "confidence": 1.0,
            "outcome": run["outcome"],
            "tags": tags[:8],
        }
        return _propose([episode, *backed_lessons(run)], **scope)
    if hook == "post_retro_distill":
        retro = context["retro"]
        if turn == 0:
            return {
                "role": "assistant",
                "content": "",
                "tool_calls": [_call(0, "read_file", {"path": retro["path"]})],
            }
        if turn == 1 and "text" in results[0]:
            most = 8 if retro.get("periodic") else 3
            scope = {k: retro[k] for k in ("run_id", "app_id") if retro.get(k)}
            return _propose(
                retro_lessons(
                    results[0]["text"], retro["path"], retro.get("periodic", False), most
                ),
                source=retro["path"],
                **scope,
            )
        return say("distilled the retro")
    window = context.get("window", {})
    if turn == 0:
        args = {
            "type": "episodic",
            **({"app_id": window["app_id"]} if window.get("app_id") else {}),
        }
        reads = [_call(0, "list_memories", args)]
        reads += [
            _call(i + 1, "read_file", {"path": p})
            for i, p in enumerate(context.get("daily_notes", []))
        ]
        return {"role": "assistant", "content": "", "tool_calls": reads}
    if turn == 1:
        episodes = results[0] if isinstance(results[0], list) else []
        drafts = patterns(episodes)[:8]
        for note_path, note in zip(context.get("daily_notes", []), results[1:], strict=False):
            app = window.get("app_id") or "_global"
            drafts += [
                {**d, "app_id": app}
                for d in retro_lessons(note.get("text", ""), note_path, False, 3)
            ]
        return _propose(drafts)
    return say("harvested")


def answer(request: dict[str, Any]) -> dict[str, Any]:
    """The assistant message a rule-following model would send for this request."""
    hook, context = hook_of(request), context_of(request)
    fmt = request.get("response_format")
    if fmt:
        schema = fmt["json_schema"]["schema"]
        return say(json.dumps(json_answer(fmt["json_schema"]["name"], context, schema)))
    return tools_answer(hook, context, request["messages"])


# -- the server ------------------------------------------------------------------------------


@contextmanager
def serve(port: int = 0) -> Iterator[str]:
    """Serve on 127.0.0.1 in a thread; yields the base URL (…/v1)."""

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length", "0"))
            request = json.loads(self.rfile.read(length) or b"{}")
            message = answer(request)
            reason = "tool_calls" if message.get("tool_calls") else "stop"
            body = {
                "id": "chatcmpl-double",
                "object": "chat.completion",
                "created": 0,
                "model": request.get("model", "double"),
                "choices": [{"index": 0, "message": message, "finish_reason": reason}],
            }
            data = json.dumps(body).encode("utf-8")
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    finally:
        server.shutdown()
        server.server_close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8765)
    args = parser.parse_args()
    with serve(args.port) as url:
        print(url, flush=True)
        threading.Event().wait()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
