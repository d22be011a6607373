"""A retraction that names its target by the target's own distinctive words or values, in
a voice no worded shape reads: "There's no 100% fresh-air requirement for pickers in room
5; the note came from a misread memo" withdraws "The air-handling unit in room 5 must run
at 100% fresh air … because of the pickers"; "delete KORDAN_SHELF_DAYS = 30 - Kordan tread
never had a 30-day limit" withdraws "Tread rubber from supplier Kordan must be used within
30 days …". No phrase of the claim is read: the text carries a verdict on a claim
(`VERDICT`: it is wrong, a myth, a misreading, never a rule, to be scrapped), and the held
lesson it withdraws is the one whose distinctive words the text names most, and whose
figures it names when the lesson gives any.

What keeps a look-alike apart: the verdict words are words about a claim ("never" alone is
no verdict: "private clients are never auto-declined" is a rule of its own); the lesson
must share with the text most of its distinctive words (`SHARE`, `LEAST`) and all of its
figures; a text that names a thing apart (`set_apart`: another site, unit, year) or gives
a figure of a unit the lesson gives in another value, or another instance of its thing
(`another_instance`: bay 7 against bay 4), tells of another thing or a new value,
and withdraws nothing here; and only one held lesson may be so named. A lesson that itself
retracts or denies is never the one withdrawn. Every pattern is bounded, so a hostile text
is read in linear time. `agentmem.core.retract.withdrawn` asks it when nothing else did."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import lru_cache

from agentmem.core.apart import set_apart
from agentmem.core.deniedcause import distinctive
from agentmem.core.disowned import SENTENCE, denials
from agentmem.core.lookalike import another_instance
from agentmem.core.namedalike import named, qualifies, stands_in
from agentmem.core.statement import terms
from agentmem.core.struck import codes, struck
from agentmem.core.withdrawal import DENIED, FRAMING, RETRACTED

# Words that judge a claim, not a thing: "was wrong", "a myth", "misread", "never a rule",
# "no such limit", "scrap that", "is withdrawn". Bare "never", "wrong" before a noun
# ("the wrong valve") and "scrap" of a part ("scrap if older than …") say nothing of a claim.
VERDICT = re.compile(
    r"\b(?:was|is|were|are|'s|got\s+it|all|been|plain|just)\s+(?:\w+\s+){0,2}?wrong\b"
    r"|\bwrong\s*(?:[-—–:;,.!)]|$)"
    r"|\bmyths?\b|\bmisunderst(?:ood|anding)\b|\bmisread(?:ing)?\b|\bgarbled\b|\bbogus\b"
    r"|\buntrue\b|\bnot\s+true\b|\b(?:was|were|is|are)\s+(?:a\s+)?mistake\b|\bmistaken(?:ly)?\b"
    r"|\bnever\s+(?:was|were|been|existed|had|has|have|asked|issued|adopted|applied|"
    r"required|requested|agreed|approved|policy|part\s+of)\b"
    # "never a|the …" only as a verdict: after a copula ("that was never the app"), or of a
    # rule's noun ("never an infection-control requirement"); "…, never a plain join" is
    # an order of the lesson's own
    r"|\b(?:was|is|were|are|'s|been)\s+never\s+(?:a|an|the)\b"
    r"|\bnever\s+(?:a|an)\s+(?:[\w-]+\s+){0,3}?(?:rule|requirement|spec|policy|law|regulation)\b"
    r"|\bno\s+such\b|\bnot\s+(?:a|an|the)\s+(?:rule|requirement|spec|policy|limit|thing|law)\b"
    r"|\b(?:scrap|scratch|strike|disregard|ignore|forget|delete|drop|remove)\s+(?:that|this|it)\b"
    r"|\b(?:delete|remove|drop|scrap|strike)\s+(?:the\s+)?['\"‘“][^'\"’”\n]{2,120}['\"’”]"
    r"|\bclos(?:e|ing|ed)\s+(?:that|this|the)\s+(?:theory|idea|note)\b",
    re.IGNORECASE,
)
SHARE = 0.35  # of the lesson's distinctive words the text names, at least
LEAST = 2  # distinctive words in common, at least
AHEAD = 1.5  # the lesson named must share this many times more than the next one
STEM = 5  # leading letters two words share that make them one word's forms
BARE = frozenset({"number", "code", "time", "date"})  # kinds of figure that name no lesson
# "never" as a verdict agrees with a lesson that says "never" itself ("… never edit the
# signed row" restated as "… never an in-place edit")
# words that say what binds or what a claim was, none a thing a lesson is about (stems)
VERDICT_NOUNS = terms(
    "rule spec specification limit requirement policy law regulation adopted here such thing "
    "problem issue cause fix note theory idea rule"
).content
# a claim quoted by its short name: a quote mark, not an apostrophe inside a word ("week's")
QUOTE = re.compile(r"[\"“”]|(?<![A-Za-z])['‘’]|['‘’](?![A-Za-z])")
NEVER = re.compile(r"\bnever\b", re.IGNORECASE)
# a claim pointed at by a short name of its own: "that A2 note", "the spooler theory"
SHORT_NAME = re.compile(
    r"\b(?:that|this|the|my|our|your)\s+(?:earlier\s+|previous\s+|old\s+)?"
    r"(?P<name>(?:[^\s;:,.]+\s+){1,3}?)(?:note|tip|theory|lesson|idea|rule|claim|line|advice)s?\b",
    re.IGNORECASE,
)
BOUND = 2_000  # characters of a claim read for a short name
LONGEST = 2_000  # characters of a sentence whose denials are read


def verdict_of(text: str) -> bool:
    """The text carries a verdict on a claim (`VERDICT`), read on its first 20,000
    characters (a verdict buried past them names no lesson)."""
    return VERDICT.search(text[:20_000]) is not None


def named_by_verdict(
    text: str, held: Sequence[tuple[str, str]], judged: bool = False
) -> str | None:
    """The id of the one held lesson a text judging a claim names by its distinctive words
    and figures, in the lesson's spelling or another (`agentmem.core.namedalike`; see the
    module docstring), or None. `judged`: a worded shape read the text as a retraction,
    which is a verdict whatever its words."""
    if not (judged or verdict_of(text)):
        return None
    said = terms(text)
    told = distinctive(said.content - FRAMING)
    figures = _figures(said.values) | _codes(said.proper)
    agrees = NEVER.search(text) is not None
    scored: list[tuple[float, str]] = []
    for memory_id, held_text in held:
        if RETRACTED.match(held_text) or DENIED.search(held_text) or verdict_of(held_text):
            continue  # a retraction, or a lesson agreeing with one, is not what it withdraws
        if agrees and NEVER.search(held_text):
            continue  # "never" said by both: the text agrees with the lesson
        kept = terms(held_text)
        own = distinctive(kept.content - FRAMING) | _figures(kept.values) | _codes(kept.proper)
        shared = named(own, text, told | figures, held_text)
        if len(shared) < LEAST or len(shared) < SHARE * len(own):
            continue
        if _revalued(kept.values, said.values) or _apart(text, held_text):
            continue
        if not _denials_named(text, held_text):
            continue
        scored.append((len(shared) / len(own), memory_id))
    if not scored:
        return None
    scored.sort(reverse=True)
    if len(scored) > 1 and scored[0][0] < AHEAD * scored[1][0]:
        return None  # two lessons named alike: the text names neither for sure
    return scored[0][1]


def claim_names(text: str, said: tuple[str, str], held: str) -> bool:
    """Where a worded shape read the text's claim (`said`), the lesson a verdict names is
    the one withdrawn only when that claim is bare (framing and verdict words: "That
    lesson", "never a rule here"), or a record's, a struck line's or a quoted short name
    sharing a distinctive word or figure with the lesson; a claim told in words of its own
    was read by the picker, and a lesson it did not pick is kept. A proper name or code
    pointed at inside the claim ("I wrote that A2 note …") is such a name too, and so is a
    line the text strikes out, whatever claim a worded shape read elsewhere in it."""
    claim = _items(said[0]) - VERDICT_NOUNS
    if not claim:
        return True
    kept = _items(held)
    marked = QUOTE.search(said[0]) is not None or said == struck(text)
    names = [claim] if marked else []
    pointer = SHORT_NAME.search(said[0][:BOUND])
    # by a proper name or a code ("that A2 note"); a common word ("that printer lesson")
    # names a subject many lessons share, not the one withdrawn
    if pointer is not None and terms(pointer["name"]).proper & terms(held).proper:
        return True
    if (line := struck(text)) is not None and line != said:
        names.append(_items(line[0]) - VERDICT_NOUNS)
    # a stem sharing its first letters with another's ("extens" of "extension"), or
    # initials ("DAI" of "dynamic ad insertion"), names it
    return any(
        any(w == k or (len(w) >= STEM and w[:STEM] == k[:STEM]) for w in name for k in kept)
        or stands_in(name, text, kept, held)
        for name in names
        if name
    )


def _denials_named(text: str, held: str) -> bool:
    """Every cause the text denies in so many words ("the south tank gauges never had a
    battery problem") that the lesson names a part of is the lesson's: at least half its
    distinctive words stand in the lesson, in its spelling or another
    (`agentmem.core.namedalike.stands_in`: "the 3-stop crash everybody talks about" of the
    app that "crashes on jobs with more than 3 stops"), and none of the others qualifies a
    thing the lesson names ("west silo" of a lesson on the east silo: `qualifies`). A denial sharing no word with the lesson is said of the reason
    ("the line came from a draft bylaw that was not adopted"), and a verdict noun denied
    ("no such limit", "never a spec") is no cause."""
    kept = _items(held)
    # a "sentence" of thousands of characters is none: the denial patterns are not
    # linear on one (a hostile text), and a cause is denied in a sentence of a few lines
    sentences = [s for s in SENTENCE.split(text[:20_000]) if len(s) <= LONGEST]
    for d in (d for s in sentences for d in denials(s)):
        words = _items(d) - VERDICT_NOUNS
        found = stands_in(words, d, kept, held)
        if found and (2 * len(found) < len(words) or qualifies(d, found, words - found)):
            return False
    return True


@lru_cache(maxsize=4096)
def _items(text: str) -> frozenset[str]:
    """A text's distinctive words and figures."""
    said = terms(text)
    return distinctive(said.content - FRAMING) | _figures(said.values)


def _apart(text: str, held: str) -> bool:
    """The text names a thing apart from the lesson's (`set_apart`) or another instance of
    it (`another_instance`: another year, bay 7 against bay 4, another code), or another
    record of the lesson's code family and not the lesson's own ("SOP-4.3 was never in the
    binder" of the lesson SOP-4.2: another record, however many words they share)."""
    return set_apart(text, held) or another_instance(text, held) or _other_record(text, held)


def _other_record(text: str, held: str) -> bool:
    """The text carries a code of a family the lesson's code is of, and not the lesson's."""
    said, kept = codes(text), codes(held)
    families = {family for family, _ in kept}
    return not said & kept and any(family in families for family, _ in said)


def _figures(values: Mapping[str, frozenset[str]]) -> frozenset[str]:
    """A text's figures as items of its own, each with its unit ("4 h", "100 %"): a figure
    is a lesson's rarest word. Bare numbers are left out (a count, a line number, a
    subtitle's cue number say nothing of which lesson is named)."""
    return frozenset(
        f"{v} {kind}" for kind, found in values.items() if kind not in BARE for v in found
    )


def _codes(proper: frozenset[str]) -> frozenset[str]:
    """A text's codes (a proper name with a figure in it: "A2", "B7"), each a rare word
    that names its thing as a figure does."""
    return frozenset(p for p in proper if any(c.isdigit() for c in p))


def _revalued(kept: Mapping[str, frozenset[str]], said: Mapping[str, frozenset[str]]) -> bool:
    """The text gives a figure of a unit the lesson gives, and not the lesson's: a new
    value, or another thing's, never a verdict on the lesson's."""
    return any(
        kind not in BARE and said.get(kind) and not said[kind] & values
        for kind, values in kept.items()
    )
