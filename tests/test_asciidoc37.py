"""A retro kept in AsciiDoc is read as the markdown its markup stands for."""

from __future__ import annotations

import time

from agentmem.harvest.asciidoc import as_markdown, is_asciidoc
from agentmem.harvest.distill import distill

REVIEW = """= Kiln Review: weeks 3-4
Mara Lind <mara@example.org>
v2, 2026-02-21
:toc:
:icons: font
:kiln: Kiln B

// Read by the glaze team on Friday.

== Changed since last review

* Glaze supplier: [.line-through]#Potterycrafts Ltd# Valentine Clays, from batch VC-101.
* Bisque firing: [.line-through]#cone 06, 8 h# cone 04, 9 h; {kiln} only.
* Shelf wash: one coat before every firing.

NOTE: Porcelain is not affected. It stays at cone 6.

== Kilns

[cols="2,1,1",options="header"]
|===
| Kiln | Volume | Max cone
| Kiln A | 7 cu ft | 10
| Kiln B | 10 cu ft | 8
|===

[WARNING]
====
Two shelves cracked on the glaze run.
Shelves cool in the kiln below 100 °C.
====

== Loading

. Wadding under every lid.
.. Three pads on lids over 30 cm.
. Cones on the middle shelf.
* Check the elements
+
Replace any that reads over 12 ohm.

[source,sh]
----
kilnctl profile --cone 04 # * not a bullet
----

////
== Not a section
* not a lesson
////

Cone pack:: three cones, 04, 05 and 06.
"""


def test_a_review_reads_as_headings_lists_tables_and_admonitions() -> None:
    """Sections, lists (nested by their marks), a "|===" table, admonitions and struck roles
    come out as the markdown the readers know; header lines, attributes and comments go."""
    markdown = as_markdown(REVIEW)
    assert markdown.startswith("# Kiln Review: weeks 3-4\n\n## Changed since last review\n")
    assert "- Glaze supplier: ~~Potterycrafts Ltd~~ Valentine Clays, from batch VC-101." in markdown
    assert "- Bisque firing: ~~cone 06, 8 h~~ cone 04, 9 h; Kiln B only." in markdown
    assert "Note: Porcelain is not affected. It stays at cone 6." in markdown
    assert (
        "| Kiln | Volume | Max cone |\n| --- | --- | --- |\n| Kiln A | 7 cu ft | 10 |" in markdown
    )
    assert "Warning: Two shelves cracked on the glaze run.\nShelves cool in" in markdown
    assert "1. Wadding under every lid.\n  1. Three pads on lids over 30 cm.\n2. Cones" in markdown
    assert "- Check the elements\n  Replace any that reads over 12 ohm." in markdown
    assert "```\nkilnctl profile --cone 04 # * not a bullet\n```" in markdown
    assert "- Cone pack: three cones, 04, 05 and 06." in markdown
    for gone in (
        "Mara Lind",
        "v2, 2026",
        ":toc:",
        "icons",
        "glaze team",
        "Not a section",
        "{kiln}",
    ):
        assert gone not in markdown, gone


def test_a_changed_section_gives_the_new_values_alone() -> None:
    """The review's changes become lessons that tell the new value, the struck one left out
    (read as it was, the section gave no lesson at all)."""
    texts = [d["text"] for d in distill(REVIEW, "retros/kiln-review.adoc", periodic=True).drafts]
    supplier = [t for t in texts if "Valentine Clays" in t]
    assert supplier and all("Potterycrafts" not in t for t in supplier), texts
    assert any("cone 04, 9 h" in t and "cone 06" not in t for t in texts), texts


