"""Hook A's word budget: room for the lessons of a whole queue, each bundle its fair share."""

from __future__ import annotations

from agentmem import MemoryHooks

LESSONS = {
    "invoice export": [
        "The invoice export reads from the reporting replica, never the primary; the replica "
        "lags up to ten minutes at month end, so the export waits for the lag check first.",
        "Invoice export files are named by the customer's billing entity, not the account "
        "id; finance matches them by entity in the ledger import and rejects unknown names.",
        "Invoice export PDFs embed the Noto fonts; the container image has no system fonts "
        "and the renderer silently falls back to boxes for accented customer names.",
        "Re-running the invoice export for a closed month needs the finance lock released "
        "by the controller; otherwise the job exits zero and writes an empty archive.",
    ],
    "label printing": [
        "Label printing goes through the carrier's ZPL endpoint; PDF labels are rotated by "
        "the warehouse printers and the barcode then fails the carrier's scan check.",
        "Printers in the Leeds warehouse are on firmware that drops labels over 4 inches; "
        "label printing for oversized parcels must split the customs form onto a second label.",
        "Label printing retries must reuse the first shipment id; a new id books a second "
        "pickup with the carrier and doubles the collection fee on the invoice.",
        "The label printing queue pauses at the 18:00 carrier cut-off; anything queued "
        "later prints with the next day's date, which the customs form must match.",
    ],
    "refund webhook": [
        "The refund webhook arrives before the payment capture webhook about once a day; "
        "the handler parks it and replays it after the capture lands, never drops it.",
        "Refund webhook signatures use the raw body; the JSON middleware reformats it and "
        "breaks the HMAC check, so the refund route is mounted before the middleware.",
        "Partial refunds carry the amount in minor units in the refund webhook; the old "
        "handler divided by 100 twice and refunded a hundredth of the amount.",
        "The provider retries a refund webhook for three days; the handler must answer 200 "
        "for a duplicate event id or the retries pile up in the dead letter queue.",
    ],
    "search reindex": [
        "A full search reindex takes six hours on the current cluster; run it behind the "
        "alias swap so the live index keeps serving until the new one is complete.",
        "Search reindex jobs must pin the analyzer version; the default moved to a new "
        "stemmer last quarter and changed which products match plural queries.",
        "The search reindex reads products through the catalog API at 200 requests per "
        "second at most; faster, and the catalog's own checkout calls start timing out.",
        "After a search reindex, warm the top thousand queries from the log before the "
        "alias swap; a cold index answered in four seconds for the first ten minutes.",
    ],
}


def test_a_queue_of_four_hears_every_lesson_of_each_bundle(hooks: MemoryHooks) -> None:
    """Four queued bundles, each with four lessons of about thirty words on its subject:
    each bundle's share of the budget tells all four (a 400-word budget told three, and the
    executive missed the fourth lesson that applied to each goal)."""
    for texts in LESSONS.values():
        for text in texts:
            draft = {"text": text, "type": "semantic", "confidence": 0.8, "app_id": "shop"}
            assert hooks.harvester.submit(draft, trigger="manual").memory_id
    queue = [
        {"id": f"b{i}", "title": f"Rework the {subject}", "app_id": "shop"}
        for i, subject in enumerate(LESSONS)
    ]
    result = hooks.pre_goal_synthesis(queue=queue)
    assert result.ok and result.synthesis is not None
    told = {
        subject: sum(1 for text in texts if text[:60] in result.synthesis)
        for subject, texts in LESSONS.items()
    }
    assert all(n == 4 for n in told.values()), told
