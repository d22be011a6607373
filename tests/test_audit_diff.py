"""`agentmem diff` and the audit's memory diff, over a scripted week with hook E and a key.

The week is the audit's (tests/test_audit.py): hooks C and B on every run, two days whose
drafts are all rejected; plus hook E harvesting on the third and the last evening (so its
second count of a pattern supersedes the first), and one run whose lesson holds an API key.
"""

from __future__ import annotations

import json
import os
import subprocess
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest

from agentmem import MemoryHooks
from agentmem.audit import Window
from agentmem.audit.diff import compute
from agentmem.harvest.gc import GarbageCollector
from agentmem.harvest.purge import Selector, purge
from agentmem.results import HookResult
from agentmem.stores.files import EntryFiles
from tests.conftest import HooksFactory, semantic
from tests.test_audit import DAYS, WEEK, Week, cli, script_week

KEY = "sk-ant-" + "Z9" * 12  # the shape of an Anthropic key; the guard must refuse it
FLAGS = ("AGENTMEM_HOOK_POST_RUN", "AGENTMEM_HOOK_PRE_SPAWN", "AGENTMEM_HOOK_JUDGMENT")


def evening(hooks: MemoryHooks, day: date) -> list[HookResult]:
    out = []
    if day == DAYS[1]:
        run = {
            "run_id": f"{day.isoformat()}-run-key",
            "goal": "Rotate the vendor key",
            "outcome": "success",
            "summary": "Rotated the vendor key.",
            "app_id": "billing-api",
            "verifiers": [{"name": "tests", "passed": True}],
            "lessons": [{"text": f"The vendor key is {KEY}; use it for retries."}],
        }
        out.append(hooks.post_run_classify(run=run))
        retried = {**run, "lessons": []}  # a retried fire: its record is held, a duplicate
        out.append(hooks.post_run_classify(run=retried))
    if day in (DAYS[2], DAYS[-1]):
        out.append(hooks.judgment_harvest())
    return out


@pytest.fixture(scope="module")
def week(tmp_path_factory: pytest.TempPathFactory) -> Week:
    folder = tmp_path_factory.mktemp("diff-week")
    cwd = Path.cwd()
    os.chdir(folder)  # the env file names ./memory
    try:
        return script_week(folder, flags=FLAGS, evening=evening)
    finally:
        os.chdir(cwd)


def diff_json(week: Week, *args: str) -> dict[str, object]:
    code, out = cli("--env-file", str(week.env_file), "--json", "diff", *WEEK, *args)
    assert code == 0, out
    data: dict[str, object] = json.loads(out)
    return data


def test_the_diff_figures_equal_the_fires_own_results(week: Week) -> None:
    """Per hook, the diff's added, duplicates held and rejected are what the fires returned,
    and every accepted id is listed with the text, type and run its file holds."""
    report = diff_json(week)
    hooks = report["hooks"]
    assert isinstance(hooks, dict)
    files = EntryFiles(week.hooks.settings.root)
    for hook in ("post_run_classify", "judgment_harvest"):
        results = week.of(hook)
        part = hooks[hook]
        accepted = [i for r in results for i in r.writes.accepted]
        assert part["counts"] == {
            "added": len(accepted),
            "replaced": sum(len(files.read(i).supersedes) for i in accepted),
            "duplicates": sum(len(r.writes.duplicates) for r in results),
            "rejected": sum(r.writes.rejected_total for r in results),
        }
        for added in part["added"]:
            memory = files.read(added["id"])
            assert added["text"] == memory.text and added["type"] == memory.type.value
            assert (added["hook"], added["run_id"]) == (hook, memory.run_id)
            assert added["path"] == str(files.path_for(memory.id))
        assert sorted(a["id"] for a in part["added"]) == sorted(accepted)
    assert "pre_spawn_pack" not in hooks  # a read hook wrote nothing
    counts = report["counts"]
    assert isinstance(counts, dict)
    everything = [r for results in week.results.values() for _, r in results]
    assert counts["added"] == len(list(files.paths()))  # the week started from nothing
    assert counts["added"] == sum(len(r.writes.accepted) for r in everything)
    assert counts["duplicates"] == sum(len(r.writes.duplicates) for r in everything) > 0
    assert counts["rejected"] == sum(r.writes.rejected_total for r in everything) > 0


