"""The secret guard: one test per pattern, no false positive on ids and hashes, and the
writer refuses a secret in any string field."""

from __future__ import annotations

import base64
import hashlib
import json
import re
import uuid
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from agentmem.core.model import content_key, memory_id
from agentmem.core.secrets import MIN_MATCH_CHARS, PATTERNS, find_secrets, redact
from agentmem.core.writer import Harvester
from agentmem.settings import settings_from_values
from agentmem.stores import FileStore

# Shaped like the real thing, made up: no example here is a live credential.
EXAMPLES: dict[str, list[str]] = {
    "private key": [
        "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA7",
        "-----BEGIN OPENSSH PRIVATE KEY-----",
        "-----BEGIN PRIVATE KEY-----",
        "-----BEGIN EC PRIVATE KEY-----",
        "-----BEGIN PGP PRIVATE KEY BLOCK-----\n\nlQOYBGV0dGVzdAEIAKo3\n"
        "-----END PGP PRIVATE KEY BLOCK-----",
    ],
    "OpenAI/Anthropic key": [
        "sk-proj-" + "Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z" * 2,
        "sk-ant-api03-" + "x7Yz_9-aBcDeFgHiJkLmNoPqRsTuVw",
        "sk-" + "Q" * 48,
    ],
    "mem0 key": ["m0-" + "aB3cD4eF5gH6iJ7kL8mN9oP0qR1sT2uV3wX4"],
    "AWS access key id": ["AKIAIOSFODNN7EXAMPLE", "ASIAY34FZKBOKMUTVV7A"],
    "GitHub token": [
        "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8",
        "github_pat_11ABCDEFG0" + "abcdefghij_klmnopqrstuvwxyz0123456789",
        "gho_" + "Z" * 36,
    ],
    "Slack token": ["xoxb-1234567890-0987654321-AbCdEfGhIjKlMnOpQrStUvWx", "xoxp-12345-67890"],
    "Google API key": ["AIza" + "SyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q"],
    "Stripe key": ["sk_live_" + "4eC39HqLyjWDarjtT1zdp7dc", "rk_test_" + "51HxYzAbCdEfGhIjKl"],
    "JSON web token": [
        "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0."
        "dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"
    ],
    "password in URL": [
        "postgres://admin:hunter22@db.internal:5432/app",
        "https://deploy:s3cr3t-pass@git.example.com/org/repo.git",
        "redis://default:abc@cache:6379",
    ],
    "bearer token": [
        "Authorization: Bearer abcdefghijklmnopqrstuvwxyz012345",
        "bearer ya29.a0AfH6SMBx-3kq_example_token_value",
    ],
    "secret-named setting": [
        "DB_PASSWORD=hunter2",
        "export GITHUB_TOKEN=gho_shortone",
        "aws_secret_access_key = wJalrXUtnFEMI/K7MDENGbPxRfiCY",
        "client_secret: s3cr3tval",
        '{"client_secret": "abcdEFGH1234"}',
        "https://auth.example.com/token?client_id=web&client_secret=Zx9yW8vU7t",
        "JWT_SECRET_KEY: correcthorsebattery",
        "OPENAI_API_KEY='proj-abc123'",
    ],
    "assigned secret": [
        "api_key=abc123def456",
        "PASSWORD: s3cretpass1",
        "token = 'x9y8z7w6v5u4'",
        "ACCESS_KEY: wJalrXUtnFEMI/K7MDENG",
    ],
}

