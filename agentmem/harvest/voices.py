"""A text in a markup voice, read as the plain sentences it holds.

What a team pastes as a run's lesson or a retro's bullet is often what its tools show, not
a sentence: a subtitle file's cues (a sentence split across cue numbers and timings), an
HTML or XHTML fragment (`<del>old</del>`, list items), a CI step or an Ansible task in YAML
whose comment or env value says what changed, a Dockerfile whose `ENV` line says "# was …",
a mail reply (headers, the quoted earlier mail, quoted-printable soft breaks), a calendar
entry (`SUMMARY:`, `DESCRIPTION:` with `\\n` and `\\,` escapes, folded lines). Read as it
came, the judge read markup: the old value and the new one were both in the text, and the
held lesson it replaces was not found. `plain` gives the sentences such a text tells:

- cues: cue numbers and timings dropped, speaker labels ("[RUIZ]", "<v Ana>") dropped, the
  cue lines joined into the sentences they split;
- tags: read as the markdown they stand for (`agentmem.harvest.htmlpage`): a block tag a
  break between sentences, struck text (`<del>`, `<s>`) as "~~…~~", the one mark the
  library's strike readers read (`agentmem.harvest.strikes`, `agentmem.core.struck`); an
  empty element's prose attributes (an OPML outline's `text` and `_note`) its text;
- a YAML step, Dockerfile or mail, a calendar entry: `agentmem.harvest.codevoices`.

Detection is strict: each voice is recognised by the form of the whole text (every line
a cue part, the text a tag from first character to last, every line a YAML key or comment,
…), so prose that mentions "<5 ms" or "a: b" is left as it is. Every pattern is bounded
and a text past `MAX_CHARS` is left as it is, so a hostile text is read in linear time.
The plain text is what the memory stores: it is what a pack shows the next worker and what
a later text is judged against, and markup in either is noise.
"""

from __future__ import annotations

import html
import re

from agentmem.core.words import FIRST_PERSON
from agentmem.harvest.codevoices import SPACE, calendar, dockerfile, mailed, sentences, yaml_step
from agentmem.harvest.htmlpage import tags_as_markdown
from agentmem.harvest.spokenmemo import spoken
from agentmem.harvest.structured import is_structured
from agentmem.harvest.transcript import CUE, TAG, VOICE

MAX_CHARS = 100_000  # past this a text is no pasted snippet; it is read as it is
NUMBER = re.compile(r"\d{1,6}")
# A cue line's speaker label: "[RUIZ]", "[TO - Lisa]", "(Ana)", "RUIZ:", "<v Ana Ruiz>".
SPEAKER = re.compile(r"^(?:\[[^\[\]\n]{1,40}\]|\([^()\n]{1,40}\)|[A-Z][A-Z .'-]{1,30}:)\s*")
# A fragment of markup opens on a tag and ends on one, and closes a tag inside.
OPENS = re.compile(r"<[A-Za-z][\w:.-]{0,40}(?:\s[^<>]{0,2000})?/?>")
# An empty element (`<outline text="…" _note="…"/>`) and the attributes that hold prose.
EMPTY = re.compile(r"<[A-Za-z][\w:.-]{0,40}(\s[^<>]{0,4000})/>")
PROSE_ATTR = re.compile(
    r"(?<![\w-])(?:text|title|_?note|label|summary|description)\s{0,5}=\s{0,5}\"([^\"<>]{0,2000})\""
)
BETWEEN = re.compile(r">(?=<)")
CLOSES = re.compile(r"</[A-Za-z][\w:.-]{0,40}\s{0,20}>|/>")


def plain(text: str) -> str:
    """The plain sentences of `text` when it is in a markup voice; else `text` as it is."""
    if len(text) > MAX_CHARS or ("\n" not in text.strip() and not text.lstrip().startswith("<")):
        return text
    for voice in (cues, tagged, calendar, mailed, dockerfile, yaml_step):
        said = voice(text)
        if said is not None:
            return said.strip() or text
    return text


