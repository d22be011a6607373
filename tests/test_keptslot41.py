"""`agentmem.core.keptslot`: a draft that states one held figure again and adds another
gives no new value of a third held figure when the only words joining the added figure to
it are the restated figure's own. The near misses still pair: the added figure beside
words of the held one's slot, a new value of the restated figure's own slot."""

from __future__ import annotations

import time

from agentmem.core.keptslot import linked_by_kept
from agentmem.core.samething import given_anew, readings
from tests.test_slot41 import replaced_lesson

PLANT = (
    "The new pump controller is live on all 14 pumps since the weekend. **90 kW per pump**,"
    " plant limit **1.4 MW**, shared between the pumps, so no more staged starts."
)
MARGIN = (
    "The 2.0 MW supply contract with the grid operator has not changed; the controller's"
    " 1.4 MW plant limit is set 60 kW under it on purpose, for the workshop and offices."
)


def test_a_margin_beside_a_restated_figure_is_no_new_value_of_another() -> None:
    """The 60 kW margin stands by "plant limit", the words of the 1.4 MW the draft gives
    again; the held 90 kW per pump shares only those words with it. The lesson stands."""
    margin = next(v for v in readings(MARGIN) if v.amount == "60")
    per_pump = next(v for v in readings(PLANT) if v.amount == "90")
    assert linked_by_kept(MARGIN, margin, PLANT, per_pump, frozenset({"plant", "limit", "mw"}))
    assert not given_anew(MARGIN, PLANT)
    assert not replaced_lesson(MARGIN, PLANT)


def test_a_new_figure_by_its_own_slot_words_still_replaces() -> None:
    """A new power per pump, told beside "per pump", is of the held 90 kW's slot, though the
    draft also gives the plant limit again: the lesson is replaced."""
    draft = (
        "Since the motor swap the pumps now run at 110 kW per pump; the plant limit stays 1.4 MW."
    )
    assert given_anew(draft, PLANT)
    assert replaced_lesson(draft, PLANT)


def test_no_restated_figure_leaves_the_pairing_alone() -> None:
    """With no figure both texts write, no link word is another value's: nothing is set
    aside, and an empty link sets nothing aside either."""
    draft = "Each pump now draws 110 kW at full speed."
    value = next(v for v in readings(draft) if v.amount == "110")
    per_pump = next(v for v in readings(PLANT) if v.amount == "90")
    assert not linked_by_kept(draft, value, PLANT, per_pump, frozenset({"pump"}))
    assert not linked_by_kept(draft, value, PLANT, per_pump, frozenset())


def test_texts_of_many_figures_are_read_in_bounded_time() -> None:
    """Two 24 KB texts (three times the writer's largest) of figures repeated hundreds of
    times: each restated place is read once, not once for every pair of places (a first
    version took a minute of CPU here, about 2 s at 8 KB). A hang guard on this process's
    CPU time."""
    held = "pump 90 kW plant limit 1.4 MW " * 800
    draft = "the 1.4 MW plant limit stays; 60 kW under plant limit " * 436
    margin = next(v for v in readings(draft) if v.amount == "60")
    per_pump = next(v for v in readings(held) if v.amount == "90")
    started = time.process_time()
    linked_by_kept(draft, margin, held, per_pump, frozenset({"plant", "limit"}))
    assert time.process_time() - started < 10
