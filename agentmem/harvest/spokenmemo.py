"""A retro dictated and transcribed (a voice memo): read as what the speaker meant.

A transcript says so near its top ("transcribed", "dictated", "voice memo") or is full of
fillers ("um", "uh", "er"). Before its lessons are read, it is set in writing's terms:

- a self-correction keeps the corrected words alone ("the pump in bay two, no wait, I mean
  the one in bay three" reads "the one in bay three"): the first words were never a fact;
- fillers and stutters go ("so, um, the kiln" reads "so, the kiln"; "so - so" reads "so");
- numbers said in words are written as numbers ("point oh four" reads 0.04, "six a.m."
  06:00, "at seven fifteen" 07:15, "twelve minutes" 12 minutes), so a later text that writes
  the value in digits is seen to tell the same value, or a new one.

A sentence taking back an earlier lesson ("Scratch that.") is left as it is: what it takes
back is another text's, read by the retraction readers."""

from __future__ import annotations

import re

from agentmem.core.numberwords import TEEN, TEN, TENS, UNIT, VALUE

# "transcript" alone is as often a record of grades or a chat log: not a sign of speech
MARKED = re.compile(
    r"\b(?:transcribed|transcription|dictated|dictation|voice[- ](?:memo|note|message)s?)\b"
    r"|\(transcript\b",
    re.IGNORECASE,
)
FILLER_WORD = r"(?:um+|uh+|er+m?|uhm|hmm+)"
FILLERS = re.compile(rf"\b{FILLER_WORD}\b", re.IGNORECASE)
# a filler with its commas or dashes ("so, um, the" -> "so, the"; "so - um - it" -> "so it")
FILLER = re.compile(
    rf"(?:\s*[,-]\s*|\s+|^)(?:{FILLER_WORD}|like)(?:\s*[,-]\s*)(?=\S)|\b{FILLER_WORD}\b[,.]?\s*",
    re.IGNORECASE | re.MULTILINE,
)
# a word or two said twice across a dash ("so - so", "the - the")
STUTTER = re.compile(r"\b(\w+(?:\s+\w+)?)\s+-\s+\1\b", re.IGNORECASE)
# the words that mark what follows as the words meant instead of those before
REPAIR = re.compile(
    r"\s*[,\-–—]\s*(?:(?:no|wait|sorry|hang on|actually|scratch that)\s*[,\-–—]\s*|(?:no|wait)\s+){0,3}"
    r"(?:(?:no|wait|sorry|hang on|actually|scratch that)\s*[,\-–—]\s*"
    r"|(?:I mean|I meant|or rather|make that)\s+)"
    r"(?=\w)",
    re.IGNORECASE,
)
# a repair needs one of these: "actually" or "I mean" alone is a way of talking
STRONG = re.compile(r"\b(?:no|wait|sorry|hang on|scratch that|I meant|or rather|make that)\b", re.I)
BOUNDARY = re.compile(r"[,;(]\s*|:\s+|\s+[-–—]\s+|(?<=[.!?])\s+")

