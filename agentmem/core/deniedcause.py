"""A cause a lesson gave, denied outright in a text that opens no retraction: "the fan is
rated fine", "the stalls weren't XQW at all", "the gauges never had a battery problem",
"the hum was a loose bracket, not fan wear". The text judges the thing (fine, not at all,
no problem of that kind, not it beside what it was) rather than saying a state ("the fan
was not primed" tells a cause, it judges none), so its shapes are few and strict.

What ties the denial to a held lesson is that lesson's cause (`agentmem.core.gainsay.
HELD_CAUSE`, or "X fails when Y"): the thing denied names one of the cause's distinctive
words, a rare word of its own (a noun, a name), never a common verb or a word of any
subject ("read", "run", "time"), or the cause's initials ("XQW" of "the xenon quench wheel").
And the text is about the failure the lesson explains: two of the distinctive words the
lesson says of its failure (before its cause) are the text's too, outside the thing
denied, and a denial told of a subject of its own names no distinctive word the lesson
lacks ("the south gauges never had a battery problem" leaves a lesson on the north ones).
A text that tells most of the cause again beside the thing it denies ("the oven fans
stall: the belt is worn, the motor is fine" of "… because the motor's belt is worn")
denies a detail of the cause, not the cause."""

from __future__ import annotations

import re

from agentmem.core.cues import NEGATION
from agentmem.core.disowned import FINE_WORDS, NO_KIND, SENTENCE
from agentmem.core.gainsay import HELD_CAUSE, JUDGING
from agentmem.core.statement import function_words, terms
from agentmem.core.words import tokenized

# "<thing> is fine", "<thing> was rated fine": the thing itself is denied.
FINE = re.compile(
    r"(?P<thing>[^.;:!?,—–]{2,80}?)\s+(?:was|were|is|are)\s+(?:\w+(?:ed|en)\s+)?(?:all\s+)?"
    + FINE_WORDS,
    re.IGNORECASE,
)
# "<subject> weren't <thing> at all": a thing, not a state ("wasn't primed at all").
AT_ALL = re.compile(
    r"(?P<subject>[^.;:!?,—–]{2,80}?)\s+(?:was|were|is|are)(?:n't|\s+not|\s+never)\s+"
    r"(?:(?:a|an|the)\s+)?(?P<thing>(?!\w+(?:ed|en|ing|ly)\b)[^.;:!?,—–]{1,40}?)\s+at\s+all\b",
    re.IGNORECASE,
)
# "<subject> had nothing to do with <thing>".
NOTHING = re.compile(
    r"(?P<subject>[^.;:!?,—–]{2,80}?)\s+(?:has|had|have)\s+nothing\s+to\s+do\s+with\s+"
    r"(?P<thing>[^.;:!?(),]{2,80})",
    re.IGNORECASE,
)
# "<subject> never had a <thing> problem".
NO_PROBLEM = re.compile(
    r"(?P<subject>[^.;:!?,—–]{2,80}?)\s+" + NO_KIND.format(thing="thing"), re.IGNORECASE
)
# "<subject> was a <cause>, not <thing>": the cause told, the one it replaces denied.
INSTEAD = re.compile(
    r"(?P<subject>[^.;:!?,—–]{2,80}?)\s+(?:was|were|is|are)\s+(?:a|an|the)?\s*[^.;:!?,]{2,80}?"
    r",\s+not\s+(?:(?:from|by|due\s+to|because\s+of)\s+)?(?P<thing>[^.;:!?(),]{2,60})",
    re.IGNORECASE,
)
# "<subject> was never <thing>", "<subject> wasn't <thing>", up to the clause's end: a
# thing judged not to be what the subject was ("the crash was never the driver"), not a
# state ("wasn't primed", "was not running": no -ed, -en, -ing or -ly word opens it).
NOT_IT = re.compile(
    r"(?P<subject>[^.;:!?,—–]{2,80}?)\s+(?:was|were|is|are)(?:n't|\s+not|\s+never)\s+"
    r"(?:(?:a|an|the)\s+)?(?P<thing>(?!\w+(?:ed|en|ing|ly)\b)[^.;:!?,—–()]{2,60}?)"
    r"\s*(?=[.;:!?,—–(]|$)",
    re.IGNORECASE,
)
# "there is no <thing>", "<subject> has no <thing> at all", the whole clause: the thing
# said not to exist. Read only against a cause that says no thing is missing (`denied_cause`).
NO_SUCH = re.compile(
    r"(?:(?P<subject>[^.;:!?,—–]{2,80}?)\s+(?:has|have|had)|\bthere\s+(?:is|are|was|were))"
    r"\s+no\s+(?P<thing>[^.;:!?,—–()]{2,60}?)(?:\s+at\s+all)?\s*(?=[.;:!?,—–(]|$)",
    re.IGNORECASE,
)
SHAPES = (FINE, AT_ALL, NOTHING, NO_PROBLEM, INSTEAD, NOT_IT, NO_SUCH)
# Words that name a failure as a failure, of any subject: "the charging bug", "the root cause".
FAILURE_NOUNS = frozenset("bug root glitch fault culprit".split())  # noqa: SIM905
# "X fails when Y": a failure told with its cause in a "when" ("X stops when Y" is a remedy).
FAILS_WHEN = re.compile(
    r"\b(?:throws?|thrown|fails?|failed|crash(?:es|ed)?|trips?|tripped|stalls?|stalled|hangs?|"
    r"rejects?|rejected|errors?\s+out|times?\s+out)\b[^.;:!?]{0,80}?\bwhen\s+"
    r"(?P<cause>(?:[^.;:!?]|[.:](?=\S)){3,160})",
    re.IGNORECASE,
)
# Words too common to tie a denial to a lesson: said of any subject (stems, as `terms` gives).
COMMON = frozenset(
    "read write run get set make take use go come show work start stop fail failur chang "  # noqa: SIM905
    "need keep send put give see look call tri turn open close hold move find add remov "
    "time day week hour minut problem issu thing way part data file system error valu "
    "number high low new old big small good bad fine right wrong first last more less "
    "caus reason result case point job task step check test".split()
)
PROPER_INITIALS = re.compile(r"\b[A-Z0-9][A-Za-z0-9]*[A-Z][A-Za-z0-9]*\b")  # "XQW", "4PK"
JOINT = re.compile(
    r"\b(?:although|though|but|and|because|while|since|so|that|when|whereas|if|as)\b", re.I
)
WORD = re.compile(r"[a-z0-9]+")
INITIALS = 3  # letters an acronym needs at least
FAILURE_TIE = 2  # distinctive words of the lesson's failure the text says too


