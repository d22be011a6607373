"""Hook A's word budget, shared so no word is wasted: a bundle's share is its floor, and the
words a short bundle leaves go to one whose lessons ran past its share."""

from __future__ import annotations

from agentmem import MemoryHooks
from hooks.pre_goal_synthesis import WORD_BUDGET

LONG = [
    "The invoice export reads from the reporting replica, never the primary; the replica "
    "lags up to ten minutes at month end, so the export waits for the lag check first, and "
    "a run started before the check passes writes totals that miss the last invoices of "
    "the day, which finance then has to reconcile by hand against the ledger, line by line, "
    "with the controller signing off each corrected total before the month can close.",
    "Invoice export files are named by the customer's billing entity, not the account id; "
    "finance matches them by entity in the ledger import and rejects unknown names, so a "
    "renamed entity needs its alias added to the mapping table before the export runs, or "
    "the whole batch for that customer is parked in the rejected folder until someone in "
    "accounts payable notices the gap in the weekly aging report and asks for a rerun.",
    "Invoice export PDFs embed the Noto fonts; the container image has no system fonts and "
    "the renderer silently falls back to boxes for accented customer names, which nobody "
    "notices until a customer in Lyon or Malmo complains, so the font check in the image "
    "build must stay and a failing render has to stop the export.",
    "Re-running the invoice export for a closed month needs the finance lock released by "
    "the controller; otherwise the job exits zero and writes an empty archive, and the "
    "archive then overwrites the good one in the bucket because versioning is off on it, "
    "so always copy the old archive aside before any rerun.",
    "The invoice export schedule moved to 02:30 UTC after the warehouse sync started at "
    "01:00; the two jobs fought for the replica's connections and the export timed out on "
    "the largest customers, whose invoices carry thousands of lines each, so keep at least "
    "ninety minutes between them whenever either job is moved.",
]
SHORT = "Label printing goes through the carrier's ZPL endpoint."


def _synthesis(hooks: MemoryHooks) -> str:
    for text in [*LONG, SHORT]:
        draft = {"text": text, "type": "semantic", "confidence": 0.8, "app_id": "shop"}
        assert hooks.harvester.submit(draft, trigger="manual").memory_id
    queue = [
        {"id": "b1", "title": "Rework the invoice export rule", "app_id": "shop"},
        {"id": "b2", "title": "Rework the label printing", "app_id": "shop"},
    ]
    result = hooks.pre_goal_synthesis(queue=queue)
    assert result.ok and result.synthesis is not None
    return result.synthesis


def test_a_bundle_past_its_share_is_told_the_words_a_short_one_left(hooks: MemoryHooks) -> None:
    """Five lessons of some sixty words each pass the first bundle's half of the budget;
    the second bundle needs a dozen words of its half: the first is told all five (with the
    share as a cap it was told four, and the words the second left were never said)."""
    synthesis = _synthesis(hooks)
    assert sum(1 for text in LONG if text[:30] in synthesis) == 5
    assert SHORT[:30] in synthesis
    assert len(synthesis.split()) <= WORD_BUDGET