def test_a_superseded_fact_shows_old_and_new(week: Week) -> None:
    """Hook E's second count of a pattern supersedes its first: the diff shows the old text
    and the new, by which hook, in JSON and on the terminal."""
    files = EntryFiles(week.hooks.settings.root)
    last = week.of("judgment_harvest")[-1]
    replacing = [files.read(i) for i in last.writes.accepted if files.read(i).supersedes]
    assert replacing, "the script did not make hook E supersede anything"
    part = diff_json(week, "--hook", "judgment_harvest")["hooks"]["judgment_harvest"]  # type: ignore[index]
    pairs = {(r["old"]["id"], r["new"]["id"]): r for r in part["replaced"]}
    for new in replacing:
        for old_id in new.supersedes:
            shown = pairs[(old_id, new.id)]
            assert shown["old"]["text"] == files.read(old_id).text != new.text
            assert shown["new"]["text"] == new.text and shown["by"] == "judgment_harvest"
    code, text = cli("--env-file", str(week.env_file), "diff", *WEEK, "--hook", "judgment_harvest")
    assert code == 0
    old = files.read(replacing[0].supersedes[0])
    assert f"~ {old.id} → {replacing[0].id}" in text
    assert f"- {' '.join(old.text.split())[:80]}" in text
    assert f"+ {' '.join(replacing[0].text.split())[:80]}" in text


def test_hook_e_conclusions_show_the_observations_they_cite(week: Week) -> None:
    """Each assessment hook E wrote is listed as a conclusion with the text of every
    observation it cites, read from their files."""
    files = EntryFiles(week.hooks.settings.root)
    part = diff_json(week)["hooks"]["judgment_harvest"]  # type: ignore[index]
    concluded = [a for a in part["added"] if a["kind"] == "assessment"]
    assert concluded and sorted(part["concluded"]) == sorted(a["id"] for a in concluded)
    for added in concluded:
        memory = files.read(added["id"])
        assert [c["id"] for c in added["cited"]] == list(memory.cites)
        assert [c["text"] for c in added["cited"]] == [files.read(c).text for c in memory.cites]
    _, text = cli("--env-file", str(week.env_file), "diff", *WEEK)
    assert "concluded (assessments, with the observations they cite):" in text
    assert f"cites {concluded[0]['cited'][0]['id']}: " in text


def test_a_rejected_secret_shows_no_secret(week: Week, tmp_path: Path) -> None:
    """The draft holding a key is listed as rejected, with the guard's reason and the key
    redacted, and the key appears nowhere: diff text and JSON, audit table, JSON and page."""
    refused = diff_json(week)["hooks"]["post_run_classify"]["rejected"]  # type: ignore[index]
    [secret] = [r for r in refused if r["run_id"].endswith("run-key")]
    assert "[redacted OpenAI/Anthropic key]" in secret["text"]
    assert any("looks like a secret" in p["reason"] for p in secret["problems"])
    page = tmp_path / "audit.html"
    env = ("--env-file", str(week.env_file))
    outputs = [
        cli(*env, "diff", *WEEK)[1],
        cli(*env, "--json", "diff", *WEEK)[1],
        cli(*env, "audit", *WEEK)[1],
        cli(*env, "--json", "audit", *WEEK)[1],
        cli(*env, "audit", *WEEK, "--next")[1],
        cli(*env, "audit", *WEEK, "--html", str(page))[1],
        page.read_text(encoding="utf-8"),
    ]
    assert "use it for retries" in outputs[0]  # the draft is shown, only its key is not
    for output in outputs:
        assert KEY not in output and KEY[:20] not in output


