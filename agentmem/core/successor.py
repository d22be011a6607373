"""A held lesson's holder told anew in its own words, with no change word: its successor.

"Marek Novak is the first keyholder for the depot alarm; Sophie Martin is second" held,
then "Ines Dubois is the first keyholder for the depot alarm; Sophie Martin is second":
the later lesson says the held one's sentence again, word for word but the name in one
place. No voice of change is needed to read it: one slot, one holder, told twice with two
holders, and the later telling stands. So with "resin comes from Acme Polymers" and "resin
comes from Brenner Chemie", or "Acme stones: 220 grit" and "Kuro stones: 320 grit" (a
supplier's name that leads the sentence, its value told anew beside it).

`succeeds` reads what differs between the two texts, not the whole sentence, and lets
nothing else differ. The draft is the held lesson's successor when one clause of each,
their asides in brackets left out, are the same words but for:

- one span of names (capitalised words; a number or a code only beside a word of letters:
  "T1", "V2", "DL-26-1187" alone number members of a series or records) in the place of
  another, where a holder stands: opening the clause as a holder's slot ("<name> is the
  first keyholder") or a supplier's label ("<name> stones: …"), or after a word that leads
  to a holder ("from", "by", "via", "is") at the clause's end or before a word of no
  content. Not a name before an instance noun ("the York depot"), nor one opening on what
  it does ("York North dispatches …", "York North is open …": one of many places), nor one
  after "for", "to" or "in" ("the berth window for <ship>", "trucks go to <town>"), which
  tells which one of many;
- and, only beside such a name, one value of the same unit in the place of another;

and the frame they share holds at least `FRAME` content words. Each other clause of the
draft is said in the held text. Neither name is in the other text, and the draft adds no word
of a second thing (`BOTH`: "also", "another", "unchanged", "still", "too" …).
"""

from __future__ import annotations

import re
from difflib import SequenceMatcher

from agentmem.core.aligned import EXTRA_UNITS
from agentmem.core.successorrole import INSTANCES, retold_role
from agentmem.core.textcache import textcached
from agentmem.core.unitrole import unit_role_retold
from agentmem.core.values import UNITS, value_words
from agentmem.core.words import function_words

FRAME = 3  # content words the two clauses share besides the names and values
LONGEST = 600  # characters of a lesson read; a longer text tells more than one slot
MOST_CLAUSES = 3

CLAUSES = re.compile(r";\s+|[.!?]\s+(?=[A-Z(])|\n+")
ASIDE = re.compile(r"\s*\([^()]{0,200}\)")
TOKEN = re.compile(r"\w[\w'’/&+-]*\w|\w|[:%]")
NUMBER = re.compile(r"\d[\d.,]*")
SMALL = frozenset(
    """the a an of and or is are was to in on for at by as be it its with from via through
    into onto than that this these those""".split()  # noqa: SIM905 (a word list)
)
COPULA = frozenset(("is", "are"))
# words after which a holder is named: "comes from <name>", "signed by <name>", "goes out
# through the <name>", "the keyholder is <name>"
LEADS = frozenset("is are was from by with via through under".split())  # noqa: SIM905
YEAR = re.compile(r"(?:19|20)\d\d")  # a year names which list or season, not a value
# words of a second thing beside the held one: both current, or the held one kept
BOTH = frozenset(
    """also too both another additional alongside backup alternative alternate unchanged
    still either other others extra besides plus same""".split()  # noqa: SIM905 (a word list)
)


def succeeds(draft: str, held: str) -> bool:
    """The draft tells the held lesson's sentence again with another holder in one place
    (see the module docstring), or its role, device or duty in a new sentence with another
    single holder (`agentmem.core.successorrole.retold_role`), with one term in common when
    both open on one unit (`agentmem.core.unitrole`)."""
    return _sentence_again(draft, held) or retold_role(draft, held) or unit_role_retold(draft, held)


