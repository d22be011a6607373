"""Quiet logs for the long runs: thousands of fires would print thousands of events."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest
import structlog


@pytest.fixture(autouse=True)
def quiet_structlog() -> Iterator[None]:
    """Only errors reach the output while a reliability test runs; defaults come back after."""
    structlog.configure(wrapper_class=structlog.make_filtering_bound_logger(logging.ERROR))
    yield
    structlog.reset_defaults()
