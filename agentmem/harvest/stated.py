"""What a paragraph states, what its label says it is, and claims a note sets right.

Three readers of text outside any section named for lessons:

- `label_type`: a paragraph or item that opens with a label of a lesson kind ("What we take
  away: …", "Rule: …", "Root cause: …") is a lesson of that kind whole; one with a label of
  plans or of the story ("Open: …", "Impact: …", "Context.") is none.
- `stated`: the sentences of a letter's paragraph (`agentmem.harvest.standing`) that state
  something a later worker acts on: a rule (must, never, goes through), how things are now
  (no longer, from a day on, what replaced what), a cause or a fix, a correction (wrong,
  withdrawn, out of date), a limit with its number. Never a guess ("our assumption is …",
  "current belief is …"), a question (bold or plain), the story ("On Tuesday …") or work
  still to do (a name and what they will do, someone still to measure or decide).
- `corrected`: a quoted claim judged false ("\"…\" Wrong: …"), written as a retraction.

A retro's own prose and plain notes under no heading of a lesson kind are not read sentence
by sentence (`agentmem.harvest.distill`): so read, they gave as many memories as lessons,
their events, counts and old values among them.
"""

from __future__ import annotations

import re

from agentmem.core.model import MemoryType
from agentmem.harvest.sections import PLANS, section_type