def _sentence_again(draft: str, held: str) -> bool:
    """The held lesson's sentence again, another holder's name in one place."""
    if len(draft) > LONGEST or len(held) > LONGEST:
        return False
    d_clauses, h_clauses = _clauses(draft), _clauses(held)
    if not d_clauses or len(d_clauses) > MOST_CLAUSES or not h_clauses:
        return False
    if not _may_swap(draft, held):
        return False
    d_words, h_words = _lower(draft), _lower(held)
    if (d_words - h_words) & BOTH:
        return False
    for at, d_clause in enumerate(d_clauses):
        others = d_clauses[:at] + d_clauses[at + 1 :]
        if not all(c in h_clauses for c in others):
            continue
        for h_clause in h_clauses:
            names = _swapped(h_clause, d_clause)
            if names is not None and not (names[0] & d_words or names[1] & h_words):
                return True
    return False


@textcached
def _clauses(text: str) -> tuple[tuple[str, ...], ...]:
    """The text's clauses as tokens, their asides in brackets left out."""
    out = []
    for clause in CLAUSES.split(ASIDE.sub("", text)):
        tokens = tuple(t for t in TOKEN.findall(clause.strip().rstrip(".")))
        if tokens:
            out.append(tokens)
    return tuple(out)


@textcached
def _lower(text: str) -> frozenset[str]:
    return frozenset(t.lower() for t in TOKEN.findall(text))


def _may_swap(draft: str, held: str) -> bool:
    """Whether the two texts may swap a name, read before the clauses are aligned: each
    swapped name holds a capitalised word the other text does not write, and one of the
    two is told by more than a sentence's capital (`_marked`). Most pairs have neither,
    and aligning every clause of one with every clause of the other costs (issue 17)."""
    d_worded, d_marked = _name_words(draft)
    h_worded, h_marked = _name_words(held)
    if not (d_worded and h_worded and (d_marked or h_marked)):
        return False
    d_words, h_words = _lower(draft), _lower(held)
    if d_worded <= h_words or h_worded <= d_words:
        return False
    return not (d_marked <= h_words and h_marked <= d_words)


@textcached
def _name_words(text: str) -> tuple[frozenset[str], frozenset[str]]:
    """The words (lower case) a name `_swapped` finds could hold: each capitalised word of
    a clause (`_worded`), and of those the ones a `_marked` name could hold: after the
    clause's first word, written with an inner capital, or before a capitalised word or a
    number (a name of two words or more opening the clause)."""
    worded, marked = set(), set()
    for clause in _clauses(text):
        for at, token in enumerate(clause):
            if not token[0].isupper() or not _worded(token):
                continue
            worded.add(token.lower())
            if (
                at > 0
                or any(c.isupper() for c in token[1:])
                or (len(clause) > 1 and (clause[1][0].isupper() or clause[1].isdigit()))
            ):
                marked.add(token.lower())
    return frozenset(worded), frozenset(marked)


def _swapped(
    held: tuple[str, ...], draft: tuple[str, ...]
) -> tuple[frozenset[str], frozenset[str]] | None:
    """The held name and the draft's in their places, when the two clauses are the same
    words but for them (and a value beside them); None when anything else differs."""
    if held == draft:
        return None
    low_h, low_d = [t.lower() for t in held], [t.lower() for t in draft]
    ops = SequenceMatcher(None, low_h, low_d, autojunk=False).get_opcodes()
    spans = [(i1, i2, j1, j2) for op, i1, i2, j1, j2 in ops if op != "equal"]
    if not spans or len(spans) > 2 or any(op in ("insert", "delete") for op, *_ in ops):
        return None
    named = [
        s
        for s in spans
        if _names(held[s[0] : s[1]])
        and _names(draft[s[2] : s[3]])
        and (_marked(held[s[0] : s[1]], s[0]) or _marked(draft[s[2] : s[3]], s[2]))
    ]
    valued = [
        s
        for s in spans
        if _value(held[s[0] : s[1]])
        and _units(low_h[s[0] : s[1]]) == _units(low_d[s[2] : s[3]])
        and _value(draft[s[2] : s[3]])
        and _measured(low_h, s[0], s[1])
    ]
    if len(named) != 1 or len(spans) != len(named) + len(valued):
        return None
    i1, i2, j1, j2 = named[0]
    if not _holder_place(low_h, i1, i2) or not _holder_place(low_d, j1, j2):
        return None
    frame = [w for op, a1, a2, *_ in ops if op == "equal" for w in low_h[a1:a2]]
    content = {w for w in frame if _content(w)}
    if len(content) < FRAME:
        return None
    return frozenset(low_h[i1:i2]), frozenset(low_d[j1:j2])


