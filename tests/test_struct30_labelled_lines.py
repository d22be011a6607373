"""A retro written as labelled lines (`agentmem.harvest.linelabels`): a status report, a
standup's notes, an interview's questions and answers. Each labelled line is its own
lesson, its label kept only where it means something; chats, start / stop / continue
retros, decision records and sectioned retros are read as before."""

from __future__ import annotations

from agentmem.harvest.distill import distill
from agentmem.harvest.linelabels import is_labelled, line_lessons
from agentmem.harvest.startstop import is_start_stop
from agentmem.harvest.thread import is_thread, thread_lessons

STATUS = """# Status report, week 9

Kiln lead: Ana Ruiz

GREEN — Kilns: both kilns fire on the new Tuesday schedule.
AMBER — Glazes: the blue batch is late; the supplier now ships on Thursdays.
GREEN — Shop: card payments go through the new terminal at the front desk.
RED — Studio B: the extractor fan is down until the part arrives.

Notes
- Quiet week otherwise.
"""

STANDUP = """# Standup 03-02

Ana — yesterday: moved the kiln log to the shared drive. today: glaze tests. blocked: none.
Tom — yesterday: relabelled the clay shelves by firing cone. today: stock count. blocked: the van is booked all week.
Lea — yesterday: wiring. today: glaze orders on the new supplier portal. blocked: none.
"""

INTERVIEW = """# Retro interview with the studio manager

Q: Why did the top-shelf firings crack?
A: Heat. The top shelf runs 40 degrees over the dial; loads go on the middle shelves now.

Q: So it was not the clay?
A: No. The clay theory from last week was wrong; the old clay cracked just as much.

Q: What's next for the studio?
A: The spring open day, then the new kiln.
"""


def test_a_status_report_is_one_lesson_a_line_without_its_status_words() -> None:
    """Each status line is its own lesson, led by the subject after its status word (a
    status is not who says it); the field said once stays with its label, after them."""
    assert is_labelled(STATUS)
    found = [lesson.text for lesson in line_lessons(STATUS)]
    assert found == [
        "Kilns: both kilns fire on the new Tuesday schedule.",
        "Glazes: the blue batch is late; the supplier now ships on Thursdays.",
        "Shop: card payments go through the new terminal at the front desk.",
        "Studio B: the extractor fan is down until the part arrives.",
        "Kiln lead: Ana Ruiz.",
    ]
    drafts = [d["text"] for d in distill(STATUS, "status/week-9.md", periodic=True).drafts]
    assert drafts[:5] == found


def test_a_standup_line_is_split_by_its_sub_labels_and_plans_stay_out() -> None:
    """What each person did is a lesson of its own, without their name or "yesterday";
    what they plan today is no lesson, nor is "blocked: none"; a real blocker keeps its
    label; a unit as short as a work item's title is none."""
    found = [lesson.text for lesson in line_lessons(STANDUP)]
    assert found == [
        "Moved the kiln log to the shared drive.",
        "Relabelled the clay shelves by firing cone.",
        "Blocked: the van is booked all week.",
    ]


def test_an_answer_is_led_by_its_question_and_a_plan_is_no_lesson() -> None:
    """An answer takes its question's subject ("Heat." alone names nothing); a question is
    no lesson, and the answer to what comes next is a plan."""
    found = [lesson.text for lesson in line_lessons(INTERVIEW)]
    assert found == [
        "Why did the top-shelf firings crack? Heat. The top shelf runs 40 degrees over the"
        " dial; loads go on the middle shelves now.",
        "So it was not the clay? No. The clay theory from last week was wrong; the old clay"
        " cracked just as much.",
    ]


def test_chats_start_stop_retros_records_and_sectioned_retros_are_read_as_before() -> None:
    """Documents other readers own are not labelled-line retros: a chat (speakers who speak
    twice), a start / stop / continue retro, a decision record with labelled parts, a note
    of "Lesson:" lines and a retro of headings and bullets."""
    chat = (
        "ana.r: the last two firings cracked on the top shelf again\n"
        "tom.k: agreed, glaze loads go on the middle shelves only from Monday\n"
        "ana.r: and the test tiles go on the middle shelves as well from now on\n"
        "tom.k: same rule for them, and the kiln log moves to the shared drive\n"
    )
    assert is_thread(chat)
    plan = distill(chat, "retros/chat.md", periodic=True)
    assert [lesson.text for lesson in plan.found] == [
        lesson.text for lesson in thread_lessons(chat)
    ]
    start_stop = (
        "Start: weighing every third crate.\nStop: the Friday recount; it never drifted.\n"
        "Stop: re-keying orders by hand.\nContinue: the 07:30 handover call.\n"
    )
    assert is_start_stop(start_stop) and not is_labelled(start_stop)
    record = (
        "# R-7: who signs off refunds\nStatus: accepted\n\n- Context: the lead leaves.\n"
        "- Decision: refunds above 500 EUR are signed off by Ana.\n- Consequences: none.\n"
    )
    assert not is_labelled(record)
    lessons = (
        "Lesson: the kiln runs hot on the top shelf.\nLesson: glaze loads go in the middle.\n"
        "How to: log each firing in the shared drive.\n"
    )
    assert not is_labelled(lessons)
    sectioned = (
        "# Retro\n\n## Lessons\n- Kilns: both fire on Tuesdays.\n- Kilns: loads in the middle.\n"
        "- Glazes: blue is late.\n- Glazes: the supplier ships on Thursdays.\n"
    )
    assert not is_labelled(sectioned)
