"""Where a text says a thing lives: a URL, an absolute path or a file path, read whole.

One reader of places for the writer's side (`agentmem.core.retiredvalues`) and the reader's
(`agentmem.retrieval.conflict`, `agentmem.retrieval.quoted`): a URL is one value, never cut
at its colons and slashes ("//db.old.example", "5432/api/v1/rows" were what a word-by-word
reading left), and its parts are values of their own (`parts`), since a run record quotes a
host with its port ("connection refused: db.old.example:5432") or a path alone ("GET
/api/v1/rows -> 404"); `address` tells such a value from a word or a number.
"""

from __future__ import annotations

import re
from functools import lru_cache
from urllib.parse import urlsplit

# A URL of any scheme; an absolute path of two parts or more ("/srv/data/in", "~/x/y"); a
# relative path to a file ("conf/app.yaml"). A fraction ("4/5") or a unit ("m3/h") is none:
# an absolute path starts at a slash, a relative one ends in a file's extension. A path's first
# part holds a letter (looked ahead for, not found by two stars around it: a 10,000-character
# word took 2 s to refuse that way, its square).
PLACE = re.compile(
    r"(?<![\w/.:-])(?:[a-z][a-z0-9+.-]*://[^\s,;()<>`'\"]+"
    r"|~?/(?=[\w.$-]*[a-z_$])[\w.$-]+(?:/[\w.$<>{}-]+)+"
    r"|(?=[\w.-]*[a-z_])[\w.-]+(?:/[\w.-]+)+\.[a-z][a-z0-9]{0,4}\b)",
    re.IGNORECASE,
)
# A host with its port outside a URL ("files01.corp.local:8443"): two dotted parts or more.
HOST_PORT = re.compile(r"(?<![\w./:-])([a-z0-9-]+(?:\.[a-z0-9-]+)+):(\d{2,5})\b", re.IGNORECASE)
TRAILING = ".,;:)]}'\""
INSIDE = re.compile(r"\w[./]\w")  # a dot or a slash inside: a host or a path, not a word
MIN_ADDRESS = 6  # characters an address needs: shorter ones ("v1", "a/b") name too little


def places(text: str) -> list[str]:
    """The URLs and paths `text` writes, lower case, in the order written."""
    return list(_places(text))


@lru_cache(maxsize=4096)  # a text meets many others per add: read once
def _places(text: str) -> tuple[str, ...]:
    found = (m.group(0).rstrip(TRAILING).lower() for m in PLACE.finditer(text))
    return tuple(p for p in dict.fromkeys(found) if p)


def parts(place: str) -> set[str]:
    """A place and what a record may quote of it: a URL's host, its host with the port,
    and its path when it has two parts or more; a path is its own only part."""
    out = {place}
    if "://" not in place:
        return out
    try:
        split = urlsplit(place)
    except ValueError:  # a broken bracketed host ("http://[fe80::1/x"): the place alone
        return out
    host = split.hostname or ""
    if host:
        out.add(host)
        if (port := _port(split.netloc)) is not None:
            out.add(f"{host}:{port}")
    if split.path.count("/") >= 2:
        out.add(split.path.rstrip("/"))
    return out


def _port(netloc: str) -> int | None:
    """The port a URL's host gives, or None when it gives none or a placeholder
    ("localhost:PORT", "host:${PORT}"), which `urlsplit(...).port` raises on."""
    try:
        return urlsplit(f"//{netloc}").port
    except ValueError:
        return None


def address(value: str) -> bool:
    """Whether a value (a place, one of its `parts`, or another value a text states) is an
    address a record may quote: a host, a path or a file name, not a word or a short code."""
    return len(value) >= MIN_ADDRESS and INSIDE.search(value) is not None


def addresses(text: str) -> tuple[set[str], str]:
    """Every place `text` writes with its parts (`parts`), and a host with its port, lower
    case; and the text with those spans blanked, so a word-by-word reader cuts none of them."""
    found: set[str] = set()
    spans: list[tuple[int, int]] = []
    for m in PLACE.finditer(text):
        place = m.group(0).rstrip(TRAILING).lower()
        if place:
            found |= parts(place)
            spans.append((m.start(), m.start() + len(place)))
    for m in HOST_PORT.finditer(text):
        found |= {m.group(0).lower(), m.group(1).lower()}
        spans.append(m.span())
    for start, end in spans:
        text = text[:start] + " " * (end - start) + text[end:]
    return found, text
