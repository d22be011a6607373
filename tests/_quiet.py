"""A fixture for tests that fire thousands of times: only errors reach the output."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest
import structlog


@pytest.fixture(autouse=True)
def quiet_structlog() -> Iterator[None]:
    """Filter structlog at ERROR while the test runs; its defaults come back after."""
    structlog.configure(wrapper_class=structlog.make_filtering_bound_logger(logging.ERROR))
    yield
    structlog.reset_defaults()