RULE = (
    r"\b(?:must|should|shall|need(?:s|ed)?|has to|have to|do not|don't|does not|doesn't|"
    r"never|always|only|make sure|avoid|instead|rather than|requires?|required|"
    r"goes through|go through|goes to|go to|belongs? to|lives? (?:in|on|next to)|"
    r"is for|are for|not for|safe|allowed|refuses?)\b"
)
STATE = (
    r"\b(?:now|no longer|any ?more|from now on|going forward|from [\w.-]*\d[\w.-]*(?: \w+)? on|"
    r"is gone|are gone|moved? (?:to|from)|moves? (?:to|from)|switched|"
    r"stays?|remains?|permanent|not coming back|is back|until)\b"
    r"|\breplace[ds]? (?:by|with|it|them)\b|\breplaces\b"
)
CAUSE = (
    r"\b(?:because|caused|came from|comes? from|root cause|due to|the problem (?:is|was)|"
    r"the (?:real )?fix|fixed (?:by|with|it)|fixes|turns? out|turned out|"
    r"the lesson|lesson is|the reason|it was the|was the cause|not the)\b"
)
CORRECTION = (
    r"\b(?:(?:is|was|are|were|proved|turned out)\s+(?:\w+\s+)?false|^\W*false)\b"
    r"|\b(?:wrong|incorrect|retract(?:ed|s)?|withdrawn|out of date|outdated|"
    r"did nothing|never (?:was|were|helped|fixed)|mistake)\b"
)
LIMIT = (
    r"(?:\b(?:limit|caps?|capped|max(?:imum)?|minimum|at most|at least|more than|quota|"
    r"timeout|ttl|expir\w*|window|threshold|lasts|per (?:user|minute|second|hour|day|key|"
    r"client|node|team|request))\b.*\d|\d.*\b(?:limit|caps?|quota|timeout|ttl|window|"
    r"per (?:user|minute|second|hour|day|key|client|node|team|request))\b|\d+ ?/ ?(?:min|s|h)\b)"
)
# A sentence that judges an earlier claim ("the spool advice … was wrong"), whose reason and
# fix follow it.
CORRECTED = re.compile(
    r"\b(?:was|were|is|are|turned out(?: to be)?) (?:\w+ )?(?:wrong|false|incorrect|out of date)\b"
    r"|\bretract(?:ed|s)?\b|\bwithdrawn\b",
    re.IGNORECASE,
)
# A sentence of the story: it opens on when it happened ("On Thursday …", "On 05-02 we …").
STORY_SENTENCE = re.compile(
    r"^(?:on|by|at|during|last|yesterday|this|that|early|late)\s+(?:the\s+)?"
    r"(?:\d[\d./-]*|(?:mon|tues|wednes|thurs|fri|satur|sun)day|morning|evening|night|week|"
    r"weekend|sprint|month)\b",
    re.IGNORECASE,
)
STATES = re.compile("|".join((RULE, STATE, CAUSE, CORRECTION, LIMIT)), re.IGNORECASE)
# What the author marks as unsure: a guess is a hypothesis to test, not a lesson.
GUESS = re.compile(
    r"\b(?:i|we) (?:think|guess|suspect|believe)\b|\bnot (?:yet )?(?:verified|confirmed|tested)\b"
    r"|\b(?:unverified|unconfirmed|untested|probably|presumably|perhaps|maybe|hypothes[ie]s)\b"
    r"|\bassum(?:e|es|ed|ing|ption)\b|\bworking theory\b"
    r"|\b(?:seems?|appears?|looks?) (?:to be |like )?(?:off|good|fine|ok|related|like)\b|\bmay be\b|\bmight\b|\bnot (?:sure|clear)\b"
    r"|\bunclear\b|\bnobody (?:can|could) explain\b|\bno idea\b"
    r"|\b(?:current|our|the) (?:belief|theory|hunch)\b",
    re.IGNORECASE,
)
# Work still to do, told in a sentence: "TODO: …", "Lena said she would …", "Omar to bump
# it", "ask the supplier whether …", "parked".
PLAN = re.compile(
    r"^\W*(?:todo|to do|tbd|open|next|follow[- ]?up)\b\W|\b(?:said (?:she|he|they) would|"
    r"(?:we|i|they) (?:will|'ll|are going to|plan to)|planned|parked|someone asked|"
    r"asked (?:for|whether|if))\b|^[A-Z][a-z]+ to [a-z]+\b|\b[A-Z][a-z]+ to (?:lower|raise|"
    r"fix|add|check|look|update|write|set|change|ask|follow)\b"
    # a hand-off: what someone is still to find out ("… squad to measure", "needs checking")
    r"|\bto (?:measure|decide|confirm|investigate|find out|look into)\b"
    r"|\bneeds? (?:checking|a look|looking into|to be checked)\b",
)
# A label that opens a paragraph or an item ("What we take away: …", "Context. …").
LABEL = re.compile(r"^\W{0,2}(?P<label>[A-Za-z][\w /&'-]{1,40}?)\W{0,2}(?P<end>[:.])\**\s+(?=\S)")
MAX_LABEL_WORDS = 6
# Labels of the story or its background: what follows tells what happened, not what to do.
STORY = re.compile(
    r"^\W*(?:context|background|impact|summary|timeline|numbers|stats|what happened|"
    r"(?:the )?(?:root )?causes?|"
    r"highlights?|lowlights?|runs|status|owner|attendees|date|agenda)\b",
    re.IGNORECASE,
)
# Words that type a label beyond a section's heading words ("What we take away", "What
# works", "Rule", "Root cause", "What we would do differently", "The fix").
LABEL_TYPES: tuple[tuple[MemoryType, re.Pattern[str]], ...] = (
    (
        MemoryType.PROCEDURAL,
        re.compile(r"\b(?:what works|what worked|do differently|fix(?:ed)?|rule|from now on)\b"),
    ),
    (
        MemoryType.SEMANTIC,
        re.compile(
            r"\b(?:take ?aways?|what we (?:take|believe|know|learned)|"
            r"decision|turns? out|note)\b"
        ),
    ),
)
SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z(`\"*])")
MIN_CHARS = 20
MAX_JOINED = 2  # sentences a correction takes with it: its reason, its fix


def label_type(text: str) -> tuple[MemoryType | None, str | None, str]:
    """What a paragraph's opening label says it is: (its type, "plan"/"story" or None, the
    text after the label). A text with no label is (None, None, text)."""
    match = LABEL.match(text)
    if match is None or len(match.group("label").split()) > MAX_LABEL_WORDS:
        return None, None, text
    label, rest = match.group("label").lower(), text[match.end() :]
    if match.group("end") == "." and len(label.split()) > 2:
        return None, None, text  # a sentence's first words, not a label
    if PLANS.search(label) or label.strip() in ("open", "todo", "to do"):
        return None, "plan", rest
    if STORY.match(label):
        return None, "story", rest
    if match.group("end") == ":" and (kind := section_type(label)) is not None:
        return kind, None, text  # its label ("Correction to …:") is part of what it says
    for memory_type, words in LABEL_TYPES:
        if words.search(label):
            return memory_type, None, _capital(rest)
    return None, None, text


def states(sentence: str) -> bool:
    """Whether a sentence states a lesson (see the module): a rule, a state, a cause or a
    fix, a correction, a limit; not a guess, a question or work still to do."""
    text = sentence.strip()
    if len(text) < MIN_CHARS or _asks(text) or text.endswith(":"):  # a question, a list's intro
        return False
    if GUESS.search(text) or PLAN.search(text) or STORY_SENTENCE.match(text):
        return False
    return STATES.search(text) is not None


def sentences(text: str) -> list[str]:
    """A paragraph's sentences (a clause after ";" that starts anew counts as one)."""
    return [part.strip() for part in SENTENCE.split(text) if part.strip()]


def stated(paragraph: str) -> list[tuple[MemoryType, str]]:
    """The lessons a prose paragraph states: all of it after a label of a lesson kind,
    nothing after a label of plans or of the story, else each sentence that `states`."""
    kind, role, rest = label_type(paragraph)
    if role is not None:
        return []
    if kind is not None:
        kept = [s for s in sentences(rest) if not (GUESS.search(s) or PLAN.search(s))]
        return [(kind, _capital(" ".join(kept)))] if kept else []
    found: list[tuple[MemoryType, str]] = []
    parts = sentences(paragraph)
    at = 0
    while at < len(parts):
        if not states(parts[at]):
            at += 1
            continue
        # A correction ("the spool advice was wrong.") alone says nothing of what is right:
        # the sentences after it that state something (the cause, the fix) go with it.
        end = at + 1
        if CORRECTED.search(parts[at]):
            while end < len(parts) and end - at <= MAX_JOINED and states(parts[end]):
                end += 1
        found.append((MemoryType.SEMANTIC, " ".join(parts[at:end])))
        at = end
    return found


# A claim set right: a quoted (or bold) claim, then its verdict ("False.", "Wrong:", "Not
# since …", "Only while …", "Gone with …"): the claim is withdrawn, the rest tells why.
CLAIM = re.compile(
    r"^[*_]*[\"“'](?P<claim>[^\"”]{8,200}?)[.,]?[\"”'][*_]*\s*[.:]?\s*(?P<rest>.*)$", re.DOTALL
)
VERDICT = re.compile(
    r"^\W*(?:false|wrong|incorrect|untrue|not true|not any ?more|no longer|not since|"
    r"only (?:while|until|when|if)|gone|retracted|withdrawn|out of date|myth)\b",
    re.IGNORECASE,
)
FALSE_HEADING = re.compile(
    r"\b(?:false|wrong|myths?|turned out|corrections?|debunked|believed|retracted)\b",
    re.IGNORECASE,
)


def corrected(item: str, heading: str | None) -> str | None:
    """An item that quotes a claim and judges it ("\\"Night prints need two operators.\\"
    Only while …"), or quotes it under a heading of claims proved false: "Retracted: <claim>;
    <the rest>", so the writer withdraws the held lesson it quotes (the rest, which often
    gives the new value, stays in the same lesson)."""
    match = CLAIM.match(item.strip())
    if match is None:
        return None
    rest = match.group("rest").strip()
    if not (VERDICT.match(rest) or (heading is not None and FALSE_HEADING.search(heading))):
        return None
    claim = match.group("claim").strip().rstrip(".")
    return f"Retracted: {claim}; {rest}" if rest else f"Retracted: {claim}."


def _asks(text: str) -> bool:
    """A question, bold or plain ("**What changed?**"): it asks, it tells nothing."""
    return text.strip().rstrip("*_ ").endswith("?")


def _capital(text: str) -> str:
    """A lesson told after its label, as a sentence of its own."""
    first = text.split(maxsplit=1)[0] if text else ""
    return text[:1].upper() + text[1:] if first.isalpha() and first.islower() else text
