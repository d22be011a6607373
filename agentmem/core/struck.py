"""Retractions told in markup or in a record's state rather than in words of judgement:
a struck span ("~~Flamingos inside below 5 C~~ <- wrong!", LaTeX ``\\sout{…}``, HTML
``<del>``/``<s>``) with no new value after it; an item marked withdrawn ("(obsolete)",
"[struck]", a tag "@deprecated"); a record whose status is changed to a withdrawn state
("Status: Active -> Withdrawn", "Won't Do", "Invalid"); and a rule judged a mistake ("…
deleted - entered by mistake", "was never in the SOP", "never was policy", "scrap it",
"disregard it"); a record pointing at the one it withdraws by its code ('"retracts":
"D-114"', "revokes SOP-4.2"). `agentmem.core.withdrawal.retraction` asks it when no worded
shape reads the text.

The claim withdrawn is what the mark is on: the struck words, the marked line, the record's
title, or the clause the judgement is of; the rest is the reason. A struck span followed by a
new value ("~~Tove, studio 2~~ -> Ahmed, studio 1", "~~4 h~~ 6 h") is a replacement, and no
retraction. The codes a retraction names (`named_codes`: in its claim, its record's head, or
pointed at) are how the picker knows the one lesson it withdraws (`agentmem.core.picked`).
Every pattern is bounded (no unbounded repeat beside another), so a hostile
text is read in linear time."""

from __future__ import annotations

import re
from functools import lru_cache

from agentmem.core.statement import terms

