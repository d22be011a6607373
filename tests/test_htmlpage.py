"""A retro kept as an HTML page is read as the markdown its tags stand for."""

from __future__ import annotations

import time

from agentmem.harvest.distill import distill
from agentmem.harvest.htmlpage import as_markdown, is_page

PAGE = """<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>Ops retro &ndash; week 19</title>
<style>li { color: red }</style></head>
<body><div id="content">
<h1>Ops retro: week 19</h1>
<p><em>Exported from the wiki, last edited by Ana.</em></p>
<h2>What went wrong</h2>
<ul>
<li>Nightly export hit the <strong>30&nbsp;s</strong> renderer timeout &ndash; the photos are huge.</li>
<li>Duplicate bookings on 10 May (7 of them); the button now disables after the first click.</li>
</ul>
<h2>Changes this week</h2>
<table class="wikitable">
<tr><th>Area</th><th>Before</th><th>Now</th><th>Who</th></tr>
<tr><td>Booking SMS</td><td><del>Textlocal called from the handler</del></td><td>notifyq, 4 msgs/s</td>
<td>Paul W.</td></tr>
<tr><td>Dining cut-off</td><td><del>none</del></td><td>48&nbsp;hours before departure</td><td>Paul</td></tr>
</table>
<!-- <p>Draft: move the cut-off to 24 hours</p> -->
<script>var x = "<li>not a lesson</li>";</script>
</div></body></html>
"""


def test_a_page_reads_as_headings_bullets_and_a_table() -> None:
    markdown = as_markdown(PAGE)
    assert "# Ops retro: week 19" in markdown
    assert "## What went wrong" in markdown
    assert "- Nightly export hit the 30 s renderer timeout – the photos are huge." in markdown
    assert "| Booking SMS | ~~Textlocal called from the handler~~ | notifyq, 4 msgs/s |" in markdown
    assert "| --- | --- | --- | --- |" in markdown
    # what a page shows nobody is no lesson
    for hidden in ("color: red", "not a lesson", "24 hours", "Ops retro – week 19"):
        assert hidden not in markdown


def test_a_table_of_changes_gives_the_new_values_alone() -> None:
    texts = [d["text"] for d in distill(PAGE, "retros/week-19.html", periodic=True).drafts]
    sms = [t for t in texts if "Booking SMS" in t]
    assert sms and all("Textlocal" not in t for t in sms), texts
    assert any("48 hours before departure" in t for t in texts), texts
    # each list item its own lesson, not the page run together
    assert not any("photos are huge" in t and "Duplicate bookings" in t for t in texts), texts


def test_nested_lists_breaks_and_tables_without_a_header() -> None:
    markdown = as_markdown(
        "<ul><li>Pumps<ul><li>P-1 runs at 40 Hz<br>checked daily</li></ul></li>"
        "<li>Valves</li></ul><table><tr><td>site</td><td>north</td></tr></table>"
    )
    assert "- Pumps\n  - P-1 runs at 40 Hz\n    checked daily\n- Valves" in markdown
    assert "|  |  |\n| --- | --- |\n| site | north |" in markdown


def test_markdown_with_a_tag_and_xml_data_are_left_as_they_are() -> None:
    for text in (
        "# Retro\n\n- Use <del>Textlocal</del> notifyq for SMS.\n- <p>one</p><li>two</li>",
        '<?xml version="1.0"?><opml><body><outline text="Pumps run at 40 Hz"/></body></opml>',
        "<rss><channel><item><description>&lt;p&gt;x&lt;/p&gt;</description></item></channel></rss>",
        "",
    ):
        assert not is_page(text)
        assert as_markdown(text) == text


def test_hostile_pages_read_in_one_pass() -> None:
    deep = "<p>" + "<ul><li>x" * 5_000 + "</li></ul>" * 5_000
    unclosed = "<div><p>" + "<td>cell <del>old" * 20_000
    markers = "<p>a\ue000b\ue001c<del>\ud800 x</del></p><li>y</li><h2>z</h2>"
    started = time.process_time()
    for text in (deep, unclosed, markers, "<p><li><h1>" + "a" * 200_000):
        markdown = as_markdown(text)
        assert isinstance(markdown, str)
    assert time.process_time() - started < 60  # a hang guard, not a timing claim
    assert "\ue000" not in as_markdown(markers) and "\ue001" not in as_markdown(markers)
