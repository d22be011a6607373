"""The secret guard: text that looks like a key, token or password is never stored.

Each pattern names one kind of secret, so a refusal says what it saw. The patterns are
anchored on the shapes vendors give their keys (a prefix, a length, an alphabet) rather
than on "long random-looking strings", so ordinary hex ids, sha256 hashes and uuids pass.
"""

from __future__ import annotations

import re

PATTERNS: dict[str, re.Pattern[str]] = {
    "private key": re.compile(r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY-----"),
    "OpenAI/Anthropic key": re.compile(r"\bsk-(?:ant-|proj-)?[A-Za-z0-9_-]{20,}"),
    "mem0 key": re.compile(r"\bm0-[A-Za-z0-9_-]{20,}"),
    "AWS access key id": re.compile(r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b"),
    "GitHub token": re.compile(r"\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{30,})"),
    "Slack token": re.compile(r"\bxox[abposr]-[A-Za-z0-9-]{10,}"),
    "Google API key": re.compile(r"\bAIza[0-9A-Za-z_-]{35}\b"),
    "Stripe key": re.compile(r"\b[rs]k_(?:live|test)_[A-Za-z0-9]{16,}"),
    "JSON web token": re.compile(
        r"\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}"
    ),
    "password in URL": re.compile(r"\b[a-z][a-z0-9+.-]*://[^\s:/@]+:[^\s@/]{3,}@"),
    "bearer token": re.compile(r"\b[Bb]earer\s+[A-Za-z0-9._~+/-]{20,}=*"),
    "assigned secret": re.compile(
        r"(?i:\b(?:api[_-]?key|secret|token|passw(?:or)?d|access[_-]?key)\b\s*[:=]\s*['\"]?"
        r"(?=[^\s'\"]*[0-9])(?=[^\s'\"]*[A-Za-z])[^\s'\"]{8,})"
    ),
}

# One pass over the text first: nearly every string is clean, and one search of the
# alternation costs far less than a search (or a sub) per pattern.
_ANY = re.compile("|".join(f"(?:{p.pattern})" for p in PATTERNS.values()))
# No pattern matches fewer characters than this (a test checks it against every pattern),
# so the many short strings of a log event are passed without a search at all.
MIN_MATCH_CHARS = 10


def _clean(text: str) -> bool:
    return len(text) < MIN_MATCH_CHARS or not _ANY.search(text)


def find_secrets(text: str) -> list[str]:
    """Names of the secret patterns the text matches (empty when it looks clean)."""
    if _clean(text):
        return []
    return [name for name, pattern in PATTERNS.items() if pattern.search(text)]


def redact(text: str) -> str:
    """The text with every match replaced, for logs and reports."""
    if _clean(text):
        return text
    for name, pattern in PATTERNS.items():
        text = pattern.sub(f"[redacted {name}]", text)
    return text