# A struck span: markdown, LaTeX (ulem's \sout, soul's \st) and HTML.
STRUCK = re.compile(
    r"~~(?P<md>[^~\n]{2,300}?)~~"
    r"|\\(?:sout|st|xout)\{(?P<tex>[^{}\n]{2,300})\}"
    r"|<(?P<tag>del|s|strike)(?:\s[^<>\n]{0,80})?>(?P<html>[^<>\n]{2,300}?)</(?P=tag)\s*>",
    re.IGNORECASE,
)
# What follows a struck span and makes it a replacement: an arrow to a new value, or a new
# value at once ("~~4 h~~ 6 h"); a judging word after it ("~~X~~ withdrawn by Alan",
# "~~X~~ <- wrong!") keeps it a retraction.
ARROW = re.compile(r"^[ \t]*(?:->|→|=>|⇒|-->|:=)[ \t]*[\w\"'(]")
JUDGING = re.compile(
    r"^[\W_]{0,12}(?:withdrawn|wrong|struck|retracted|removed|deleted|dropped|obsolete|"
    r"void|invalid|incorrect|mistaken|scrapped|cancell?ed|never|not\b|no\s+longer|"
    r"disregard|ignore|by\s+mistake|in\s+error|see\s+below|per\b)",
    re.IGNORECASE,
)
# A state a record is changed to that withdraws it ("Status: Active -> Withdrawn").
WITHDRAWN_STATE = (
    # the states a record of a rule is withdrawn by ("cancelled", "void" are what an order,
    # a booking or a machine's run comes to: "running -> cancelled" withdraws no lesson)
    r"(?:withdrawn|won'?t\s+(?:do|fix)|invalid|rejected|obsolete|retracted|deprecated|"
    r"revoked|rescinded|struck|not\s+a\s+(?:rule|bug)|"
    r"closed\s*[(/-]\s*(?:invalid|won'?t\s+(?:do|fix)|not\s+planned))"
)
STATUS = re.compile(
    # "Status: Active -> Withdrawn" anywhere; "Resolution: Invalid" only as a record's field,
    # at a line's opening ("orders in status: cancelled are refunded" is a lesson)
    r"\b(?:status|state|resolution)[ \t]{0,4}[:=][ \t]{0,4}[\w']{1,24}(?:[ \t]{1,3}[\w']{1,24})"
    rf"{{0,2}}[ \t]{{0,3}}(?:->|→|=>|⇒|-->)[ \t]{{0,4}}[\"'*]{{0,2}}{WITHDRAWN_STATE}\b"
    r"|^[ \t*#>-]{0,6}(?:status|state|resolution)[ \t]{0,4}[:=][ \t]{0,4}[\"'*]{0,2}"
    rf"{WITHDRAWN_STATE}\b",
    re.IGNORECASE | re.MULTILINE,
)
# A commit that reverts another, its subject quoted: 'e5f2a10 Revert "docs: add X"'.
REVERT = re.compile(
    r"^[ \t]{0,4}(?:[0-9a-f]{7,40}[ \t]{1,4})?revert[ \t]{1,4}\"(?P<q>[^\"\n]{3,200})\"", re.I
)
# An item marked withdrawn: "(obsolete)", "[struck]", "@deprecated", "{withdrawn}".
# The mark is on the whole item: it ends the line (punctuation, a note after a dash or a
# colon at most) or opens it ("the v1 endpoint (obsolete) returns 410" marks a word of a
# lesson, not the lesson).
MARKED = re.compile(
    r"[(\[{][ \t]{0,3}(?:obsolete|struck|withdrawn|retracted|deprecated|void|rescinded|"
    r"struck\s+out|no\s+longer\s+valid)[ \t]{0,3}[)\]}]"
    r"(?=[ \t]{0,3}(?:[.;!]?[ \t]{0,3}(?:$|[-—–:<]))|[ \t]{0,3}\W{0,3}$)"
    r"|^[ \t*#>-]{0,6}[(\[{][ \t]{0,3}(?:obsolete|struck|withdrawn|retracted|deprecated|void|"
    r"rescinded|struck\s+out|no\s+longer\s+valid)[ \t]{0,3}[)\]}]"
    r"|^[ \t*#>-]{0,6}@(?:deprecated|obsolete|withdrawn|retracted)\b",
    re.IGNORECASE | re.MULTILINE,
)
# A rule judged a mistake, or never one: "entered by mistake", "was never in the SOP",
# "never was policy", "scrap the pH rule", "disregard it".
MISTAKE = re.compile(
    r"\b(?P<error>(?:entered|added|set|created|written|copied|put\s+in|listed|logged|filed|"
    r"made)\s+(?:\w+\s+){0,2}?(?:by\s+mistake|in\s+error|by\s+accident))\b"
    # said of the rule itself ("it was never in the SOP"), not of a thing ("feeds the board
    # and never the stop rules")
    r"|\b(?:(?:was|were|is|are|has\s+been|had\s+been|it's|that's)\s+never|never\s+(?:was|were|"
    r"been|existed\s+as))\s+(?:a\s+|an\s+|the\s+|our\s+|"
    r"in\s+(?:the|our|any)\s+|part\s+of\s+(?:the|our)\s+)?(?:\w+\s+)?"
    r"(?:rule|policy|requirement|sop|handbook|manual|runbook|procedure|regulation)s?\b"
    # a rule nobody with the say ever made one: "the 30% deposit was never approved"
    r"|\b(?:was|were|is|are|has|have)\s+never\s+(?:been\s+)?(?:approved|adopted|ratified|"
    r"signed\s+off|agreed|official|enforced|in\s+force)\b"
    # "scrap it" ("kill it", "drop it" are what a lesson does to a hung worker or a pallet)
    r"|\bscrap\s+(?:it|that|this)\b|\b(?:scrap|drop|bin)\s+the\s+(?:[\w-]+\s+){0,4}?"
    r"(?:rule|note|lesson|tip|advice|guidance|requirement)\b"
    # "disregard it" judges what was said before; "ignore them" is how a lesson treats noise
    r"|\bdisregard\s+(?:it|that|this|(?:the|my|our)\s+(?:earlier|previous|above|old|last)\b"
    r"|(?:that|this|the)\s+(?:[\w-]+\s+){0,3}?(?:rule|note|lesson|tip|advice))\b",
    re.IGNORECASE,
)
# What a record entered by mistake is when it is a lesson's: a rule, a flag, a step, …
RULEISH = re.compile(
    r"\b(?:rule|flag|entry|note|restriction|limit|step|requirement|item|check|policy|setting|"
    r"lesson|tip|ticket|record|card|guideline)s?\b",
    re.IGNORECASE,
)
# A note pointed at and set aside, its claim after it: "Ignore the note about Sandra
# approving the labels - …" (the claim ends at a stop or a dash).
IGNORED = re.compile(
    r"\b(?:ignore|disregard)\s+(?:the|that|this|my|our)\s+(?:earlier\s+|previous\s+|old\s+|"
    r"last\s+)?(?:note|lesson|tip|advice|rule|entry|comment)\s+(?:about|on|saying|that)\s+"
    r"(?P<what>[^.;!?\n—–]{3,160}?)(?=\s+-+\s|\s*[.;!?\n—–]|\s*$)",
    re.IGNORECASE,
)
LINE_CLAUSE = re.compile(r"[.;:!?](?:\s+|$)|\s+[—–]\s+|\s+-{1,3}\s+|\s+<-+\s*|\n")
# A record's code, a ticket's key or a rule's number ("RULE-88", "SOP-4.2", "D-114", "YARD-33"):
# its family (the letters) and its number. Two codes of one family are two records.
CODE = re.compile(
    r"(?<![\w./-])(?P<family>[A-Z][A-Z0-9]{0,11})-(?P<number>\d{1,6}(?:\.\d{1,4}){0,3})"
    r"(?![\w/-]|\.\d)"
)
# A record pointing at the one it withdraws by its code: '"retracts": "D-114"', "revokes
# SOP-4.2" ("supersedes D-101" names the record it replaces: no retraction, but its code).
REFERS = re.compile(
    r"\b(?i:(?P<verb>retracts|withdraws|revokes|rescinds|supersedes|replaces|reverts))"
    r"[\"']?[ \t]{0,3}[:=]?[ \t]{0,3}[\"'\[]{0,2}[ \t]{0,2}" + CODE.pattern
)
WITHDRAWING = frozenset({"retracts", "withdraws", "revokes", "rescinds"})
QUOTED = re.compile(r"\"(?P<q>[^\"\n]{3,200})\"|“(?P<c>[^”\n]{3,200})”")
BOUND = 20_000  # a retraction is short; a longer text is read by its opening only


