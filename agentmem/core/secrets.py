"""The secret guard: text that looks like a key, token or password is never stored.

One guard for every write path (memory files, daily notes, hot and cold state, state
files, MEMORY.md) and one redactor for every log line. Each pattern names one kind of
secret, so a refusal says what it saw. The patterns are anchored on the shapes vendors
give their keys (a prefix, a length, an alphabet) and on the names config files give
them (`DB_PASSWORD=`, `client_secret:`), rather than on "long random-looking strings",
so ordinary hex ids, sha256 hashes and uuids pass.

Text is matched as written and normalised (NFKC, zero-width characters dropped), and once
more with its line breaks removed too, so a key split across two lines or with a zero-width
space inside is still seen. A base64 run that decodes to text holding a key is caught too.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import unicodedata
from collections.abc import Iterable, Iterator
from typing import Any

_PLACEHOLDER = (
    r"(?![<$%{*\[(])"  # <your key>, ${VAR}, %(x)s, {{ x }}, ***, [redacted]
    r"(?!(?i:none|null|nil|true|false|required|optional|redacted|example|placeholder"
    r"|changeme|secret|password|x{3,}|\.\.\.)(?![\w-]))"
    r"(?!(?i:your|my|the|an?)[_-])"  # your-key-here, my_token
)
# *_PASSWORD, *_SECRET*, *_TOKEN, *_API_KEY, client_secret, aws_secret_access_key, as an env
# line, YAML, JSON or a URL query; the value is refused, whatever its shape.
_SECRET_NAME = (
    r"(?:[A-Za-z0-9]+[_-])+(?:PASSWORD|PASSWD|PWD|TOKEN|API[_-]?KEY|ACCESS[_-]?KEY"
    r"|SECRET(?:[_-][A-Za-z0-9]+)*)"
    r"|client[_-]secret|aws[_-]secret[_-]access[_-]key"
)

PATTERNS: dict[str, re.Pattern[str]] = {
    # The whole block, not only its first line: redaction must not leave the key's body.
    "private key": re.compile(
        r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----"
        r"(?:.*?-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----|.*)",
        re.DOTALL,
    ),
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
    "secret-named setting": re.compile(
        rf"(?i:(?<![A-Za-z0-9_-])['\"]?(?:{_SECRET_NAME})['\"]?\s*[:=]\s*['\"]?)"
        rf"{_PLACEHOLDER}(?=[^\s'\",;&}}]*[A-Za-z])[^\s'\",;&}}]{{4,}}"
    ),
}

# One pass over the text first: nearly every string is clean, and one search of the
# alternation costs far less than a search (or a sub) per pattern.
_ANY = re.compile("|".join(f"(?:{p.pattern})" for p in PATTERNS.values()), re.DOTALL)
# No pattern matches fewer characters than this (a test checks it against every pattern),
# so the many short strings of a log event are passed without a search at all.
MIN_MATCH_CHARS = 10

# Invisible characters that split a key without showing: zero-width space, joiners, word
# joiner, BOM, soft hyphen.
_INVISIBLE = frozenset("\u200b\u200c\u200d\u2060\ufeff\u00ad")
# A line break as any reader takes one (str.splitlines' set); "\r\n" is one break.
_BREAK = re.compile(r"\r\n|[\r\n\v\f\x1c\x1d\x1e\x85\u2028\u2029]")
MAX_CHAIN = 16  # lines of one token each joined back into one (a key wrapped at a column)
# A run long enough to hold a key once decoded (base64 of 20 bytes is 28 characters).
_BASE64_RUN = re.compile(r"[A-Za-z0-9+/_-]{28,}={0,2}")
BASE64_PREFIX = "base64-wrapped "
HELD = "the value of a key setting"  # what find_secrets names an exact held value

Span = tuple[int, int, str]  # start, end (in the text searched), kind


def _normalised(text: str) -> tuple[str, list[int] | None]:
    """NFKC, invisible characters dropped; with each character's index in `text` (None
    when nothing changed)."""
    if text.isascii() or (
        unicodedata.is_normalized("NFKC", text) and not _INVISIBLE.intersection(text)
    ):
        return text, None
    out: list[str] = []
    origin: list[int] = []
    for i, ch in enumerate(text):
        if ch in _INVISIBLE:
            continue
        piece = ch if ch.isascii() else unicodedata.normalize("NFKC", ch)
        out.append(piece)
        origin += [i] * len(piece)
    return "".join(out), origin


def _joins(text: str) -> Iterator[tuple[int, int, str]]:
    """Where a line break may split a key: from the last word before a break through the
    first word after it (and on, while the next lines are one word each), joined."""
    lines, at = [], 0
    for brk in _BREAK.finditer(text):
        lines.append((at, brk.start()))
        at = brk.end()
    lines.append((at, len(text)))
    for i in range(len(lines) - 1):
        (start, end), (nstart, nend) = lines[i], lines[i + 1]
        if start == end or nstart == nend or text[end - 1].isspace() or text[nstart].isspace():
            continue
        head = end
        while head > start and not text[head - 1].isspace():
            head -= 1
        parts = [text[head:end]]
        j = i + 1
        while True:
            lstart, lend = lines[j]
            word_end = lstart
            while word_end < lend and not text[word_end].isspace():
                word_end += 1
            parts.append(text[lstart:word_end])
            nxt = lines[j + 1] if j + 1 < len(lines) else None
            if word_end < lend or nxt is None or nxt[0] == nxt[1] or j - i >= MAX_CHAIN:
                break
            if text[nxt[0]].isspace():
                break
            j += 1
        yield head, word_end, "".join(parts)


def _decoded_runs(text: str) -> Iterator[tuple[re.Match[str], str]]:
    """Base64 runs of the text that decode to printable text."""
    for run in _BASE64_RUN.finditer(text):
        raw = run[0].rstrip("=").replace("-", "+").replace("_", "/")
        try:
            decoded = base64.b64decode(raw + "=" * (-len(raw) % 4), validate=True).decode()
        except (binascii.Error, UnicodeDecodeError):
            continue
        if all(c.isprintable() or c.isspace() for c in decoded):
            yield run, decoded


def _spans(text: str) -> list[Span]:
    """Every secret in `text` as it stands (no normalising, no joining)."""
    if not (_ANY.search(text) or _BASE64_RUN.search(text)):
        return []
    spans = [(m.start(), m.end(), name) for name, p in PATTERNS.items() for m in p.finditer(text)]
    for run, decoded in _decoded_runs(text):
        kinds = [name for name, pattern in PATTERNS.items() if pattern.search(decoded)]
        if kinds:
            spans.append((run.start(), run.end(), BASE64_PREFIX + kinds[0]))
    return spans


def _all_spans(text: str) -> list[Span]:
    """Every secret in `text`, also where only its normalised or rejoined form shows one,
    as spans of `text` itself."""
    spans = _spans(text)
    normal, origin = _normalised(text)
    found = _spans(normal) if origin is not None else []
    for head, end, joined in _joins(normal):
        found += [(head, end, kind) for _, _, kind in _spans(joined)]
    for start, end, kind in found:
        if origin is not None:
            start, end = origin[start], origin[end - 1] + 1
        spans.append((start, end, kind))
    return spans


def find_secrets(text: str, held: Iterable[str] = ()) -> list[str]:
    """Names of the secret kinds the text holds (empty when it looks clean); `held` are
    exact values (the keys this process holds) that count as secrets whatever their shape."""
    kinds = [kind for _, _, kind in _all_spans(text)] if len(text) >= MIN_MATCH_CHARS else []
    values = [value for value in held if value]
    if values:
        normal = _normalised(text)[0]
        forms = {text, normal, _BREAK.sub("", normal)}
        if any(value in form for value in values for form in forms):
            kinds.append(HELD)
    return list(dict.fromkeys(kinds))


def _broken_strings(data: Any) -> Iterator[str]:
    """The keys and string values of JSON-able data that hold a line break (iteratively:
    data nested past Python's recursion limit is still walked)."""
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if _BREAK.search(item):
                yield item
        elif isinstance(item, dict):
            stack += [*item.keys(), *item.values()]
        elif isinstance(item, list | tuple):
            stack += item


def find_secrets_in(data: Any, held: Iterable[str] = ()) -> list[str]:
    """The same for JSON-able data (state, hot values): keys and values, in JSON form, so
    `{"DB_PASSWORD": "hunter2"}` is seen as the assignment it is; and each string with a
    line break on its own too, since JSON writes the break as the two characters `\\n` and a
    key split across two lines would not be joined again."""
    if isinstance(data, str):
        return find_secrets(data, held)
    kinds = find_secrets(json.dumps(data, ensure_ascii=False, default=str), held)
    for text in _broken_strings(data):
        kinds += find_secrets(text, held)
    return list(dict.fromkeys(kinds))


def whole_secrets(text: str) -> str:
    """The text with the line breaks and invisible characters inside each secret taken out,
    so a key split across two lines is still whole (and refused by the writer) after the
    text is made one line (a run's summary in its episodic record)."""
    if len(text) < MIN_MATCH_CHARS:
        return text
    out, at = [], 0
    for start, end, _ in sorted(_all_spans(text)):
        start = max(start, at)
        if start >= end:
            continue
        squeezed = _BREAK.sub("", text[start:end])
        out += [text[at:start], "".join(ch for ch in squeezed if ch not in _INVISIBLE)]
        at = end
    out.append(text[at:])
    return "".join(out)


def redact(text: str) -> str:
    """The text with every secret replaced, whole (a PEM block from BEGIN to END), for logs
    and reports. What only the normalised or rejoined text shows (a key split by a line
    break or a zero-width space) is replaced in the original, breaks and all."""
    if len(text) < MIN_MATCH_CHARS:
        return text
    spans = _all_spans(text)
    if not spans:
        return text
    out, at = [], 0
    for start, end, kind in sorted(spans):
        if start < at:  # inside (or overlapping) the secret just replaced
            at = max(at, end)
            continue
        out += [text[at:start], f"[redacted {kind}]"]
        at = end
    out.append(text[at:])
    return "".join(out)
