"""A change whose new state the held lesson already states ("the router now reads its map
from the registry" of a held "the router must load its map from the registry") replaces
nothing: the held lesson is the state after the change. A change that names another thing,
or says the held thing was switched off, still replaces it."""

from __future__ import annotations

import pytest

from agentmem.core.restate import read_together, replaces
from agentmem.core.retoldstate import retells_state
from agentmem.core.verdict import Held, judge

RETOLD = [
    (
        "Dock 4 bays from the rebuild are open again; the router now reads the map from the "
        "registry.",
        "The router must load each site's bay map version from the central site registry; "
        "the bundled map files lag behind rebuilds.",
    ),
    (
        "The dry-bulb sensor (Vaisala HMP155) replaced the old one on 03-14.",
        "Air humidity is measured on the Vaisala HMP155 dry-bulb sensor and is checked every "
        "week against the salt standards.",
    ),
]

STILL_REPLACED = [
    (
        "Scanner NXT-04 is dedicated to the critical gate layer; non-critical implant layers "
        "run on the older NXT-02.",
        "Gate layer now qualified on NXT-06 too; NXT-04 is shared with the contact layer",
    ),
    (
        "AIS comes from the shore receiver ais-rx-01 over TCP 5631 as NMEA 0183; VTS ingest "
        "expects !AIVDM sentences.",
        "AIS ingest subscribes to the national AIS hub over MQTT (topic ais/port/raw). The "
        "ais-rx-01 TCP feed has been switched off.",
    ),
    (
        "Scanned deeds are OCR'd by the Tesseract worker on records-ocr-1; output lands in "
        "/srv/deeds/ocr.",
        "Deed OCR migrated to AWS Textract, results written to s3://landreg-deeds-ocr; "
        "records-ocr-1 has been switched off.",
    ),
    (
        "The router must load each site's bay map from the bundled map files.",
        "The router now reads the bay map from the central site registry.",
    ),
]


@pytest.mark.parametrize(("draft", "held"), RETOLD)
def test_a_change_to_the_state_the_lesson_states_replaces_nothing(draft: str, held: str) -> None:
    """The draft's change clause says only what the held lesson already says (one verb
    aside), so the held lesson stays live."""
    d, h = read_together(draft, held)
    assert retells_state(draft, d, h)
    assert not replaces(draft, held)
    for kind in ("semantic", "procedural"):
        assert judge(draft, [Held(id="m1", text=held, type=kind)], kind).replaces == []


@pytest.mark.parametrize(("held", "draft"), STILL_REPLACED)
def test_a_change_to_another_state_still_replaces(held: str, draft: str) -> None:
    """A draft naming a thing the held lesson never names, or switching the held thing
    off, tells a state after the held one: it still replaces it."""
    d, h = read_together(draft, held)
    assert not retells_state(draft, d, h)
    assert judge(draft, [Held(id="m1", text=held, type="semantic")], "semantic").replaces == ["m1"]
