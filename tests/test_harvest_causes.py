"""Hook E names causes that each stack words its own way: expired credentials, schema changes.

A registry token that expires before a long job pushes fails a base-image push
("unauthorized: authentication required; token expired"), a results upload ("HTTP 401 ...
jwt expired") and a release dry run ("denied: access token has expired"): three apps,
three checks, three wordings with fewer than three words in common, one cause. So is a
producer's schema change that breaks its consumers: an API diff flags a removed property,
a feature build finds a column that no longer exists, a contract check sees the schema drift. And a
document pipeline's pages and photos that reach OCR rotated: "landscape" pages, an EXIF
orientation tag, faxes upside down.
"""

from __future__ import annotations

from agentmem import MemoryHooks
from agentmem.harvest.families import families
from tests.test_judgment_harvest import episode, patterns, success

CREDENTIALS = "~credentials"
SCHEMA = "~schema-change"
ORIENTATION = "~orientation"
CHARSET = "~charset"


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


def test_renamed_removed_or_missing_columns_and_fields_are_one_family() -> None:
    """A column that does not exist (Postgres, SQLite, MySQL), a property removed from an API,
    a renamed column and a schema that drifted name a schema change; a clock's drift, a
    field that was not removed and a required value missing from a response (a decode
    failure, its own family) do not."""
    for said in (
        "psycopg.errors.UndefinedColumn: column c.reporter_phone does not exist",
        "sqlite3.OperationalError: no such column: sku",
        "Unknown column 'price' in 'field list'",
        "openapi-diff: BREAKING - property 'lossCause' removed from FnolRequest",
        "the migration renamed the column loss_cause",
        "contract-check: claims_v2 drift - column witness_count missing from the contract",
        "schema mismatch between the producer and the topic",
    ):
        assert families(said) == {SCHEMA}, said
    for said in (
        "clock drift of 3 s on the runner",
        "the field was not removed",
        "heartbeat.v3 consumer ops-ui: required property 'battery' missing",
    ):
        assert SCHEMA not in families(said), said


def test_one_producers_schema_changes_breaking_two_consumers_are_one_pattern(
    hooks: MemoryHooks,
) -> None:
    """An API diff, a feature build and a contract check of two apps fail on columns and
    fields a producer renamed or removed, sharing no three words: one pattern naming a
    schema change."""
    episode(
        hooks,
        "2026-09-15-r1",
        "Loss-cause codes in the intake API",
        "contract-tests",
        "openapi-diff: BREAKING - property 'lossCause' removed from FnolRequest without "
        "deprecation (consumer: partner-portal)",
        "Contract tests flagged the API change as breaking.",
        app_id="intake",
    )
    episode(
        hooks,
        "2026-10-05-r2",
        "Nightly scoring",
        "feature-build",
        "psycopg.errors.UndefinedColumn: column c.reporter_phone does not exist",
        "Feature build failed before scoring.",
        app_id="scoring",
    )
    episode(
        hooks,
        "2026-10-11-r3",
        "Witness details in the intake form",
        "contract-tests",
        "contract-check: claims_v2 drift - column witness_count (integer) added by migration "
        "0055 but missing from contracts/claims_v2.yaml",
        "contract-check blocked the PR.",
        app_id="intake",
    )
    for n, app in enumerate(("intake", "scoring", "intake", "scoring")):
        success(hooks, f"2026-09-0{n + 1}-s{n}", "Routine work", "Shipped the change.", app)
    assert hooks.judgment_harvest().ok
    [pattern] = patterns(hooks, "_global")
    assert "failed in 3 runs" in pattern.text
    assert "a schema change" in pattern.text


def test_rotated_pages_and_photos_name_orientation_and_a_rotated_key_does_not() -> None:
    """Pages that are landscape, an EXIF orientation tag, a photo held sideways, a fax upside
    down and a scan rotated 90 degrees name page or image orientation; a key rotated 90 days
    ago and a robot's orientation (its pose) do not."""
    for said in (
        "worst repair_est_0412.pdf mean_conf=0.18 (pages 2-4 are landscape)",
        "all 23 have EXIF Orientation=6",
        "phone held sideways",
        "every failing page is upside down",
        "scans rotated 90 degrees",
    ):
        assert families(said) == {ORIENTATION}, said
    for said in ("the signing key was rotated 90 days ago", "robot orientation off by 4 degrees"):
        assert families(said) == frozenset(), said