def test_only_a_titled_document_with_block_markers_is_asciidoc() -> None:
    """Markdown, reStructuredText, MediaWiki and plain text with rules are left as they are;
    a text that opens with "= " but holds fewer than three markers too."""
    markdown = "# Retro\n\n## Lessons\n\n- Cache the wheel.\n\n| a | b |\n|---|---|\n"
    rst = "=====\nRetro\n=====\n\n:Owner: Ana\n:Date: 2026-01-02\n\nLessons\n-------\n\n- x\n"
    wiki = '== Summary ==\nWeek 37.\n\n== Loop runs ==\n{| class="wikitable"\n|}\n== Notes ==\n'
    wiki_titled = "= Weekly =\n\n== Summary ==\n\n== Runs ==\n\n== Notes ==\n"
    rules = "= Deploy\nThe old way = the new way.\n\n====\n\nx\n"
    for text in (markdown, rst, wiki, wiki_titled, rules, ""):
        assert not is_asciidoc(text)
        assert as_markdown(text) == text
    assert is_asciidoc("= T\n\n== A\n\n== B\n\n|===\n| x\n|===\n")


def test_tables_of_every_layout() -> None:
    """A table's width comes from its `cols` (with multipliers) or its first line; a blank
    line after the first line makes it the header; a spanned cell keeps the columns; cells
    written one a line are grouped into rows."""
    text = "= T\n\n== A\n\n== B\n\n|===\n| Area | Value\n\n| Cut-off | 10:00\n| Rest | 24 h\n|===\n"
    assert "| Area | Value |\n| --- | --- |\n| Cut-off | 10:00 |\n| Rest | 24 h |" in as_markdown(
        text
    )
    stacked = '= T\n\n== A\n\n[cols="3*"]\n|===\n| a\n| b\n| c\n\n2+| wide\n| z\n|===\n'
    assert "|  |  |  |\n| --- | --- | --- |\n| a | b | c |\n| wide |  | z |" in as_markdown(stacked)


def test_inline_marks_read_as_their_text() -> None:
    """Links, cross references, roles and footnotes keep their words; other struck roles
    strike too."""
    text = (
        "= T\n:a: x\n\n== A\n\n== B\n\n"
        "See https://wiki.example/k[the kiln page], <<loading,Loading>> and [.big]#cone 6#;"
        " [.strike]#old rule# new rule.footnote:[Since March.]\n"
    )
    assert (
        "See the kiln page, Loading and cone 6; ~~old rule~~ new rule. (Since March.)"
        in as_markdown(text)
    )


def test_hostile_text_is_read_in_linear_time() -> None:
    """Long runs of markers, brackets and bars, and lone surrogates, neither hang nor raise."""
    head = "= T\n\n== A\n\n== B\n\n|===\n"
    for body in (
        "[.line-through]#" * 6000,
        "|" * 100_000,
        "footnote:[" * 10_000,
        "* " * 50_000,
        ("a::" * 30_000) + "\n",
        "https://x" * 11_000,
        "=" * 100_000,
        "\ud800 [.line-through]#\udfff# " * 5000,
    ):
        started = time.process_time()
        as_markdown(head + body)
        as_markdown("= T\n\n== A\n\n== B\n\n" + body + "\n")
        assert time.process_time() - started < 10, body[:20]
    assert as_markdown(head + "x" * 300_000) == head + "x" * 300_000  # too long: as it is


def test_blocks_nested_past_any_document_neither_recurse_nor_hang() -> None:
    """A thousand delimited blocks opened inside one another (each fence a different length,
    none closed) are read in time, without running out of stack."""
    fences = [("=*_"[n % 3]) * (n // 3 + 4) for n in range(1000)]
    text = "= T\n\n== A\n\n== B\n\n" + "\n".join(fences) + "\nCone 6 stays.\n"
    started = time.process_time()
    assert "Cone 6 stays." in as_markdown(text)
    assert time.process_time() - started < 10


def test_a_document_saved_with_a_byte_order_mark_and_crlf_lines_is_read() -> None:
    """An editor's byte-order mark and Windows line ends do not hide the title."""
    text = "\ufeff= Kiln Review\r\n:toc:\r\n\r\n== Changes\r\n\r\n* Cone 04 for bisque.\r\n\r\nNOTE: x\r\n"
    markdown = as_markdown(text)
    assert markdown.startswith("# Kiln Review\n\n## Changes\n\n- Cone 04 for bisque.\n\nNote: x")