def _names(tokens: tuple[str, ...]) -> bool:
    """Capitalised words of a name, none an instance noun; a number or a code among them
    only beside a word of letters ("Rovene 4042"): alone, "T1", "V2", "DL-26-1187" number
    members of a series or records."""
    if any(t.lower() in INSTANCES for t in tokens):
        return False
    return any(_worded(t) for t in tokens) and all(t[0].isupper() or t.isdigit() for t in tokens)


def _worded(token: str) -> bool:
    """A capitalised word of letters of a name, not a code or a number."""
    return token.replace("-", "").isalpha() and token[0].isupper() and len(token) > 2


def _marked(tokens: tuple[str, ...], start: int) -> bool:
    """A name told by more than a sentence's capital letter: not opening the clause, or of
    two words or more, or written with a capital or a digit inside ("OpenAS2", "SPS")."""
    return start > 0 or len(tokens) > 1 or any(c.isupper() or c.isdigit() for c in tokens[0][1:])


def _value(tokens: tuple[str, ...]) -> bool:
    """A value: numbers and the words of their units."""
    words = [t.lower() for t in tokens]
    if any(YEAR.fullmatch(w) for w in words):
        return False
    return any(NUMBER.fullmatch(w) for w in words) and all(
        NUMBER.fullmatch(w) or w in value_words() or (len(w) <= 3 and w not in SMALL) for w in words
    )


def _units(words: list[str]) -> set[str]:
    """The words of a value's span that are not its numbers: its unit, the same in both."""
    return {w for w in words if not NUMBER.fullmatch(w)}


def _measured(words: list[str], start: int, end: int) -> bool:
    """The number is a measure: a unit in its span or right after it ("0.8 mm", "1.45
    EUR/kg", "48 %"), after no name ("Kiln 3 burner": the 3 numbers a kiln, not a value)."""
    if start > 0 and words[start - 1] not in SMALL and _content(words[start - 1]):
        return False
    near = [*words[start:end], *words[end : end + 1]]
    return any(w in UNITS or w in EXTRA_UNITS or "/" in w or w == "%" for w in near)


def _holder_place(words: list[str], start: int, end: int) -> bool:
    """A name where a holder stands: opening the clause as a holder's slot ("<name> is the
    first keyholder") or a supplier's label ("<name> stones: 220 grit"), or after a word
    that leads to a holder ("from", "by", "via", "is" …) and closing the clause or before a
    word of no content. Not a name that opens on what it does ("<name> dispatches the
    trunk", "<name> is open until 22:00": one place of many), nor one after "for", "of" or
    "in" ("the berth window for <ship>", "the lab in <town>"), which tells which one."""
    after = words[end] if end < len(words) else None
    then = words[end + 1] if end + 1 < len(words) else None
    if start == 0 or (start == 1 and words[0] == "the"):
        if after is None or after in INSTANCES:
            return False
        return (after in COPULA and then in ("the", "our")) or (_content(after) and then == ":")
    before = start - 1
    while before > 0 and words[before] in ("the", "our"):
        before -= 1
    if words[before] not in LEADS:
        return False
    return after is None or after == ":" or after in SMALL or after in function_words()


def _content(word: str) -> bool:
    return (
        word not in SMALL
        and word not in function_words()
        and word not in value_words()
        and not NUMBER.fullmatch(word)
        and word != ":"
    )