def test_the_audit_shows_the_diff_per_hook_and_next_says_what_to_read(week: Week) -> None:
    """`audit` (table and JSON) carries the diff hook by hook; `audit --next` ends with the
    lines to read before the next flag: each enabled hook's new memories and rejections."""
    env = ("--env-file", str(week.env_file))
    code, table = cli(*env, "audit", *WEEK)
    assert code == 0
    assert "memory diff (first 5 per section; agentmem diff shows all):" in table
    assert "  judgment_harvest: " in table and "  post_run_classify: " in table
    report = json.loads(cli(*env, "--json", "audit", *WEEK)[1])
    assert report["diff"]["counts"] == diff_json(week)["counts"]
    _, advice = cli(*env, "audit", *WEEK, "--next")
    reading = advice.split("Read before turning on AGENTMEM_HOOK_PRE_GOAL")[1]
    assert "post_run_classify: " in reading and "judgment_harvest: " in reading
    assert "rejected:" in reading and "concluded (assessments" in reading
    data = json.loads(cli(*env, "--json", "audit", *WEEK, "--next")[1])
    assert data["read_first"][0].startswith("Read before turning on AGENTMEM_HOOK_PRE_GOAL")


def test_hook_and_app_filters(week: Week) -> None:
    """`--hook` keeps one hook's part; `--app` keeps one app's memories and drafts."""
    only_e = diff_json(week, "--hook", "judgment_harvest")
    assert list(only_e["hooks"]) == ["judgment_harvest"]  # type: ignore[call-overload]
    other = diff_json(week, "--app", "infra")
    assert other["counts"] == {
        "added": 0, "replaced": 0, "removed": 0, "duplicates": 0, "rejected": 0,
    }  # fmt: skip
    code, out = cli("--env-file", str(week.env_file), "diff", *WEEK, "--app", "Not An App")
    assert code == 2 and "--app 'Not An App'" in out


def test_archived_purged_and_restored_memories(make_hooks: HooksFactory) -> None:
    """GC's archive and a purge leave the window's diff as removed (with how and their
    text from archive/); a memory restored since is no longer removed."""
    hooks = make_hooks()
    ids = [
        hooks.harvester.submit(semantic(text, tags=["t"]), trigger="manual").memory_id
        for text in ("Old news one.", "Old news two.", "Test memory, purge me.")
    ]
    assert all(ids)
    gc = GarbageCollector(hooks.settings)
    gc.archive([ids[0], ids[1]])
    gc.restore(ids[1])
    moved = purge(hooks.settings.root, Selector(tag="t"), settings=hooks.settings)
    assert {m.id for m in moved} == {ids[1], ids[2]}
    now = datetime.now(UTC)
    found = compute(hooks.settings, Window(now - timedelta(hours=1), now + timedelta(minutes=1)))
    removed = {r.entry.id: r for r in found.removed}
    assert set(removed) == set(ids)
    assert removed[ids[0]].how == "archived by gc"
    assert removed[ids[2]].how == "purged by tag t" == removed[ids[1]].how
    assert removed[ids[2]].entry.text == "Test memory, purge me."
    assert removed[ids[2]].entry.state == "archived"
    assert sorted(a.entry.id for a in found.added) == sorted(ids)  # written by a person
    assert {a.entry.hook for a in found.added} == {"manual"}


def test_git_history_gives_the_text_of_a_deleted_memory(make_hooks: HooksFactory) -> None:
    """With the memory root in a git repository, a memory file a commit in the window
    deleted is listed as removed, its text read from the last commit that held it."""
    hooks = make_hooks()
    root = hooks.settings.root
    memory_id = hooks.harvester.submit(semantic("Staging resets on Sundays."), trigger="manual")
    assert memory_id.memory_id is not None
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t",
           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@t"}  # fmt: skip

    def git(*args: str) -> None:
        subprocess.run(["git", "-C", str(root), *args], check=True, capture_output=True, env=env)

    git("init", "-q")
    git("add", "entries")
    git("commit", "-q", "-m", "memory")
    (root / "entries" / f"{memory_id.memory_id}.md").unlink()
    git("commit", "-q", "-a", "-m", "drop a memory by hand")
    now = datetime.now(UTC)
    found = compute(hooks.settings, Window(now - timedelta(hours=1), now + timedelta(minutes=1)))
    assert found.git
    [removed] = found.removed
    assert (removed.entry.id, removed.how) == (memory_id.memory_id, "deleted")
    assert removed.entry.text == "Staging resets on Sundays." and removed.entry.state == "git"
