"""`agentmem audit --html`: one self-contained page, checked in a real headless browser."""

from __future__ import annotations

import re
import shutil
import struct
import subprocess
import zlib
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from agentmem.cli import main
from tests.test_audit import WEEK, script_week

CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--hide-scrollbars",
)
REJECTED_RED = (0xC4, 0x4E, 0x52)
ACCEPTED_GREEN = (0x4A, 0x9A, 0x5B)
DIFF_ADDED = (0x1E, 0x8E, 0x3E)  # the memory diff's borders: a new memory, a rejected draft
DIFF_REFUSED = (0xF9, 0xAB, 0x00)


def decode_png(data: bytes) -> np.ndarray:
    """The RGB pixels (one row of 3 per pixel) of an 8-bit RGB/RGBA, non-interlaced PNG (what
    Chromium writes): enough to look at a screenshot without an imaging library."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, header = 8, b"", b""
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind, body = data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", header)
    assert depth == 8 and color in (2, 6) and interlace == 0
    bpp = 3 if color == 2 else 4
    stride = width * bpp
    rows = np.frombuffer(zlib.decompress(idat), dtype=np.uint8).reshape(height, stride + 1)
    image = np.zeros((height, stride), dtype=np.uint8)
    previous = np.zeros(stride, dtype=np.uint8)
    for y in range(height):
        kind, line = rows[y, 0], rows[y, 1:]
        if kind == 0:
            out = line.copy()
        elif kind == 1:  # Sub: a running sum per channel along the row
            out = (
                np.cumsum(line.reshape(width, bpp), axis=0, dtype=np.uint64)
                .astype(np.uint8)
                .ravel()
            )
        elif kind == 2:  # Up
            out = line + previous
        else:  # Average and Paeth depend on the byte just decoded: byte by byte
            out = _unfilter_slow(int(kind), line, previous, bpp)
        image[y] = out
        previous = out
    return image.reshape(height, width, bpp)[:, :, :3].reshape(-1, 3)


def _unfilter_slow(kind: int, line: np.ndarray, previous: np.ndarray, bpp: int) -> np.ndarray:
    out, up_row = bytearray(line.tobytes()), previous.tobytes()
    for i in range(len(out)):
        left = out[i - bpp] if i >= bpp else 0
        up, corner = up_row[i], up_row[i - bpp] if i >= bpp else 0
        if kind == 3:
            out[i] = (out[i] + (left + up) // 2) & 0xFF
        else:
            p = left + up - corner
            pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
            out[i] = (
                out[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)
            ) & 0xFF
    return np.frombuffer(bytes(out), dtype=np.uint8)


def screenshot(page: Path, out: Path, profile: Path) -> np.ndarray:
    chromium = shutil.which("chromium")
    assert chromium is not None
    subprocess.run(
        [chromium, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", "--window-size=1000,5000", "--force-device-scale-factor=0.5",
         f"--screenshot={out}", page.as_uri()],
        check=True, capture_output=True, timeout=120,
    )  # fmt: skip
    return decode_png(out.read_bytes())


@pytest.fixture(scope="module")
def report_page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The broken week's audit written as HTML through the CLI."""
    folder = tmp_path_factory.mktemp("html")
    week = script_week(folder)
    page = folder / "audit.html"
    result = CliRunner().invoke(
        main, ["--env-file", str(week.env_file), "audit", *WEEK, "--html", str(page)]
    )
    assert result.exit_code == 0, result.output
    return page


def test_html_report_is_self_contained(report_page: Path) -> None:
    """The page has its plots inline (SVG) and references nothing to fetch: no script, no link,
    no src, no url(); the only URL is the SVG namespace, which is never fetched."""
    html = report_page.read_text(encoding="utf-8")
    assert html.count("<svg") >= 5  # fires/day, writes/day per writer, ratio, durations, memory
    for needle in ("<script", "<link", "src=", "url(", "@import"):
        assert needle not in html
    assert set(re.findall(r"https?://[^\s\"'<>]+", html)) == {"http://www.w3.org/2000/svg"}
    for text in ("Fires per day", "Writes per day: post_run_classify", "Duration distribution",
                 "Memories held", "all their writes rejected", "do not turn on",
                 "Memory diff", "New memories (", "Rejected drafts, with every reason (",
                 "Retry lesson 0.1: send X-Trace first.", "/entries/semantic-"):  # fmt: skip
        assert text in html


def test_html_report_renders_in_headless_chromium(report_page: Path, tmp_path: Path) -> None:
    """Chromium renders the page: the screenshot differs from a blank page's, is far from empty,
    and shows the rejected-writes red and the accepted-writes green of the plots, and the
    memory diff's new memories and rejected drafts."""
    if shutil.which("chromium") is None:
        reason = (
            "Debian chromium is not installed (apt-get install -y chromium); browser check skipped"
        )
        print(reason)
        pytest.skip(reason)
    blank = tmp_path / "blank.html"
    blank.write_text("<!DOCTYPE html><html><body></body></html>")
    empty = screenshot(blank, tmp_path / "blank.png", tmp_path / "profile-blank")
    shot = screenshot(report_page, tmp_path / "report.png", tmp_path / "profile-report")
    assert shot.shape == empty.shape
    colours, counts = np.unique(empty, axis=0, return_counts=True)
    background = colours[counts.argmax()]
    assert (empty == background).all(axis=1).mean() > 0.99  # the blank page is blank
    inked = int((shot != background).any(axis=1).sum())
    assert inked > 0.03 * len(shot), f"only {inked} of {len(shot)} pixels drawn"
    for colour in (REJECTED_RED, ACCEPTED_GREEN, DIFF_ADDED, DIFF_REFUSED):
        assert (shot == np.array(colour)).all(axis=1).sum() > 100, colour