# Text a memory legitimately holds: ids, hashes, versions, prose about keys.
CLEAN = [
    "semantic-1f42164e421b",
    memory_id("episodic", content_key("t", "u", "executive", "_global")),
    hashlib.sha256(b"agentmem").hexdigest(),
    hashlib.sha1(b"agentmem").hexdigest(),  # a git commit id
    hashlib.md5(b"agentmem").hexdigest(),
    "sha256:" + hashlib.sha256(b"x").hexdigest(),
    str(uuid.UUID(int=0x3F2B9C1E8D4A4E2B9C1F0A1B2C3D4E5F)),
    "run 2026-11-29-r12 finished in 431 s; commit 9fb4b21 passed",
    "Rotate the API key every 90 days; the token budget is 2000.",
    "The password reset flow needs the vendor's SMTP relay.",
    "Clone with ssh://git@github.com/org/repo and pin pydantic>=2.6.",
    "https://pypi.org/project/agentmem/0.1.0/",
    "skip the sk-learn step; use the task-runner instead",
    "AKIA is the prefix of an AWS access key id",
    "Bearer tokens expire after an hour.",
    # Names of secret settings without a value, placeholders, and counts of tokens.
    "Set DB_PASSWORD in the vault, never in the repo.",
    "DB_PASSWORD=<from the vault>",
    "GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}",
    "client_secret: [redacted]",
    "max_tokens: 4000, token_count: 2000, AGENTMEM_PACK_TOKENS=2000",
    "OPENAI_API_KEY=your-key-here",
    # base64 of ordinary text, and base64-looking ids.
    "U2hpcCB0aGUgdmVuZG9yIGNsaWVudCBhZnRlciB0aGUgcmV2aWV3IHBhc3Nlcw==",
    "semantic-0123456789ab-reflective-0123456789ab",
]


def test_every_pattern_has_examples() -> None:
    """A pattern added without a test fails here."""
    assert set(EXAMPLES) == set(PATTERNS)


@pytest.mark.parametrize(
    ("name", "example"), [(name, ex) for name, exs in EXAMPLES.items() for ex in exs]
)
def test_pattern_catches_its_secret(name: str, example: str) -> None:
    """Each example, alone or inside a sentence, is found and named by its pattern."""
    assert name in find_secrets(example)
    assert name in find_secrets(f"We used {example} for the deploy.")
    assert example not in redact(f"We used {example} for the deploy.")


@pytest.mark.parametrize("text", CLEAN)
def test_no_false_positive_on_ids_hashes_and_prose(text: str) -> None:
    """Hex ids, sha256/sha1/md5 hashes, uuids and prose about keys are not secrets."""
    assert find_secrets(text) == []
    assert redact(text) == text


@given(st.binary(min_size=4, max_size=64).map(bytes.hex))
@settings(max_examples=300)
def test_no_false_positive_on_random_hex(hex_id: str) -> None:
    """No lowercase hex string of any length reads as a secret."""
    assert find_secrets(hex_id) == []
    assert find_secrets(f"id {hex_id} in run 2026-11-29") == []


@given(st.uuids())
@settings(max_examples=300)
def test_no_false_positive_on_uuids(value: uuid.UUID) -> None:
    """No uuid, in either case, reads as a secret."""
    assert find_secrets(str(value)) == []
    assert find_secrets(str(value).upper()) == []


def test_min_match_chars_is_below_every_pattern() -> None:
    """The short-string shortcut skips only strings no pattern could match."""
    for name, pattern in PATTERNS.items():
        shortest = re._parser.parse(pattern.pattern).getwidth()[0]  # type: ignore[attr-defined]
        assert shortest >= MIN_MATCH_CHARS, name


@pytest.fixture
def harvester(tmp_path: Path) -> Harvester:
    settings = settings_from_values(
        {
            "AGENTMEM_ROOT": str(tmp_path / "memory"),
            "AGENTMEM_USER_ID": "tester",
            "AGENTMEM_MEM0_API_KEY": "plainMem0KeyValue7731",
        },
        base_dir=tmp_path,
    )
    return Harvester(settings, FileStore(settings.root))


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_writer_refuses_each_kind_of_secret(harvester: Harvester, name: str) -> None:
    """A draft whose text carries a secret is rejected on `text`, naming the pattern."""
    text = f"Deploy note: {EXAMPLES[name][0]}"
    outcome = harvester.submit(
        {"text": text, "type": "semantic", "confidence": 0.8}, trigger="manual"
    )
    assert outcome.status == "rejected"
    assert any(p.field == "text" and name in p.reason for p in outcome.problems)
    assert harvester.store.count() == 0


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("source", "https://ci:hunter22@git.example.com/org/repo.git"),
        ("category", "api_key=abc123def456"),
        ("tags", ["deploy", "AKIAIOSFODNN7EXAMPLE"]),
    ],
)
def test_writer_checks_every_string_field(harvester: Harvester, field: str, value: object) -> None:
    """A secret is refused in any string field, not only the text (a source URL can carry
    a password); before the fix only `text` was checked."""
    draft = {"text": "The deploy needs the CI user.", "type": "semantic", "confidence": 0.8}
    outcome = harvester.submit({**draft, field: value}, trigger="manual")
    assert outcome.status == "rejected"
    assert [p.field for p in outcome.problems] == [field]


