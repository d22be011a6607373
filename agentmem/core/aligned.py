"""One slot, two values: the draft and the held lesson aligned by the frame around a value.

The judge's phrasing rules read the voices of change they were built from; a later lesson
that gives a held one's value anew may use none of them ("feat(adt): consume ADT from
ie-prod-02.hosp.local:7001 over MLLP/TLS" of "the bed board takes ADT over MLLP from
rhapsody-01.hosp.local:6661"). `realigned` reads what the two texts say, not how:

1. A value of one kind in a clause of each: a host (a URL's host, a dotted name in a known
   domain or with a port), a number with its unit ("0.02 in. w.c." and "0.030 in. w.c.",
   "92.0 %" and "90.5 %"), or a decimal fraction ("0.72" and "0.65"). Versions ("v3.2")
   and numbered names ("T-2", "ISO 7") are no values: they name the thing.
2. The same frame: the two clauses share `FRAME` content terms besides the values
   ("adt", "mllp"); one is enough when the draft names the held value as its old one
   ("it was 0.72", "(was 92.0 %)"). Else one of them is a term of the slot, not of the held
   clause's subject alone (its first terms): "GLAZE_LOG is mirrored to <host> for
   reports" shares only its subject with "GLAZE_LOG is kept on <host>".
3. A new value: no value the held clause gives of that kind is in the draft, but as the
   old one; no value the draft gives of it is in the held text.
4. Told as news: a change word (`agentmem.core.cues.says_changed`), a commit's or a
   component's subject line ("feat(adt): …", "cleanroom-em: set …"), or the held value
   named as the old one. Two rules of one subject with two values (a second threshold
   beside the first) say none of these.
5. Not of another numbered thing: where each clause names members of one family ("T-1",
   "Line 2", "tier 3") and they name none in common, each value is of its own member.

Every pattern here is linear: bounded repeats, no nested quantifier.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache

from agentmem.core.cues import says_changed
from agentmem.core.headed import COMMIT
from agentmem.core.statement import terms
from agentmem.core.textcache import textcached
from agentmem.core.values import UNITS, value_words

FRAME = 2  # content terms two clauses share around their values: one subject, one slot
LONGEST = 20_000  # characters of a text read for values; a longer one is no lesson

CLAUSES = re.compile(r";\s+|[.!?]\s+(?=[A-Z(])|\n+")
_DOMAINS = "local|internal|lan|corp|intra|com|net|org|io|eu|de|uk|be|nl|fr|cloud|svc"
HOST = re.compile(
    r"(?<![\w@.-])(?:[a-z][a-z0-9+.-]{0,15}://(?P<url>[a-z0-9][a-z0-9-]{0,62}(?:\.[a-z0-9-]{1,63}){0,6})"
    rf"|(?P<name>[a-z0-9][a-z0-9-]{{0,62}}(?:\.[a-z0-9-]{{1,63}}){{0,5}}\.(?:{_DOMAINS}))(?![\w-])"
    r"|(?P<port>[a-z][a-z0-9-]{0,62}(?:\.[a-z0-9-]{1,63}){0,6}):\d{2,5}(?!\d))",
    re.IGNORECASE,
)
# A number and the unit after it ("0.02 in. w.c.", "92.0 %", "5 seconds"); not a version,
# nor the number of a numbered name ("T-2", "ISO 7", "v3.2"), nor a sum of money ("$1.85
# a crate" is no fraction: a price of each of two named buyers is no one slot).
MEASURE = re.compile(
    r"(?<![\w.,$£€-])(?P<n>\d{1,9}(?:[.,]\d{1,6})?)\s?(?P<u>%|°\s?[cf]\b|[a-z]{1,12}\b\.?)?",
    re.IGNORECASE,
)
NUMBERED = re.compile(r"\b(?P<f>[A-Za-z]{1,12})[- ]?(?P<n>\d{1,4})\b(?![.,]\d)")
# the draft names a value as the one it replaces: "(was 92.0 %", "it was 0.72", "from 3 to"
WAS = re.compile(
    r"\b(?:was|were|used to be|previously|formerly|instead of)\s+(?:[a-z]{1,12}\s+)?"
    r"(?P<v>\d{1,9}(?:[.,]\d{1,6})?|[a-z0-9][a-z0-9.-]{0,80}[a-z0-9])"
    r"|\bfrom\s+(?P<f>\d{1,9}(?:[.,]\d{1,6})?)\s?[%a-z]{0,12}\.?\s+to\b",
    re.IGNORECASE,
)
EXTRA_UNITS = frozenset(
    ("%", "°c", "°f", "in", "mm", "cm", "m", "km", "kg", "g", "t", "l", "ml", "bar", "pa")
)


def realigned(draft: str, held: str) -> bool:
    """The draft gives, in the held lesson's frame, a new value of a kind the held clause
    gives (see the module docstring)."""
    if len(draft) > LONGEST or len(held) > LONGEST:
        return False
    old = _named_old(draft)
    news = old or bool(COMMIT.match(draft)) or says_changed(draft)
    if not news:
        return False
    draft_values = {(k, v) for c in _clauses(draft) for k, vs in _values(c).items() for v in vs}
    held_values = {(k, v) for c in _clauses(held) for k, vs in _values(c).items() for v in vs}
    for h_clause in _clauses(held):
        h_values = _values(h_clause)
        for d_clause in _clauses(draft):
            d_values = _values(d_clause)
            for kind in set(h_values) & set(d_values):
                if _aligned(
                    kind,
                    h_clause,
                    h_values[kind],
                    d_clause,
                    d_values[kind],
                    old,
                    draft_values,
                    held_values,
                ):
                    return True
    return False


def _aligned(
    kind: str,
    h_clause: str,
    h_vals: frozenset[str],
    d_clause: str,
    d_vals: frozenset[str],
    old: frozenset[str],
    draft_values: set[tuple[str, str]],
    held_values: set[tuple[str, str]],
) -> bool:
    if any((kind, v) in held_values for v in d_vals - old):
        return False  # the draft states a held value again: a second measure, not a new one
    new = d_vals - old
    if not new or (d_vals & old and not h_vals & old):
        return False  # no new value; or the old one it names is another than the held one
    kept = {v for v in h_vals if (kind, v) in draft_values and v not in old}
    if kept or (len(h_vals) > 1 and h_vals - old):
        # the held value still stands in the draft; or the held clause gives several of
        # the kind ("G-1 at 93.5 %, G-2 at 92.0 %") and the draft retires only some: the
        # others would go with the lesson
        return False
    if not _same_members(h_clause, d_clause):
        return False
    shared = _content(h_clause) & _content(d_clause)
    # a term of the slot besides the subject: "GLAZE_LOG is mirrored to <host>" shares only
    # its subject with "GLAZE_LOG is kept on <host>", a second place, not the held one's
    if h_vals & old:  # the held value named as the old one: the slot is named outright
        return bool(shared)
    head = {p for t in terms(h_clause).head for p in (t, *re.split(r"[_-]", t))}
    return bool(shared - head) and len(shared) >= FRAME


@textcached
def _clauses(text: str) -> tuple[str, ...]:
    return _split(text)


@lru_cache(maxsize=4096)
def _split(text: str) -> tuple[str, ...]:
    return tuple(c for c in CLAUSES.split(text) if c.strip())


@lru_cache(maxsize=4096)
def _values(clause: str) -> dict[str, frozenset[str]]:
    """The clause's values by kind: `host`, `unit:<unit>`, `fraction`."""
    found: dict[str, set[str]] = {}
    for kind, value in _found(clause):
        found.setdefault(kind, set()).add(value)
    return {k: frozenset(v) for k, v in found.items()}


