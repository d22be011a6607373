"""Markup that is never content leaves a lesson's words; every number, code and name
stays (`agentmem.harvest.residue.plain`)."""

from __future__ import annotations

import time

import pytest

from agentmem.harvest.residue import plain


@pytest.mark.parametrize(
    ("text", "want"),
    [
        (
            r"\section{Changes effective immediately} \begin{enumerate} \item "
            r"\textbf{Main warehouse.} All dispatch starts from \texttt{WH-RDG}, 45 Fairground Rd.",
            "Changes effective immediately: Main warehouse. All dispatch starts from WH-RDG, "
            "45 Fairground Rd.",
        ),
        (
            r"Route plans use \texttt{depot\_id = WH-RDG}.\footnote{About 30\,\% of pallets.}",
            "Route plans use depot_id = WH-RDG. (About 30% of pallets.)",
        ),
        (r"Waves every 4~hours (02, 06, 10 local).", "Waves every 4 hours (02, 06, 10 local)."),
        (
            "&lt;p&gt;Dining cut-off: 48&nbsp;hours before departure&lt;/p&gt;",
            "Dining cut-off: 48 hours before departure",
        ),
        ("SBS 4 mg/L, ORP &lt; 250 mV", "SBS 4 mg/L, ORP < 250 mV"),
        (
            "<li>Bookings are unique on <code>checkout_id</code>.</li>",
            "Bookings are unique on checkout_id.",
        ),
        (r"{\pard \b Kiln B\b0  peaks at 1220 C.\par}", "{ Kiln B peaks at 1220 C. }"),
    ],
)
def test_markup_leaves_and_the_words_stay(text: str, want: str) -> None:
    """Sectioning, lists, emphasis, escapes, ties, tags (escaped or not) and RTF control
    words of formatting go; the words, numbers and codes they held stay."""
    assert plain(text) == want


@pytest.mark.parametrize(
    "text",
    [
        "Projections move to TorayDS2; the old .ims project files are archived.",
        "Report jobs go through pgbouncer :6432 like every other service.",
        r"Exports land in C:\par\exports and D:\b0\logs; never in \\fs01\share.",
        "R&D signs off; the query is ?a=1&b=2&para=3.",
        "Approximately ~5 min; the ~~old rule~~ is struck.",
        "x < 3 and y > 4 hold, a <b> tag aside",
    ],
)
def test_what_only_looks_like_markup_stays(text: str) -> None:
    """A file extension, a port, a path, a query string, a struck span (a retraction's
    mark), a comparison: content, left as written."""
    out = plain(text)
    for word in ("ims", "6432", r"C:\par\exports", r"D:\b0\logs", "&para=3", "~~old rule~~"):
        if word in text:
            assert word in out
    if "<b>" not in text:
        assert out == text


def test_plain_is_linear_on_hostile_text() -> None:
    """Unclosed commands and tags by the ten thousand read fast."""
    for text in (
        "\\textbf{" * 10_000,
        "\\footnote{" * 10_000,
        "&lt;p" * 4_000,
        "\\begin{" * 2_800,
        "<b " * 6_600,
        "\\" * 20_000,
        "\ud800&amp;" * 3_000,
        "\\item" + " " * 19_990 + ".",
    ):
        started = time.process_time()
        plain(text[:20_000])
        assert time.process_time() - started < 10


def test_wiki_emphasis_is_left_out_and_an_empty_string_kept() -> None:
    """MediaWiki's '''bold''' and ''italic'' around words are markup; an empty '' is a
    value a lesson may be about."""
    assert plain("ships up to '''240 m''' LOA with ''three tugs''") == (
        "ships up to 240 m LOA with three tugs"
    )
    assert plain("cohort must never be '' (the empty string)") == (
        "cohort must never be '' (the empty string)"
    )