def cues(text: str) -> str | None:
    """A subtitle file's (SRT, WebVTT) cues as the sentences they split; None when the
    text is not every line a cue's number, timing or text (a timing at least). Subtitles
    are speech: numbers said in words are written as numbers (`spokenmemo.spoken`), and
    the first speaker's name leads when the words speak in the first person ("me", "I"),
    as a meeting's transcript keeps it (`agentmem.harvest.transcript`)."""
    lines = text.strip().lstrip("\ufeff").splitlines()
    if lines and lines[0].strip() == "WEBVTT":
        lines = lines[1:]
    timed = 0
    words: list[str] = []
    who = ""
    expect_number = True  # a cue opens on its number or its timing
    for raw in lines:
        line = raw.strip()
        if not line:
            expect_number = True
            continue
        if CUE.match(line):
            timed += 1
            expect_number = False
        elif expect_number and NUMBER.fullmatch(line):
            expect_number = False
        elif timed and not expect_number:
            voice = VOICE.match(line)
            line = TAG.sub("", line).strip()
            label = None if voice else SPEAKER.match(line)
            name = voice["who"] if voice else label[0] if label else ""
            who = who or _name(name)
            words.append(line[label.end() :] if label else line)
        else:
            return None
    if not timed or not words:
        return None
    said = spoken(_joined(words))
    return f"{who}: {said}" if who and FIRST_PERSON.search(said) else said


def _name(label: str) -> str:
    """A speaker label's name: "[TO - Lisa]" is Lisa, "[RUIZ]" Ruiz."""
    name = label.strip(" []():").split(" - ")[-1].strip()
    return name.title() if name.isupper() else name


def _joined(parts: list[str]) -> str:
    """Cue lines joined into the sentences they split."""
    text = " ".join(part.strip() for part in parts if part.strip())
    return SPACE.sub(" ", text).strip()


def tagged(text: str) -> str | None:
    """A fragment of HTML or XHTML (the text a tag from first character to last, closing a
    tag inside) as its sentences; None otherwise."""
    stripped = text.strip()
    if not (stripped.startswith("<") and stripped.endswith(">")):
        return None
    if OPENS.match(stripped) is None or CLOSES.search(stripped) is None:
        return None
    # a tag next to a tag is a break between words ("<status>done</status><body>Checked");
    # an empty element's text is in its attributes (an outline's `text` and `_note`)
    stripped = EMPTY.sub(_attributes, BETWEEN.sub("> ", stripped))
    return sentences(tags_as_markdown(stripped).splitlines())


def _attributes(tag: re.Match[str]) -> str:
    """An empty element as a paragraph of the prose its attributes hold, if any."""
    said = [m[1].strip() for m in PROSE_ATTR.finditer(tag[1]) if m[1].strip()]
    return f"<p>{html.escape(html.unescape(': '.join(said)), quote=False)}</p>" if said else tag[0]


# A list item at the margin (one indented is a sub-item, or a YAML list's): "- ", "* " or "+ " and its first line.
ITEM = re.compile(r"[-*+][ ]+(?P<first>\S.*)")
HEADING = re.compile(r"[ ]{0,3}#{1,6}[ ]")
ENDS = 20  # the places an item may end (blank lines) tried, longest first


def plain_items(markdown: str) -> str:
    """The retro with each list item in a markup voice (its lines run on to the next item
    at the margin or heading, over blank lines) said as one bullet of plain sentences;
    a document with no such item comes back as it is."""
    if len(markdown) > MAX_CHARS * 20 or is_structured(markdown):
        return markdown  # a retro written as data is read as that (`structured`)
    lines = markdown.splitlines()
    out: list[str] = []
    at, changed = 0, False
    while at < len(lines):
        item = ITEM.fullmatch(lines[at])
        if item is None:
            out.append(lines[at])
            at += 1
            continue
        stop = at + 1
        while stop < len(lines) and not (
            ITEM.fullmatch(lines[stop]) and not lines[stop].startswith(" ")
        ):
            if HEADING.match(lines[stop]) and not lines[stop - 1].strip():
                break  # a heading; a "# " line right under the item's is a comment in it
            stop += 1
        said, end = _voiced(item["first"], lines[at + 1 : stop])
        if said is None:
            out.append(lines[at])
            at += 1
            continue
        out += [f"- {said}", ""]
        at, changed = at + 1 + end, True
    if not changed:
        return markdown
    return "\n".join(out) + ("\n" if markdown.endswith("\n") else "")


def _voiced(first: str, rest: list[str]) -> tuple[str | None, int]:
    """The item's plain sentences and how many lines after its first they take, for the
    longest run of its lines (ending at a blank line) in a markup voice."""
    ends = [len(rest), *(i for i in range(len(rest) - 1, -1, -1) if not rest[i].strip())]
    for end in list(dict.fromkeys(ends))[:ENDS]:
        body = "\n".join([first, *rest[:end]])
        said = plain(body)
        if said != body:
            return said.replace("\n", " "), end
    return None, 0
