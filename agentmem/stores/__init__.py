"""Stores: the canonical files and the backends derived from them."""

from __future__ import annotations

from agentmem._exceptions import StoreError
from agentmem.settings import Settings
from agentmem.stores.base import Filters, ReadableStore, RebuildReport, Store
from agentmem.stores.filestore import FileStore

__all__ = ["FileStore", "Filters", "ReadableStore", "RebuildReport", "Store", "open_store"]


def open_store(settings: Settings) -> Store:
    """The backend the settings name, rooted at the memory root."""
    if settings.backend == "files":
        return FileStore(settings.root)
    raise StoreError(
        f"AGENTMEM_BACKEND={settings.backend}: this backend is not available in this version; "
        "use AGENTMEM_BACKEND=files"
    )