NUMBER = rf"(?:{TEN}(?:[- ](?:one|two|three|four|five|six|seven|eight|nine))?|{TEEN}|{UNIT})"
DECIMAL = re.compile(
    rf"\b(?:(?P<sign>minus|negative)\s+)?(?P<whole>{NUMBER}\s+)?point(?P<digits>(?:\s+{UNIT})+)\b",
    re.IGNORECASE,
)
CLOCK = re.compile(
    rf"\b(?P<hour>{NUMBER})(?:\s+(?P<minute>{NUMBER}))?\s*(?P<half>a\.?m\.?|p\.?m\.?)(?!\w)",
    re.IGNORECASE,
)
HUNDRED_HOURS = re.compile(rf"\b(?P<hour>{NUMBER})\s+hundred(?:\s+hours)?\b", re.IGNORECASE)
AT_TIME = re.compile(
    rf"\b(?P<at>at|by|until|from|before|after|and)\s+(?P<hour>{NUMBER})\s+"
    rf"(?P<minute>{TEN}(?:-(?:one|two|three|four|five|six|seven|eight|nine))?|{TEEN}|oh\s+{UNIT})\b",
    re.IGNORECASE,
)
# three or more digits said one by one ("five two oh three"): a number written in digits
DIGITS = re.compile(rf"\b{UNIT}(?:[\s-]+{UNIT}){{2,}}\b", re.IGNORECASE)
ORDINALS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
    "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13,
    "fourteenth": 14, "fifteenth": 15, "sixteenth": 16, "seventeenth": 17,
    "eighteenth": 18, "nineteenth": 19, "twentieth": 20, "thirtieth": 30,
}  # fmt: skip
# a day of the month said as an ordinal: "the fifth of May", "Friday the twenty-first"
ORDINAL = re.compile(
    rf"(?:(?<=day the )|(?<=day, the )|(?<=day ))(?:(?P<ten>twenty|thirty)[- ])?"
    rf"(?P<nth>{'|'.join(ORDINALS)})\b"
    rf"|\b(?:(?P<ten2>twenty|thirty)[- ])?(?P<nth2>{'|'.join(ORDINALS)})(?=\s+of\s+[A-Z])",
)
# four digits said as two pairs ("forty-four seventy-one"): one number
PAIRS = re.compile(rf"\b(?P<a>{TEN}[- ]{UNIT}|{TEEN})\s+(?P<b>{TEN}(?:[- ]{UNIT})?|{TEEN})\b", re.I)
# an hour and its minutes before "and" and a time in digits ("four fifteen and 13:00")
BEFORE_TIME = re.compile(
    rf"\b(?P<hour>{NUMBER})\s+(?P<minute>{TEN}|{TEEN})(?=\s+and\s+\d\d?:\d\d)", re.I
)
# a number word going on after a dash ("forty-five's", "twenty-first"): no count cut short
SPOKEN_ON = rf"(?:{UNIT}|{'|'.join(ORDINALS)})\b"
# a count: a number word not "one" (a pronoun as often as a count), alone or "a hundred"
COUNT = re.compile(
    rf"\b(?:(?:the|a)\s+(?P<hundred>hundred)|(?P<n>{NUMBER}))\b(?![.']\w)(?!-{SPOKEN_ON})",
    re.IGNORECASE,
)
SUFFIX = {1: "st", 2: "nd", 3: "rd", 21: "st", 22: "nd", 23: "rd", 31: "st"}


def is_transcript(markdown: str) -> bool:
    """A dictated memo: it says so in its opening lines, or has three fillers or more."""
    opening = "\n".join(markdown.strip().splitlines()[:4])
    return MARKED.search(opening) is not None or len(FILLERS.findall(markdown)) >= 3


def number(words: str) -> int:
    """'forty-two' -> 42, 'seven' -> 7 ('oh' is zero)."""
    total = 0
    for word in re.split(r"[- ]+", words.lower().strip()):
        total += TENS.get(word, VALUE.get(word, 0))
    return total


def _decimal(m: re.Match[str]) -> str:
    digits = "".join(str(number(d)) for d in m["digits"].split())
    whole = str(number(m["whole"])) if m["whole"] else "0"
    return f"{'-' if m['sign'] else ''}{whole}.{digits}"


def _clock(m: re.Match[str]) -> str:
    hour, minute = number(m["hour"]) % 12, number(m["minute"] or "zero")
    hour += 12 if m["half"].lower().startswith("p") else 0
    return f"{hour:02d}:{minute:02d}"


def _at_time(m: re.Match[str]) -> str:
    hour, minute = number(m["hour"]), number(m["minute"])
    if hour > 23 or minute > 59 or minute == 0:
        return m.group(0)
    return f"{m.groupdict().get('at') or ''} {hour:02d}:{minute:02d}"


def _hundred_hours(m: re.Match[str]) -> str:
    hour = number(m["hour"])
    return f"{hour:02d}:00" if hour <= 24 and hour >= 10 else m.group(0)