@lru_cache(maxsize=4096)  # asked by `retraction`, then again by the picker of the same text
def struck(text: str) -> tuple[str, str] | None:
    """(the claim withdrawn, the reason given) when the text withdraws a lesson in one of
    the shapes of the module docstring, else None."""
    text = text[:BOUND]
    return (
        struck_out(text)
        or _status(text)
        or _marked(text)
        or _ignored(text)
        or _mistake(text)
        or _refers(text)
    )


def named_codes(text: str, said: tuple[str, str]) -> frozenset[tuple[str, str]]:
    """The codes (family, number) a retraction names its lesson by: in its claim, in the
    record's head before the reason ("RULE-88 \"…\" Status: Active -> Rejected"), or
    pointed at ('"retracts": "D-114"', "supersedes D-101"). A code in the reason only ("see
    RULE-90 for the rule now") names what holds, not what is withdrawn."""
    text = text[:BOUND]
    at = text.find(said[1]) if said[1].strip() else -1
    head = text if at < 0 else text[:at]
    found = {(m["family"], m["number"]) for m in CODE.finditer(said[0] + "\n" + head)}
    found |= {(m["family"], m["number"]) for m in REFERS.finditer(text)}
    return frozenset(found)


def codes(text: str) -> frozenset[tuple[str, str]]:
    """The codes (family, number) a text carries."""
    return frozenset((m["family"], m["number"]) for m in CODE.finditer(text[:BOUND]))


@lru_cache(maxsize=4096)  # asked by `struck`, then again by the picker of the same text
def struck_out(text: str) -> tuple[str, str] | None:
    """`struck`, only where the mark is on the claim's own words: a struck span, or the
    quoted subject of a reverted commit. Such a claim names its lesson by few words; a
    claim read from a record's state, a mark on an item or a judgement is read as a
    worded retraction's is."""
    text = text[:BOUND]
    return _struck_span(text) or _reverted(text)


def _struck_span(text: str) -> tuple[str, str] | None:
    spans = list(STRUCK.finditer(text))
    if not spans:
        return None
    for span in spans:
        after = text[span.end() :]
        if ARROW.match(after) or (_new_value(after) and not JUDGING.match(after)):
            return None  # a replacement: the struck words have a successor
    claim = "; ".join(_inner(s) for s in spans)
    if not terms(claim).content:
        return None
    rest = STRUCK.sub(" ", text)
    return claim, re.sub(r"\s+", " ", rest).strip(" -—–<:;,.!")


def _inner(span: re.Match[str]) -> str:
    return (span["md"] or span["tex"] or span["html"] or "").strip()