def denied_cause(text: str, held: str) -> bool:
    """Whether the text denies, in one of the strict shapes of the module docstring, the
    cause the held lesson gives, about the failure it explains."""
    cause = HELD_CAUSE.search(held) or FAILS_WHEN.search(held)
    if cause is None:
        return False
    told = cause.group(cause.lastgroup or 0)
    given = distinctive(terms(told).content)
    failure = distinctive(terms(held[: cause.start(cause.lastgroup or 0)]).tokens)
    kept = terms(held).tokens
    for sentence in SENTENCE.split(text.strip()):
        for shape in SHAPES:
            if shape is NO_SUCH and NEGATION.search(told):
                continue  # "… because it has no X": a text saying so again agrees
            for match in shape.finditer(sentence):
                thing = _last_clause(match["thing"])
                denied = distinctive(terms(thing).content)
                if not (denied & given or _initials(thing, told)):
                    continue
                subject = _last_clause(match.groupdict().get("subject") or "")
                if distinctive(terms(subject).tokens) - kept - FAILURE_NOUNS:
                    continue  # a subject of its own the lesson does not name
                said = distinctive(terms(text.replace(thing, " ")).tokens)
                # the cause told again beside: a detail denied, no cause (the subject the
                # cause is denied of names the failure, not the cause)
                beside = said - distinctive(terms(subject).tokens) if subject else said
                rest = given - denied
                if len(rest & beside) >= FAILURE_TIE and len(rest & beside) * 2 > len(rest):
                    continue
                if len(said & failure) >= FAILURE_TIE:
                    return True
    return False


def _last_clause(words: str) -> str:
    """The words after the last joint of clauses ("the alarms kept on although the fan":
    "the fan"), where the thing a shape reads before its verb begins."""
    return JOINT.split(words)[-1]


def distinctive(words: frozenset[str]) -> frozenset[str]:
    """The words that name a thing of one subject: not common (`COMMON`), not judging, no
    function word, no bare figure."""
    return (
        frozenset(
            w
            for w in words
            if len(w) > 2 and not w.isdigit() and w not in COMMON and w not in JUDGING
        )
        - function_words()
    )


def _initials(thing: str, cause: str) -> bool:
    """The thing denied is written as the initials of words the cause says in full ("XQW"
    of "the xenon quench wheel"), function words left out."""
    said = [w for w in WORD.findall(cause.lower()) if w not in function_words()]
    # a figure or a lone letter ("3-D") is an initial of its own; a stopword is none
    kept = [w for w in said if tokenized(w) or w.isdigit() or (len(w) == 1 and w != "a")]
    letters = "".join(w[0] for w in kept)
    return any(len(a) >= INITIALS and a.lower() in letters for a in PROPER_INITIALS.findall(thing))
