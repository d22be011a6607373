"""A check's message worded as a rule (`agentmem.harvest.codelines`): the first statement of
a block a comparing condition opens hands what the check says when it fails, an alarm
left out; but a message that opens on a rule's word ("never …", "always …") is the lesson
the check keeps, and it is read as a printed finding is, so the program is still read by
its lines and the findings it keeps in data do not outnumber what it says."""

from __future__ import annotations

from agentmem.harvest.codelines import code_lines
from agentmem.harvest.distill import distill
from agentmem.harvest.scriptlines import Said

RESTART = """\
// RETRO 2031-03-02 kiln restarts
/// Finding: after the 02-20 stop the first two loads were soft - the warm-up load was skipped.
/// Cause: the checklist lost the warm-up line when it moved to the tablet.
const int warmupLoadKg = 150;
const int stopMinutesBeforeWarmup = 20;

final findings = <String>[
  'Restart after a stop > 20 min: 150 kg warm-up load, then re-check the draught.',
  'Clay lot CL-0301 failed the shrink test (8.6%) and was returned to the pit.',
];

void restart(int stoppedMin, int warmupKg) {
  if (stoppedMin > stopMinutesBeforeWarmup && warmupKg < warmupLoadKg) {
    throw StateError('never fire production ware after a long stop without the warm-up load');
  }
}

void main() {
  print('Finding: shrink results were 2% high on damp test bars (dry them 24 h first).');
}
"""

ALARM = RESTART.replace(
    "'never fire production ware after a long stop without the warm-up load'",
    "'production ware fired after a long stop without the warm-up load, check the log'",
)


def _said(items: list[object] | None) -> list[str]:
    assert items is not None
    return [item.text for item in items if isinstance(item, Said) and item.text]


def test_a_checks_message_worded_as_a_rule_is_a_finding() -> None:
    """`throw StateError('never …')` in an `if` that compares is the rule the check keeps:
    read as the program's own finding, and the program is read by its lines."""
    said = _said(code_lines(RESTART, labelled=True))
    assert any(text.startswith("never fire production ware") for text in said)
    assert any(text.startswith("Finding: shrink results") for text in said)


def test_a_checks_message_telling_the_reading_is_still_an_alarm() -> None:
    """A message that tells the failed reading, no rule's word, stays left out; the
    program's findings in data then outnumber what it says and its lines are not read."""
    assert code_lines(ALARM, labelled=True) is None


def test_the_rule_keeps_the_retro_from_joining_its_data_findings() -> None:
    """Read by its lines, the retro's drafts are its comments, settings and statements;
    the two findings of its list are never run together into one lesson."""
    drafts = [d["text"] for d in distill(RESTART, "retros/2031-03-02.dart", periodic=False).drafts]
    assert any(text.startswith("never fire production ware") for text in drafts)
    assert not any("warm-up load, then" in text and "CL-0301" in text for text in drafts)
