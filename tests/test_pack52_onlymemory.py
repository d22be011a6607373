"""`agentmem.retrieval.onlymemory`: a plain success that is the only memory of a value it
set reaches the pack, though a replacement of the lesson that told the value left it unsaid.

Made-up app: a jam plant's jar press P3. Its release limits were told by a lesson and by
the success that entered them in the LIMS; a later lesson that adds a vacuum check to the
release replaced the limits lesson (as a writer may). The record quoting the headspace
was left out as telling how things were, though nothing retired the headspace: it was
the only memory of it. A later lesson that gives the headspace another value does retire
it: that record still goes (the rules exist for it).
"""

from __future__ import annotations

from agentmem import MemoryHooks
from agentmem.core.model import Memory
from agentmem.retrieval.onlymemory import only_memory, spoken_of, tells_values_only
from tests.conftest import held, packed_ids, run_record

APP = "jar-press"

LIMITS = held(
    "Press P3 release limits: headspace 8-10 % per jar and seal torque 2.2-2.6 N·m.",
    2,
    "semantic-000000000001",
    app_id=APP,
)
ENTERED = run_record(
    2, 1, "Enter the release limits for press P3 in the LIMS",
    "Limits entered for P3: headspace 8-10 % per jar, seal torque 2.2-2.6 N·m.",
    app_id=APP, check="lims-import", others=2,
)  # fmt: skip
RELEASED = run_record(
    10, 5, "Release press P3 batch 88", "Vacuum 0.25 bar on every jar; batch 88 released.",
    app_id=APP, check="release-check", others=2,
)  # fmt: skip
GOAL = {
    "title": "Release press P3 batch 90 with its limits",
    "app_id": APP,
    "kind": "ops",
    "tags": ["release"],
}


def _adds(text: str, day: int = 9, n: int = 2) -> Memory:
    """A lesson of `day` that replaced the limits lesson (the writer's link)."""
    return held(text, day, f"semantic-00000000000{n}", app_id=APP, supersedes=(LIMITS.id,))


VACUUM = _adds("Every capped jar of P3 now also gets a vacuum check before release: under 0.3 bar.")
HEAVIER = _adds("Press P3 release limits: headspace 6-8 % per jar since the new jar size.", n=3)


def _store(hooks: MemoryHooks, *memories: Memory) -> None:
    for memory in memories:  # as the writer scopes them: the hooks' user
        hooks.store.put(memory.model_copy(update={"user_id": hooks.settings.user_id}))


def test_the_only_memory_of_a_headspace_reaches_the_pack(hooks: MemoryHooks) -> None:
    """The vacuum lesson replaced the limits lesson and says nothing of the headspace:
    the success that entered it is the one memory still telling it, and is packed beside
    the newest release."""
    _store(hooks, LIMITS, ENTERED, VACUUM, RELEASED)
    packed = packed_ids(hooks, GOAL)
    assert ENTERED.id in packed
    assert VACUUM.id in packed


def test_a_headspace_a_later_lesson_changed_still_leaves(hooks: MemoryHooks) -> None:
    """The near miss: a later lesson gives the headspace another value on the same
    words; the success that entered the old one tells how things were, and stays out."""
    _store(hooks, LIMITS, ENTERED, HEAVIER, RELEASED)
    packed = packed_ids(hooks, GOAL)
    assert ENTERED.id not in packed
    assert HEAVIER.id in packed


def test_only_memory_reads_the_later_lessons_values() -> None:
    """`only_memory`: a success whose values no later lesson gives another value of, on
    the same thing; a failure, a record with no value, or one a later lesson retells
    differently is not."""
    assert only_memory(ENTERED, [LIMITS, VACUUM])
    assert not only_memory(ENTERED, [LIMITS, HEAVIER])
    earlier = HEAVIER.model_copy(update={"created_at": "2027-03-01T12:00:00+00:00"})
    assert only_memory(ENTERED, [earlier])  # told before the run: no change after it
    failed = run_record(
        2, 1, "Enter the release limits for press P3 in the LIMS",
        "Headspace 8-10 % per jar refused.", "import error",
        app_id=APP, check="lims-import", others=2,
    )  # fmt: skip
    assert not only_memory(failed, [LIMITS, VACUUM])
    bare = run_record(2, 1, "Clean press P3", "Press cleaned.", app_id=APP, check="clean", others=2)
    assert not only_memory(bare, [LIMITS, VACUUM])


def test_a_retired_name_is_no_value() -> None:
    """`tells_values_only`: a retired number or the unit of one of the record's numbers is
    a value; a retired name (an old tester, a supplier) is not, and keeps the record out."""
    later = "2027-03-09T12:00:00+00:00"
    assert tells_values_only(ENTERED, {"8-10": later})
    assert tells_values_only(ENTERED, {"n·m": later})
    assert not tells_values_only(ENTERED, {"lims": later})
    assert not tells_values_only(ENTERED, {"8-10": later, "lims": later})
    assert not tells_values_only(ENTERED, {})


