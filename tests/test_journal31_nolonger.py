"""A "no longer" in a clause joined by ", and" to the one before it is read in its own
clause (`agentmem.core.nolonger`)."""

from __future__ import annotations

from agentmem.core.nolonger import no_longer_of


def test_a_no_longer_joined_by_and_is_read_in_its_own_clause() -> None:
    """ "…, and we no longer poll the stock API" says the polling stopped though the clause
    before it tells the new push at length; a "no longer" of another API withdraws nothing."""
    held = "The Millco stock API is polled every 5 min; page with the cursor, never by date."
    draft = (
        "Since 3 May stock arrives by push: Millco calls https://hooks.shop.example/stock "
        "with a signed JSON body, and we no longer poll the Millco stock API."
    )
    assert no_longer_of(draft, held)
    other = draft.replace("poll the Millco stock API", "poll the Brindle price feed")
    assert not no_longer_of(other, held)
