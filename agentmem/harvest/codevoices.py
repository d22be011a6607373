"""The markup voices of configuration and messages, read as their sentences
(`agentmem.harvest.voices` tries them on a run's lesson or a retro's bullet).

- a YAML step or task (a CI workflow's step, an Ansible task): its name leads, then each
  comment and each key with its value, a comment beside a value said with it
  ("Meshcheck-version: 3.1.2 (trim-line plugin fixed in 3.1; 2.4 retired).");
- a Dockerfile: its comments, and each `ENV`/`ARG` setting with what its comment says
  ("AIS_PORT is now 10110 (was 5631)."); a `FROM`, `RUN` or `CMD` line says nothing a
  review added;
- a mail with its headers: the reply's own lines, quoted-printable undone, led by the
  passage it answers (its first quote, in quotation marks: "Not any more" or "That was
  never a rule" is said of it) or else its subject; the headers, any later quotes and
  the signature left out;
- a calendar entry (iCalendar): folded lines unfolded, escapes undone (`\\n` a break,
  `\\,` a comma), its summary, description, location and comment as sentences.

Each returns None for a text that is not wholly in its voice: every line a YAML key, list
item or comment with a step's name or a nested key; a `FROM` first and every line an
instruction or comment; two headers first, a `From:` or `Subject:` among them; every
line a calendar property with a summary or description among them.
"""

from __future__ import annotations

import quopri
import re

from agentmem.harvest.blocks import QUOTED
from agentmem.harvest.mail import WROTE, closing
from agentmem.harvest.settingsfile import WAS

KEY = r"[A-Za-z_][\w.\-/]{0,60}"
YAML_LINE = re.compile(rf"(?P<indent> *)(?P<dash>- +)?(?P<key>{KEY}):(?: +(?P<value>.*))?")
YAML_ITEM = re.compile(r" *- +\S.*")
COMMENT = re.compile(r"\s*#+\s?(?P<said>.*)")
INLINE = re.compile(r"\s+#\s*")
PROSE = re.compile(r"[^\W\d_]{2,}(?:\s+\S+){2,}")  # three words at least, a word first
NAMED = frozenset({"name", "summary", "title", "description"})
FEWEST_KEYS = 3
INSTRUCTION = re.compile(
    r"(?P<op>FROM|RUN|CMD|ENV|ARG|COPY|ADD|WORKDIR|EXPOSE|ENTRYPOINT|USER|LABEL|VOLUME|"
    r"HEALTHCHECK|SHELL|STOPSIGNAL|ONBUILD)\s+(?P<rest>\S.*)"
)
PAIR = re.compile(r"(?P<key>[A-Za-z_][\w.]{0,80})(?:=|\s+)(?P<value>\S.*)")
HEADER = re.compile(
    r"(?P<name>from|to|cc|bcc|subject|date|sent|reply-to|message-id|in-reply-to|references"
    r"|content-type|content-transfer-encoding|mime-version)\s*:.*",
    re.IGNORECASE,
)
SUBJECT = re.compile(r"subject\s*:\s*(?:(?:re|fwd?|aw|sv)\s*:\s*){0,3}(?P<topic>.{1,200})", re.I)
SOFT = re.compile(r"=(?:\r?\n|[0-9A-F]{2})")
PROPERTY = re.compile(r"(?P<name>[A-Z][A-Z0-9-]{1,30})(?:;[^:\n]{0,200})?:(?P<value>.*)")
TOLD = ("SUMMARY", "DESCRIPTION", "LOCATION", "COMMENT")
ESCAPE = re.compile(r"\\([nN,;\\])")
BULLETED = re.compile(r"^\s*(?:[-*+]|\d{1,3}[.)]|#{1,6})\s+")
ENDED = (".", "!", "?", ":", ";", "~~")
SPACE = re.compile(r"[ \t]+")
SIGNATURE = 3  # a last paragraph of this many words at most, with no sentence: a name


def sentences(lines: list[str]) -> str:
    """Lines as one text of sentences: each line ends one (a full stop added when it ends
    on none), a list's bullet or a heading's marks dropped."""
    out: list[str] = []
    for line in lines:
        line = SPACE.sub(" ", BULLETED.sub("", line)).strip()
        if line:
            out.append(line if line.endswith(ENDED) else f"{line}.")
    return " ".join(out)


def _value(raw: str) -> tuple[str, str]:
    """A value and the comment beside it, quotes off the value."""
    value, comment = raw, ""
    if (inline := INLINE.search(raw)) is not None:
        value, comment = raw[: inline.start()], raw[inline.end() :]
    value = value.strip()
    if len(value) > 1 and value[0] == value[-1] and value[0] in "\"'":
        value = value[1:-1].strip()
    return value, comment.strip()