def test_rotated_documents_failing_two_checks_in_three_wordings_are_one_pattern(
    hooks: MemoryHooks,
) -> None:
    """A golden set, a photo smoke test and a mailbox set of one OCR app fail on pages and
    photos that reach OCR rotated, each told in its own words: one pattern naming
    orientation."""
    episode(
        hooks,
        "2026-09-08-r1",
        "Extract line items from repair estimates",
        "extract-golden",
        "golden set: 11/60 documents below confidence floor; worst mean_conf=0.18 "
        "(pages 2-4 are landscape)",
        "A chunk of the golden set came back as near-empty text.",
        app_id="ocr",
    )
    episode(
        hooks,
        "2026-09-17-r2",
        "Text from damage photos",
        "pipeline-smoke",
        "photo_ingest: 23/40 JPEGs produced < 20 chars of text; all 23 have EXIF Orientation=6",
        "The photo path produced almost no text for half of the sample.",
        app_id="ocr",
    )
    episode(
        hooks,
        "2026-09-23-r3",
        "Ingest the claims mailbox",
        "extract-golden",
        "mailbox set: 6/25 attachments unreadable; every failing page is upside down",
        "Fax attachments came out unreadable.",
        app_id="ocr",
    )
    for n in range(4):
        success(hooks, f"2026-09-0{n + 1}-s{n}", "Routine work", "Shipped the change.", "ocr")
    assert hooks.judgment_harvest().ok
    [pattern] = patterns(hooks, "ocr")
    assert "failed in 3 runs" in pattern.text
    assert "orientation" in pattern.text


def test_characters_a_format_refuses_name_the_character_set_family() -> None:
    """A code point not in the permitted set, invalid or non-ASCII characters, a codec that
    cannot encode, a character set, transliteration and diacritics name characters the
    format does not accept; a video's encoding and a character limit do not."""
    for said in (
        "character U+00DF 'ß' not in the permitted set",
        "line 12: invalid character in header",
        "UnicodeEncodeError: 'ascii' codec can't encode character",
        "SEPA files may only carry the SEPA Latin character set",
        "payee names transliterated",
        "strip diacritics before the export",
    ):
        assert families(said) == {CHARSET}, said
    for said in ("ffmpeg encoding took 40 minutes", "title over the 70-character limit"):
        assert families(said) == frozenset(), said


def _refused(hooks: MemoryHooks, run_id: str, detail: str, summary: str) -> None:
    episode(hooks, run_id, "Daily payout batch", "h2h-submit", detail, summary, app_id="payout")


def test_two_runs_blaming_one_function_are_a_pattern_unless_a_success_names_it(
    hooks: MemoryHooks,
) -> None:
    """Two runs of one app fail one check in words that share a few rare words but no error
    phrase ("gateway", "line", "Inf" of `RmtInf` and `PmtInf`), and both runs' own accounts
    blame one function (`sepa_safe()`): a pattern of two runs, naming it.
    Where the app's successful runs name that function too, it is where the work happens,
    not where it breaks: no pattern."""
    _refused(
        hooks,
        "2026-09-21-r1",
        "gateway 400 FF01 Invalid file format: line 1893 RmtInf/Ustrd contains '&'",
        "sepa_safe() covered names but not the remittance text; the whole file was refused.",
    )
    _refused(
        hooks,
        "2026-09-29-r2",
        "gateway 422 Schema validation failed at PmtInf/Cdtr/PstlAdr/AdrLine: U+00DF 'ß'",
        "The new address_line() helper built the postal address without sepa_safe().",
    )
    for n in range(3):
        success(hooks, f"2026-09-0{n + 1}-s{n}", "Daily payout batch", "Batch accepted.", "payout")
    assert hooks.judgment_harvest().ok
    [pattern] = patterns(hooks, "payout")
    assert "failed in 2 runs" in pattern.text and "sepa_safe" in pattern.text


def test_a_function_the_successes_name_too_is_no_culprit(hooks: MemoryHooks) -> None:
    """Two failures whose runs name the function every run of the app goes through (the
    successes name it as well) share no cause by that: no pattern."""
    _refused(
        hooks,
        "2026-09-21-r1",
        "gateway 400 FF01 Invalid file format: line 1893 RmtInf/Ustrd contains '&'",
        "build_batch() ran; the whole file was refused.",
    )
    _refused(
        hooks,
        "2026-09-29-r2",
        "gateway 422 Schema validation failed at PmtInf/Cdtr/PstlAdr/AdrLine: U+00DF 'ß'",
        "build_batch() ran with the new address helper; one transfer was refused.",
    )
    for n in range(3):
        success(
            hooks, f"2026-09-0{n + 1}-s{n}", "Daily payout batch", "build_batch() ran.", "payout"
        )
    assert hooks.judgment_harvest().ok
    assert patterns(hooks, "payout") == []


def test_the_model_is_asked_for_the_families_the_miner_names() -> None:
    """Hook E's playbook names every cause family the deterministic miner names, so a
    model harvesting beside it is asked to join the same causes told in other words."""
    from agentmem.harvest.families import FAMILIES
    from agentmem.playbook import load

    text = " ".join(load("judgment_harvest").text.split())
    for family in FAMILIES:
        assert family.name.split(" (")[0] in text, family.key
