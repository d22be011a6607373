"""Hook E names expired or rejected credentials however a stack says it.

A registry token that expires before a long job pushes fails a base-image push
("unauthorized: authentication required; token expired"), a results upload ("HTTP 401 ...
jwt expired") and a release dry run ("denied: access token has expired"): three apps,
three checks, three wordings with fewer than three words in common, one cause.
"""

from __future__ import annotations

from agentmem import MemoryHooks
from agentmem.harvest.families import families
from tests.test_judgment_harvest import episode, patterns, success

CREDENTIALS = "~credentials"


def test_expired_and_rejected_credentials_are_one_family_however_said() -> None:
    """HTTP 401, "unauthorized", "authentication required", an expired token, JWT or API
    key, and credentials rejected name the family; a TLS certificate "expired" by a clock
    set back, a parser's "invalid token" and a token that did not expire do not."""
    for said in (
        "unauthorized: authentication required; token expired at 2026-07-11T01:16:03Z",
        'HTTP 401 from artreg.corp.internal: {"code":"UNAUTHORIZED","message":"jwt expired"}',
        "denied: access token has expired (issued 19m12s ago, ttl 15m)",
        "status code: 401, reason phrase: Unauthorized (401)",
        "the partner's credentials were rejected by the SFTP server",
        "expired API key for the geocoder",
        "oauth refresh failed: invalid_grant",
    ):
        assert families(said) == {CREDENTIALS}, said
    for said in (
        "x509: certificate has expired or is not yet valid",
        "SyntaxError: invalid token",
        "the token is not expired; the upload failed on size",
        "returned 4011 rows",
    ):
        assert families(said) == frozenset(), said


def test_an_expired_token_in_three_apps_checks_is_one_pattern(hooks: MemoryHooks) -> None:
    """A push, an upload and a release dry run of three apps fail on an expired registry
    token, each in its own words: one pattern, under `_global`, naming the cause."""
    episode(
        hooks,
        "2026-07-11-r1",
        "Nightly base image rebuild",
        "push-verify",
        "unauthorized: authentication required; token expired at 2026-07-11T01:16:03Z",
        "Images built, push refused at the end.",
        app_id="base-images",
    )
    episode(
        hooks,
        "2026-07-18-r2",
        "Upload the JUnit bundle",
        "upload-results",
        'HTTP 401 from artreg.corp.internal: {"code":"UNAUTHORIZED","message":"jwt expired"}',
        "Results not uploaded.",
        app_id="test-runner",
    )
    episode(
        hooks,
        "2026-07-24-r3",
        "Release dry run of the CLI image",
        "release-dryrun",
        "denied: access token has expired (issued 19m12s ago, ttl 15m)",
        "Dry run stopped at the image push.",
        app_id="devctl",
    )
    for n, app in enumerate(("base-images", "test-runner", "devctl", "devctl")):
        success(hooks, f"2026-07-0{n + 1}-s{n}", "Routine work", "Shipped the change.", app)
    assert hooks.judgment_harvest().ok
    [pattern] = patterns(hooks, "_global")
    assert "failed in 3 runs" in pattern.text
    assert "expired or rejected credentials" in pattern.text