def yaml_step(text: str) -> str | None:
    """A YAML step or task as its sentences (see the module docstring); else None."""
    lines = [line.rstrip() for line in text.strip("\n").splitlines() if line.strip()]
    keys: list[tuple[int, str]] = []  # indent, key
    told: list[str] = []
    nested = False
    for at, line in enumerate(lines):
        if (remark := COMMENT.fullmatch(line)) is not None:
            told.append(remark["said"])
            continue
        match = YAML_LINE.fullmatch(line)
        if match is None:
            if YAML_ITEM.fullmatch(line) is None or not keys:
                return None
            told.append(_value(line.strip()[1:])[0])
            continue
        value, comment = _value(match["value"] or "")
        indent = len(match["indent"]) + len(match["dash"] or "")
        if not value and at + 1 < len(lines):
            nested = nested or len(lines[at + 1]) - len(lines[at + 1].lstrip()) > indent
        keys.append((indent, match["key"]))
        if value or comment:
            told.append(_item(match["key"], value, comment))
    if len(keys) < FEWEST_KEYS or not (nested or keys[0][1].lower() in NAMED):
        return None
    return sentences(told)


def _item(key: str, value: str, comment: str) -> str:
    """One key with its value: a step's name, or a value of prose, as itself."""
    aside = f" ({comment})" if comment else ""
    if not value:
        return comment
    if key.lower() in NAMED or PROSE.fullmatch(value):
        return f"{value}{aside}"
    return f"{key}: {value}{aside}"


def dockerfile(text: str) -> str | None:
    """A Dockerfile as its comments and settings (see the module docstring); else None."""
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    told: list[str] = []
    first = True
    continued = False
    for line in lines:
        if continued:
            continued = line.endswith("\\")
            continue
        if (comment := COMMENT.fullmatch(line)) is not None:
            told.append(comment["said"])
            continue
        match = INSTRUCTION.fullmatch(line)
        if match is None or (first and match["op"] != "FROM"):
            return None
        first, continued = False, line.endswith("\\")
        rest, aside = _value(match["rest"])
        if match["op"] in ("ENV", "ARG") and (pair := PAIR.fullmatch(rest)) is not None:
            told.append(_setting(pair["key"], _value(pair["value"])[0], aside))
        elif aside:
            told.append(aside)
    return None if first else sentences(told)


def _setting(key: str, value: str, comment: str) -> str:
    if comment and WAS.match(comment):
        return f"{key} is now {value} ({comment})"
    return f"{key} is {value}" + (f" ({comment})" if comment else "")


def mailed(text: str) -> str | None:
    """A mail with its headers as the reply's own sentences, led by what it answers (see
    the module docstring)."""
    lines = text.strip().splitlines()
    names: list[str] = []
    at = 0
    for at, line in enumerate(lines):  # noqa: B007 - `at` is where the body starts
        header = HEADER.fullmatch(line)
        if header is not None:
            names.append(header["name"].lower())
        elif not (names and line[:1] in (" ", "\t")):  # a folded header line goes on
            break
    else:
        at = len(lines)
    if len(names) < 2 or not {"from", "subject"} & set(names):
        return None
    subject = next(
        (SUBJECT.fullmatch(line) for line in lines[:at] if SUBJECT.fullmatch(line)), None
    )
    body = "\n".join(lines[at:])
    if SOFT.search(body):
        raw = body.encode("utf-8", "surrogatepass")
        body = quopri.decodestring(raw).decode("utf-8", "replace")
    paragraphs: list[list[str]] = [[]]
    quoted: list[str] = []
    for line in body.splitlines():
        if QUOTED.match(line) and not paragraphs[-1] and len(paragraphs) < 3:
            quoted.append(QUOTED.sub("", line).strip())
        if QUOTED.match(line) or WROTE.match(line) or not line.strip():
            paragraphs.append([])
        else:
            paragraphs[-1].append(line.strip())
    kept = [" ".join(p) for p in paragraphs if p]
    for end, paragraph in enumerate(kept):
        if closing(paragraph):
            kept = kept[:end]
            break
    if (
        len(kept) > 1
        and len(kept[-1].split()) <= SIGNATURE
        and not kept[-1].endswith((".", "!", "?"))
    ):
        kept = kept[:-1]
    # what the reply answers leads it: the passage it quotes (its "That was never a
    # rule" or "Not any more" is said of that), else its subject
    topic = subject["topic"].strip() if subject is not None else ""
    if quoted:
        topic = '"' + " ".join(quoted).rstrip(".") + '"'

    return sentences([f"{topic}:" if topic and kept else "", *kept])


def calendar(text: str) -> str | None:
    """A calendar entry as its sentences (see the module docstring); else None."""
    unfolded: list[str] = []
    for line in text.strip().splitlines():
        if line[:1] in (" ", "\t") and unfolded:
            unfolded[-1] += line[1:]
        elif line.strip():
            unfolded.append(line.strip())
    props = [PROPERTY.fullmatch(line) for line in unfolded]
    if len(props) < 2 or any(p is None for p in props):
        return None
    found = [(p["name"], p["value"]) for p in props if p is not None]
    if not any(name in ("SUMMARY", "DESCRIPTION") for name, _ in found):
        return None
    told: list[str] = []
    for name, value in found:
        if name in TOLD:
            said = ESCAPE.sub(lambda m: "\n" if m[1] in "nN" else m[1], value)
            told += said.splitlines()
    return sentences(told)