REMEDY = held(
    "Seal leaks on press P3 jars: set the capper torque to 2.4 N·m and re-check it hourly.",
    2,
    "semantic-000000000004",
    app_id=APP,
)
TORQUED = run_record(
    3, 2, "Fix the seal leaks on press P3", "Capper torque set to 2.4 N·m; no leaks in 400 jars.",
    app_id=APP, check="leak-test", others=2,
)  # fmt: skip


def test_a_replacement_that_speaks_of_the_value_s_clause_retires_it() -> None:
    """`spoken_of`: a later lesson that replaced the remedy and speaks of what its clause
    holding the torque was about (the seal leaks on P3's jars) took the remedy away; the
    run that set that torque followed it, and is no only memory of a value. A replacement
    on another matter (the vacuum check) shares a word, not the subject."""
    cause = _adds(
        "Seal leaks on press P3 jars come from chipped jar rims; reject chipped jars at the"
        " infeed.",
        n=5,
    ).model_copy(update={"supersedes": (REMEDY.id,)})
    assert spoken_of(TORQUED, [REMEDY, cause])
    assert not only_memory(TORQUED, [REMEDY, cause])
    other = VACUUM.model_copy(update={"supersedes": (REMEDY.id,)})
    assert not spoken_of(TORQUED, [REMEDY, other])
    assert only_memory(TORQUED, [REMEDY, other])


def test_a_unit_the_replacement_still_gives_a_number_of_is_kept() -> None:
    """A replacement that no longer writes "mJ/cm²" but still states the record's 2100 keeps
    that value, though it speaks of the clause that held it; a replacement silent on the
    number retires it."""
    dose = held(
        "Lids of press P3 jars: the UV cure dose for the lid lacquer is 2100 mJ/cm² on both lines.",
        2,
        "semantic-000000000007",
        app_id=APP,
    )
    cured = run_record(
        3, 3, "Cure the P3 lid lacquer", "2100 mJ/cm² on both lines; lacquer fully cured.",
        app_id=APP, check="cure-check", others=2,
    )  # fmt: skip
    lacquer = "The new lid lacquer of press P3 jars lets less light through, so the cure took"
    still = _adds(f"{lacquer} longer; 2100 holds on both lines.", n=8)
    still = still.model_copy(update={"supersedes": (dose.id,)})
    assert not spoken_of(cured, [dose, still])
    silent = still.model_copy(update={"text": f"{lacquer} longer on both lines."})
    assert spoken_of(cured, [dose, silent])


def test_a_later_lesson_naming_the_value_as_the_old_one_retires_it() -> None:
    """A later lesson that names the record's value as the one a change moved away from
    ("was 16.0", "instead of 16:30") tells it went stale, whatever words it shares; a
    temperature is read as a value ("glycol at 16 °C")."""
    pitched = run_record(
        3, 4, "Fill and pitch FV-01", "AB-1 pitched, glycol at 16 °C; SG 1.047 after a day.",
        app_id=APP, check="ferment-check", others=2,
    )  # fmt: skip
    assert only_memory(pitched, [])
    was = held("FermTempC = 12.0 (was 16.0: the AB-1 setpoint, retired with it)", 9, app_id=APP)
    assert not only_memory(pitched, [was])
    other = was.model_copy(update={"text": "FermTempC = 12.0 for the new strain (was 14.0)"})
    assert only_memory(pitched, [other])


def test_a_thing_said_changed_or_a_practice_taken_back_retires_the_record() -> None:
    """The record's values were of a thing a later lesson says changed ("HGS-01 was
    switched off"), or of a practice a later lesson takes back in the record's own words:
    it tells how things were. A later lesson that only names the thing changes nothing."""
    imported = run_record(
        3, 6, "Nightly import from the ground station",
        "Importer reads the CSV that ground station HGS-01 writes at 02:00; 7 aircraft loaded.",
        app_id=APP, check="import-check", others=2,
    )  # fmt: skip
    assert only_memory(imported, [])
    off = held("HGS-01 was switched off on 27 Sep; data comes from the API.", 9, app_id=APP)
    assert not only_memory(imported, [off])
    named = off.model_copy(update={"text": "HGS-01 keeps its own disk for the archive."})
    assert only_memory(imported, [named])
    longer = run_record(
        3, 7, "Apply the longer cure to chamber 2", "Chamber 2 recipe set to 215 min; clean.",
        app_id=APP, check="cure-check", others=2,
    )  # fmt: skip
    assert only_memory(longer, [])
    back = held(
        "Withdrawn: the longer chamber 2 cure did not stop the blisters and that lesson was"
        " wrong; the recipe goes back.",
        9,
        app_id=APP,
    )
    assert not only_memory(longer, [back])