def _found(clause: str) -> Iterator[tuple[str, str]]:
    hosts: list[tuple[int, int]] = []
    for m in HOST.finditer(clause):
        name = m.group("url") or m.group("name") or m.group("port")
        if (
            name
            and any(c.isalpha() for c in name)
            and ("." in name or any(c.isdigit() for c in name))
        ):
            hosts.append(m.span())
            yield "host", name.lower()
    for m in MEASURE.finditer(clause):
        if any(a <= m.start() < b for a, b in hosts) or _numbered(clause, m.start()):
            continue
        number, unit = _number(m.group("n")), re.sub(r"[\s.]", "", (m.group("u") or "").lower())
        if unit in UNITS or unit in EXTRA_UNITS:
            yield f"unit:{UNITS.get(unit, unit)}", number
        elif "." in m.group("n") and (not unit or unit.isalpha()):
            yield "fraction", number


def _numbered(clause: str, start: int) -> bool:
    """The number at `start` is a version's or a numbered name's ("v3.2", "T-2", "ISO 7")."""
    before = clause[max(0, start - 16) : start]
    return bool(re.search(r"(?:\bv|[A-Za-z]-|\b[A-Z]{2,12}\s)$", before))


def _number(text: str) -> str:
    try:
        value = float(text.replace(",", "."))
    except ValueError:
        return text
    return f"{value:g}"


def _members(clause: str) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for m in NUMBERED.finditer(HOST.sub(" ", clause)):  # a host's digits name no member
        out.setdefault(m.group("f").lower(), set()).add(m.group("n"))
    return out


def _same_members(h_clause: str, d_clause: str) -> bool:
    """Where both clauses name members of one family ("T-1", "Line 2"), one in common."""
    held, draft = _members(h_clause), _members(d_clause)
    return all(held[f] & draft[f] for f in set(held) & set(draft))


def _content(clause: str) -> frozenset[str]:
    read = terms(clause)
    values = {
        t for m in HOST.finditer(clause) for t in re.findall(r"[a-z0-9]+", m.group(0).lower())
    }
    # a unit or a fragment ("mm", "re" of "re-check") is no term of a frame
    return frozenset(t for t in read.content - values - value_words() if len(t) > 2)


@lru_cache(maxsize=4096)  # a text meets many others per add: read once
def _named_old(draft: str) -> frozenset[str]:
    """The values the draft names as the ones it replaces ("was 92.0 %")."""
    out = set()
    for m in WAS.finditer(draft):
        value = m.group("v") or m.group("f")
        out.add(_number(value) if value[0].isdigit() else value.lower())
    return frozenset(out)