def _ordinal(m: re.Match[str]) -> str:
    nth, ten = m["nth"] or m["nth2"], m["ten"] or m["ten2"]
    n = ORDINALS[nth] + (number(ten) if ten else 0)
    return f"{n}{SUFFIX.get(n, 'th')}"


def _count(m: re.Match[str]) -> str:
    if m["hundred"]:
        return m.group(0)[: -len("hundred")] + "100"
    if m["n"].lower() in ("one", "oh", "zero"):
        return m.group(0)
    return str(number(m["n"]))


def in_digits(text: str) -> str:
    """The text with the numbers said in words written as numbers (module docstring)."""
    text = DECIMAL.sub(_decimal, text)
    text = CLOCK.sub(_clock, text)
    text = HUNDRED_HOURS.sub(_hundred_hours, text)
    text = AT_TIME.sub(_at_time, text)
    text = BEFORE_TIME.sub(lambda m: _at_time(m).lstrip(), text)
    text = PAIRS.sub(lambda m: f"{number(m['a']):02d}{number(m['b']):02d}", text)
    text = DIGITS.sub(lambda m: "".join(str(number(d)) for d in re.split(r"[\s-]+", m[0])), text)
    text = ORDINAL.sub(_ordinal, text)
    return COUNT.sub(_count, text)


def _repaired(sentence: str) -> str:
    """The sentence with each self-correction's first words dropped: the words before the
    repair back to the last boundary, or from the first word the repair says again."""
    while True:
        cue = next((m for m in REPAIR.finditer(sentence) if STRONG.search(m[0])), None)
        if cue is None or cue.start() == 0:
            return sentence
        before, after = sentence[: cue.start()], sentence[cue.end() :]
        start = max((b.end() for b in BOUNDARY.finditer(before)), default=0)
        said = before[start:]
        repair = re.split(r"[,;]|[:.!?](?!\d)|\s[-–—]\s", after, maxsplit=1)[0].split()
        lead = repair[0].lower() if repair else ""
        words = said.split()
        digit = [i for i, w in enumerate(words) if re.search(r"\d", w)]
        if re.search(r"\d", lead) and digit:  # "at 07:15 and 16:00 now - sorry - 16:30"
            at = digit[-1]
            said = " ".join([*words[:at], *repair, *words[at + len(repair) :]])
            after = after[len(" ".join(repair)) :].lstrip(" ")
        elif lead and any(w.lower() == lead for w in words):  # "the one in A, I mean the one in B"
            at = next(i for i, w in enumerate(words) if w.lower() == lead)
            said = " ".join(words[:at])
        elif len(repair) < len(words):  # "at X and Y now - sorry - Z": Z takes Y's place
            said = " ".join(words[: len(words) - len(repair) - 1])
        else:
            said = ""
        sentence = f"{before[:start]}{said}{' ' if said else ''}{after}"


def as_written(markdown: str) -> str:
    """A transcript set in writing's terms (module docstring); any other text as it is."""
    if not is_transcript(markdown):
        return markdown
    return "\n".join(
        line if line.lstrip().startswith("#") else spoken(line) for line in markdown.splitlines()
    )


def spoken(line: str) -> str:
    """One line of speech as meant: fillers, stutters and self-corrections' first words
    gone, numbers said in words written as numbers (the module docstring)."""
    opens = FILLERS.match(line.lstrip()) is not None  # "Um, so the ..." opens "So the"
    line = FILLER.sub(lambda m: ", " if m[0].lstrip()[:1] == "," else " ", line)
    line = re.sub(r"^(\s*(?:[-*]\s+)?),\s*", r"\1", line)  # a bullet kept, its filler gone
    line = STUTTER.sub(r"\1", line)
    line = re.sub(r"\s{2,}", " ", _repaired(in_digits(line))).strip()
    line = re.sub(r"\s+(?=[.,;!?](?:\s|$))", "", line)
    return line[:1].upper() + line[1:] if opens else line