def _new_value(after: str) -> bool:
    """Words follow the struck span on its line at once ("~~4 h~~ 6 h", "\\sout{A}
    \\textbf{B}"), not a comment ("--- struck: …", "<- wrong!")."""
    line = after.split("\n", 1)[0].strip()
    if not line or line.startswith("<-"):
        return False
    return line[0].isalnum() or line[0] in "\"'\\*_<[`"


def _reverted(text: str) -> tuple[str, str] | None:
    """A revert's quoted subject is the claim (the commit's type prefix, "docs:", is none)."""
    match = REVERT.match(text)
    if match is None:
        return None
    claim = re.sub(r"^[\w()!-]{1,20}:\s*", "", match["q"])
    if not terms(claim).content:
        return None
    return claim, text[match.end() :].strip(" -—–:;,.()")


def _status(text: str) -> tuple[str, str] | None:
    match = STATUS.search(text)
    if match is None:
        return None
    return _title(text, match)


def _marked(text: str) -> tuple[str, str] | None:
    match = MARKED.search(text)
    if match is None:
        return None
    line_start = text.rfind("\n", 0, match.start()) + 1
    line_end = text.find("\n", match.end())
    line_end = len(text) if line_end < 0 else line_end
    line = (text[line_start : match.start()] + " " + text[match.end() : line_end]).strip()
    claim, note = _split_note(line)
    rest = (text[:line_start] + " " + note + " " + text[line_end:]).strip()
    if not terms(claim).content:  # a tag line alone ("@deprecated"): the next line is the claim
        lines = [ln.strip() for ln in text[line_end:].split("\n") if ln.strip()]
        if not lines:
            return None
        claim, rest = lines[0], " ".join(lines[1:])
    if not terms(claim).content:
        return None
    return claim, rest


def _split_note(line: str) -> tuple[str, str]:
    """A marked line's claim and the note after it ("X - struck: …"), or the whole line."""
    parts = LINE_CLAUSE.split(line, maxsplit=1)
    if len(parts) == 2 and terms(parts[0]).content:
        return parts[0], parts[1]
    return line, ""


def _title(text: str, match: re.Match[str]) -> tuple[str, str] | None:
    """The record's title: a quoted name, else the first line that is not the status."""
    quoted = QUOTED.search(text)
    if quoted is not None:
        claim = quoted["q"] or quoted["c"] or ""
    else:
        line_start = text.rfind("\n", 0, match.start()) + 1
        before = text[:line_start].strip().split("\n")
        candidates = [ln for ln in before if terms(ln).content]
        if candidates:
            claim = candidates[0]
        else:
            first = LINE_CLAUSE.split(text[: match.start()].strip())
            claim = next((p for p in first if terms(p).content), "")
    if not terms(claim).content:
        return None
    rest = text[match.end() :].strip(" \n-:;,.")
    return claim.strip(), rest


def _refers(text: str) -> tuple[str, str] | None:
    """A record withdrawing another by its code: the claim is the code, read against the
    held lessons that carry it (`agentmem.core.picked`), never by words."""
    for match in REFERS.finditer(text):
        if match["verb"].lower() in WITHDRAWING:
            rest = (text[: match.start()] + " " + text[match.end() :]).strip(" \n-:;,.{}[]\"'")
            return match.group(0)[match.start("family") - match.start() :], rest
    return None


def _ignored(text: str) -> tuple[str, str] | None:
    match = IGNORED.search(text)
    if match is None or not _claimlike(match["what"]):
        return None
    return match["what"].strip(), text[match.end() :].strip(" -—–:;,.!")


def _mistake(text: str) -> tuple[str, str] | None:
    match = MISTAKE.search(text)
    if match is None:
        return None
    line_start = text.rfind("\n", 0, match.start()) + 1
    before = text[line_start : match.start()]
    clauses = [p.strip() for p in LINE_CLAUSE.split(before) if p and _claimlike(p)]
    if not clauses:
        return None
    claim = "; ".join(clauses)
    if match["error"] and not RULEISH.search(claim):
        return None  # "the dryer was set by mistake to 90 C" is an incident, not a rule undone
    rest = text[match.end() :].strip(" -—–:;,.!")
    return claim, rest


def _claimlike(clause: str) -> bool:
    """A clause with words of its own (not "it was", "that one")."""
    return len(terms(clause).content) >= 2
