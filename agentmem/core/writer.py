"""The one writer. Every memory, from any hook, the CLI or a backfill, comes through here.

defaults → validate → secret guard → references → dedup → canonical file (atomic, under a
cross-process lock) → store → counted in the result.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping, Sequence, Sized
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal

from agentmem._exceptions import AgentMemError, DuplicateMemory, StoreError, WriteRefused
from agentmem._log import get_logger
from agentmem.audit.ledger import Scrubber, secret_values
from agentmem.core import verdict as judged
from agentmem.core.dupelink import relink
from agentmem.core.locks import exclusive
from agentmem.core.model import (
    AGENT_ID,
    SCHEMA_VERSION,
    TYPE_RULES,
    Kind,
    Memory,
    MemoryType,
    Problem,
    content_key,
    memory_id,
)
from agentmem.core.retract import retraction
from agentmem.core.secrets import HELD, find_secrets
from agentmem.core.validate import MAX_TEXT, validate_draft
from agentmem.results import Writes
from agentmem.settings import Settings
from agentmem.stores.access import utcnow
from agentmem.stores.base import Batching, DuplicateAhead, Remote, Store
from agentmem.stores.files import EntryFiles, NotReadable

log = get_logger()

Status = Literal["accepted", "duplicate", "rejected"]
MIN_KEY_CHARS = 12  # a key setting's value shorter than this is not looked for in drafts


@dataclass
class Submission:
    """What became of one draft."""

    status: Status
    memory_id: str | None = None
    record: dict[str, Any] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    also: list[str] = field(default_factory=list)  # the kept parts it wrote (`_rests`)


def _reason(exc: BaseException) -> str:
    """A write failure in words: a StoreError's own message, else the exception's type too."""
    return str(exc) if isinstance(exc, StoreError) else f"{type(exc).__name__}: {exc}"


SHOWN_CHARS = MAX_TEXT  # a longer value of a refused draft is not repeated (nor scanned)
SHOWN_ITEMS = 64


def _clipped(value: Any) -> Any:
    """A refused draft as a result shows it: values past every field's limit are replaced
    by their size, so a megabyte field costs nothing to scrub, log or print."""
    if isinstance(value, str) and len(value) > SHOWN_CHARS:
        return f"[{len(value)} characters, not shown]"
    if isinstance(value, list | tuple):
        items = [_clipped(v) for v in value[:SHOWN_ITEMS]]
        more = len(value) - SHOWN_ITEMS
        return [*items, f"[{more} more items, not shown]"] if more > 0 else items
    if isinstance(value, Mapping):
        return {k: _clipped(v) for k, v in list(value.items())[:SHOWN_ITEMS]}
    return value


class Harvester:
    """Validates, guards, dedups and writes drafts; the only object that writes memory."""

    def __init__(
        self, settings: Settings, store: Store, *, clock: Callable[[], datetime] = utcnow
    ) -> None:
        self.settings = settings
        self.store = store
        self.clock = clock
        self._lock_path = store.root / ".agentmem" / "write.lock"
        self._writing: str | None = None  # the id whose file is being written, if any
        self.batched = True  # a fire's drafts made durable together (submit_many)
        self._keys_of: Settings | None = None  # the settings `_keys` were read from
        self._keys: list[str] = []

    def check_role(self) -> None:
        if self.settings.role == "worker":
            raise WriteRefused(
                "AGENTMEM_ROLE=worker: workers cannot write memory; "
                "only the executive's harvester writes (workers get the rendered pack)"
            )

    def defaults(self, draft: Mapping[str, Any], trigger: str) -> dict[str, Any]:
        """Fill what the caller may leave out; never overwrite what it gave (but a text's
        line endings, which become "\\n")."""
        # None is absent (as the validator reads it), so a default fills it: a draft with
        # `trigger: None` once passed validation and then failed to build a Memory.
        record = {key: value for key, value in draft.items() if value is not None}
        text = record.get("text")
        if isinstance(text, str):
            # A file is read back with universal newlines: "\r\n" and a lone "\r" come back
            # as "\n"; and its body is stored without surrounding whitespace. Stored that way
            # from the start, the text reads back as it was accepted.
            record["text"] = text.replace("\r\n", "\n").replace("\r", "\n").strip()
        now = self.clock()
        if self.settings.user_id is not None:
            record.setdefault("user_id", self.settings.user_id)
        record.setdefault("agent_id", AGENT_ID)
        record.setdefault("app_id", self.settings.app_id)
        record.setdefault("run_id", f"{now.date().isoformat()}-{trigger.replace('_', '-')}")
        record.setdefault("schema_version", SCHEMA_VERSION)
        record.setdefault("trigger", trigger)
        record.setdefault("kind", Kind.OBSERVATION.value)
        record.setdefault("created_at", now.isoformat(timespec="seconds"))
        if self.settings.cohort is not None:  # settings never yield "" (empty is unset)
            record.setdefault("cohort", self.settings.cohort)
        kind = record.get("type")
        if kind in (MemoryType.PRINCIPLE.value, MemoryType.EPISODIC.value):
            record.setdefault("confidence", TYPE_RULES[MemoryType(kind)].high)
        if kind == MemoryType.PRINCIPLE.value:
            record.setdefault("immutable", True)
        return record

    def _problems(self, record: dict[str, Any]) -> list[Problem]:
        problems = validate_draft(record)
        if "user_id" not in record:
            problems = [p for p in problems if p.field != "user_id"]
            problems.append(Problem("user_id", "not given and AGENTMEM_USER_ID is not set"))
        if problems:
            return problems
        problems.extend(self._secrets(record))
        for ref_field in ("cites", "supersedes"):
            for ref in record.get(ref_field) or ():
                held = self._held(ref)
                if held is None:
                    problems.append(Problem(ref_field, f"no memory with id {ref!r}"))
                elif ref_field == "cites" and held.kind is Kind.ASSESSMENT:
                    # Seed 004, pattern 5: an assessment rests on raw observations, never
                    # on an earlier interpretation, or bias compounds on every read.
                    problems.append(
                        Problem("cites", f"{ref!r} is an assessment; cite the observations")
                    )
        return problems

    def _held(self, memory_id_: str) -> Memory | None:
        try:
            return self.store.get(memory_id_, touch=False)
        except AgentMemError:
            return None

    def _held_keys(self) -> list[str]:
        # Real keys are long; a placeholder like AGENTMEM_REASONER_API_KEY=ollama must not
        # make every memory that mentions ollama a refused secret.
        # Settings are frozen: the keys are read once per settings object, not per draft
        # (every field of the model was walked on each add: issue 17).
        settings = self.settings
        if self._keys_of is not settings:
            self._keys = [v for v in secret_values(settings) if len(v) >= MIN_KEY_CHARS]
            self._keys_of = settings
        return list(self._keys)

    def _secrets(self, record: dict[str, Any]) -> list[Problem]:
        """Every string field (not only the text: a source URL can carry a password) is
        checked for key shapes and for the exact value of any key this process holds."""
        held = self._held_keys()
        problems = []
        for name, value in record.items():
            for item in value if isinstance(value, list | tuple) else (value,):
                if not isinstance(item, str):
                    continue
                for kind in find_secrets(item, held):
                    reason = (
                        "holds the value of a key setting"
                        if kind == HELD
                        else f"looks like a secret ({kind})"
                    )
                    problems.append(Problem(name, f"{reason}; memory never stores keys"))
        return problems

    def _rejected(
        self, trigger: str, record: dict[str, Any], problems: list[Problem]
    ) -> Submission:
        """A refusal, with the draft and the reasons scrubbed: a rejected draft's secret is
        never printed, logged or kept in a result (backfill --json, fire --json, ledger)."""
        outcome = self._scrubbed(record, problems)
        log.info(
            "memory_rejected", trigger=trigger, problems=[p.as_dict() for p in outcome.problems]
        )
        return outcome

    def _scrubbed(self, record: dict[str, Any], problems: Sequence[Problem]) -> Submission:
        scrub = Scrubber(self._held_keys())
        shown = [Problem(p.field, scrub.text(p.reason)) for p in problems]
        return Submission("rejected", record=scrub(_clipped(record)), problems=shown)

    def submit(
        self, draft: Mapping[str, Any], *, trigger: str, dry_run: bool = False
    ) -> Submission:
        """Run one draft through the pipeline. Store failures raise; bad drafts do not.

        With `dry_run` every check runs and the id is assigned, but nothing is written.
        """
        self.check_role()
        if not isinstance(draft, Mapping):
            problem = Problem("<draft>", f"must be a mapping of fields; got {type(draft).__name__}")
            return Submission("rejected", problems=[problem])
        record = self.defaults(draft, trigger)
        problems = self._problems(record)
        if problems:
            return self._rejected(trigger, record, problems)
        key = content_key(record["text"], record["user_id"], record["agent_id"], record["app_id"])
        # A server's connect (its timeout, while it is down) happens before the root's
        # lock, never inside it: the other loops on this root do not wait for it.
        reached = self.store.reached() if isinstance(self.store, Remote) else nullcontext()
        checked = record.get("type") in judged.JUDGED  # its words asked with the lookup
        with reached, exclusive(self._lock_path):
            existing = (
                self.store.find_duplicate_of(key, record["text"] if checked else "")
                if isinstance(self.store, DuplicateAhead)
                else self.store.find_duplicate(key)
            )
            if existing is not None:
                return self._duplicate(existing, record, dry_run)
            # Restated in other words: a duplicate of the held memory. A new value for what
            # memory holds (or a retraction): written, superseding the held one.
            verdict = judged.compare(self.store, record)
            if verdict.restates is not None:
                log.info("memory_restated", held=verdict.restates, trigger=trigger)
                return self._duplicate(verdict.restates, record, dry_run)
            if verdict.replaces:
                given = list(record.get("supersedes") or ())
                record["supersedes"] = list(dict.fromkeys([*given, *verdict.replaces]))
                # a withdrawal is no new value, nor is a run's record a lesson of the same topic
                if not retraction(record["text"]) and record.get("type") in judged.JUDGED:
                    record["tags"] = judged.inherited_tags(self.store, record, verdict.replaces)
            record["id"] = record.get("id") or memory_id(record["type"], key)
            memory = Memory.model_validate(record)
            try:
                if dry_run:
                    EntryFiles(self.store.root).render(memory)
                    return Submission("accepted", memory_id=memory.id, record=record)
                self._writing = memory.id  # if put raises, its file tells what landed
                self.store.put(memory)
            except DuplicateMemory as exc:  # a shared store's unique rule: another loop won
                self._writing = None  # its file was removed: nothing of it landed here
                return self._duplicate(exc.existing, record, dry_run)
            except NotReadable as exc:  # acknowledged means readable: refused before writing
                problem = Problem("<file>", f"would not read back: {exc.reason}")
                return self._rejected(trigger, record, [problem])
            # `memory` has landed: a kept part's fault must not report it lost or doubled
            also = self._rests(verdict.residuals, memory, trigger)
            self._writing = None
        log.info("memory_written", id=memory.id, type=memory.type.value, trigger=trigger)
        return Submission("accepted", memory_id=memory.id, record=record, also=also)

    def _duplicate(self, held: str, record: dict[str, Any], dry_run: bool) -> Submission:
        """A duplicate of the held memory; what the draft names as replaced, the held one
        takes (`agentmem.core.dupelink`). Called under the write lock."""
        if record.get("supersedes") and not dry_run:
            relink(self.store, held, record["supersedes"], self._problems)
        return Submission("duplicate", memory_id=held, record=record)

    def _rests(self, residuals: Mapping[str, str], by: Memory, trigger: str) -> list[str]:
        """What the lessons `by` told one part of anew still hold (`agentmem.core.partial`),
        each written again as a lesson of its own: the replaced lesson's scope, type, tags,
        source, confidence and creation time (no newer news), superseding it (the link to
        where it came from), through the same checks. Called under the write lock, once `by`
        is written."""
        written = []
        for old_id, text in residuals.items():
            old = self._held(old_id)
            if old is None:
                continue
            record = {**old.record(), "text": text, "supersedes": [old_id], "trigger": trigger}
            record.pop("id", None)
            problems = self._problems(record)
            key = content_key(text, record["user_id"], record["agent_id"], record["app_id"])
            if problems or self.store.find_duplicate(key) is not None:
                log.info("memory_rest_not_written", held=old_id, problems=len(problems))
                continue
            rest = Memory.model_validate({**record, "id": memory_id(record["type"], key)})
            try:
                self.store.put(rest)
            except (DuplicateMemory, NotReadable) as exc:  # another loop wrote it first, or
                # it would not read back: the change itself has landed all the same
                log.info("memory_rest_not_written", held=old_id, reason=str(exc))
                continue
            log.info("memory_partly_replaced", held=old_id, by=by.id, rest=rest.id)
            written.append(rest.id)
        return written

    def submit_many(
        self,
        drafts: Iterable[Mapping[str, Any]],
        *,
        trigger: str,
        deadline: float | None = None,
        writes: Writes | None = None,
        refused: Sequence[Sequence[Problem]] = (),
    ) -> Writes:
        """Submit drafts in order, each on its own; the report counts every one of them.

        `writes` (the fire's result, when given) is filled as each draft is settled, so it
        says exactly what is on disk whatever a later draft does: a draft that fails is
        rejected with the failure and the next goes on; an interrupt (KeyboardInterrupt,
        SystemExit) propagates once the draft it cut is counted by what its file shows.
        Past `deadline` (a `time.monotonic()` value: the hook's budget) a draft is not
        written but counted. `refused[i]` are problems found before the writer (a hook's
        write contract): such a draft is rejected with them and never submitted.
        """
        self.check_role()  # a worker's fire writes nothing at all: one error, not per draft
        writes = Writes() if writes is None else writes
        try:
            with self._batch(drafts):
                self._each(drafts, trigger, deadline, writes, refused)
        except StoreError as exc:  # the batch's folder sync: what it wrote is counted,
            writes.store_errors.append(_reason(exc))  # its durability is not: the fire fails
        return writes

    def _batch(self, drafts: Iterable[Mapping[str, Any]]) -> AbstractContextManager[None]:
        """A fire's drafts as one batch of writes (agentmem.stores.pg_batch), when the store
        batches and `batched` is on; one draft is no batch (it would only add a commit)."""
        single = isinstance(drafts, Sized) and len(drafts) < 2
        if not self.batched or single or not isinstance(self.store, Batching):
            return nullcontext()
        return self.store.batch()

    def _each(
        self,
        drafts: Iterable[Mapping[str, Any]],
        trigger: str,
        deadline: float | None,
        writes: Writes,
        refused: Sequence[Sequence[Problem]],
    ) -> None:
        for i, draft in enumerate(drafts):
            writes.attempted += 1
            before = refused[i] if i < len(refused) else ()
            if before:
                self._count(writes, draft, self._refused(draft, trigger, before))
                continue
            if deadline is not None and time.monotonic() >= deadline:
                writes.past_budget += 1
                continue
            self._writing = None
            try:
                outcome = self.submit(draft, trigger=trigger)
            except Exception as exc:  # the file, the store or a bug: this draft, not the next
                outcome = self._failed(exc)
                writes.store_errors.append(_reason(exc))
            except BaseException as exc:
                self._count(writes, draft, self._failed(exc))
                raise
            self._count(writes, draft, outcome)

    def _refused(self, draft: Any, trigger: str, before: Sequence[Problem]) -> Submission:
        """A draft refused before the writer, with the writer's own problems first (and
        the earlier ones it does not already name), so every reason shows."""
        if not isinstance(draft, Mapping):
            return Submission("rejected", problems=list(before))
        record = self.defaults(draft, trigger)
        own = self._problems(record)
        named = {p.field for p in own}
        # Scrubbed as the writer's own refusals are: the record is shown (fire --json).
        return self._scrubbed(record, own + [p for p in before if p.field not in named])

    def _failed(self, exc: BaseException) -> Submission:
        """What a draft that raised left: accepted if its file is on disk, else rejected."""
        written, self._writing = self._writing, None
        if written is not None and EntryFiles(self.store.root).exists(written):
            return Submission("accepted", memory_id=written)
        return Submission("rejected", problems=[Problem("<store>", _reason(exc))])

    def _count(self, writes: Writes, draft: Any, outcome: Submission) -> None:
        if outcome.status == "accepted" and outcome.memory_id:
            writes.accepted += [outcome.memory_id, *outcome.also]
        elif outcome.status == "duplicate" and outcome.memory_id:
            writes.duplicates.append(outcome.memory_id)
        else:  # the writer's scrubbed record, or the raw draft scrubbed here
            shown = outcome.record or Scrubber(self._held_keys())(
                _clipped(dict(draft) if isinstance(draft, Mapping) else {"draft": repr(draft)})
            )
            writes.reject(shown, outcome.problems)