def test_writer_refuses_the_exact_value_of_a_key_setting(harvester: Harvester) -> None:
    """A key setting's value matches no vendor pattern, yet a draft holding it is refused."""
    value = "plainMem0KeyValue7731"
    assert find_secrets(value) == []
    outcome = harvester.submit(
        {"text": f"the mem0 key is {value}", "type": "semantic", "confidence": 0.8},
        trigger="manual",
    )
    assert outcome.status == "rejected"
    assert "key setting" in outcome.problems[0].reason


def test_placeholder_key_value_does_not_block_ordinary_text(tmp_path: Path) -> None:
    """A local model server takes any key, so people set AGENTMEM_REASONER_API_KEY=ollama;
    a memory that mentions ollama is still accepted (only values of 12+ characters count)."""
    settings = settings_from_values(
        {
            "AGENTMEM_ROOT": str(tmp_path / "memory"),
            "AGENTMEM_USER_ID": "tester",
            "AGENTMEM_REASONER_API_KEY": "ollama",
        },
        base_dir=tmp_path,
    )
    h = Harvester(settings, FileStore(settings.root))
    draft = {"text": "Run the reasoner against ollama locally.", "type": "semantic"}
    assert h.submit({**draft, "confidence": 0.8}, trigger="manual").status == "accepted"


# -- secret variants (issue 14, item 7): the shapes a key takes on its way into a memory ----

STRONG_KEYS = [
    "sk-proj-" + "Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z",
    "AKIAIOSFODNN7EXAMPLE",
    "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8",
    "xoxb-1234567890-0987654321-AbCdEfGhIjKlMnOpQrStUvWx",
    "AIza" + "SyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q",
    "sk_live_" + "4eC39HqLyjWDarjtT1zdp7dc",
]
INVISIBLE = ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad"]
BREAKS = ["\n", "\r\n", "\r", "\u2028", "\x85"]


@st.composite
def wrapped_keys(draw: st.DrawFn) -> tuple[str, str]:
    """(text, key): a key split by invisible characters or a line break, base64-wrapped,
    assigned to a secret-named setting in env, YAML, JSON or URL form, inside prose."""
    key = draw(st.sampled_from(STRONG_KEYS))
    how = draw(st.sampled_from(["invisible", "break", "base64", "env", "yaml", "json", "url"]))
    if how in ("invisible", "break"):
        cut = draw(st.integers(1, len(key) - 1))
        mark = draw(st.sampled_from(INVISIBLE if how == "invisible" else BREAKS))
        shown = key[:cut] + mark + key[cut:]
    elif how == "base64":
        shown = base64.b64encode(f"token: {key}".encode()).decode()
    else:
        name = draw(st.sampled_from(["DB_PASSWORD", "client_secret", "APP_SECRET_KEY", "CI_TOKEN"]))
        shown = {
            "env": f"{name}={key}",
            "yaml": f"{name}: {key}",
            "json": json.dumps({name: key}),
            "url": f"https://x.example/cb?{name}={key}&state=1",
        }[how]
    before = draw(st.sampled_from(["", "Deploy note: ", "see\n"]))
    return f"{before}{shown} for the deploy.", key


def _visible(text: str) -> str:
    for ch in [*INVISIBLE, *BREAKS]:
        text = text.replace(ch, "")
    return text


@given(wrapped_keys())
@settings(max_examples=300)
def test_any_wrapped_key_is_found_and_redacted_whole(case: tuple[str, str]) -> None:
    """Split, hidden, encoded or assigned: the guard finds it, and after redaction no
    part of the key survives, even read with its invisible characters and breaks removed."""
    text, key = case
    assert find_secrets(text), text
    clean = _visible(redact(text))
    assert key not in clean and key[-8:] not in clean, clean
