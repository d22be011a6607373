"""Playbooks: one markdown contract per hook, plus the reader's and the harvester's."""
