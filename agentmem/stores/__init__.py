"""Stores: the canonical files and the backends derived from them."""

from __future__ import annotations

from typing import Any

from agentmem._exceptions import StoreError
from agentmem.settings import Settings
from agentmem.stores.base import Filters, ReadableStore, RebuildReport, Store
from agentmem.stores.filestore import FileStore

__all__ = ["FileStore", "Filters", "ReadableStore", "RebuildReport", "Store", "open_store"]


def open_store(settings: Settings) -> Store:
    """The backend the settings name, rooted at the memory root."""
    if settings.backend == "files":
        return FileStore(settings.root, semantic=settings.semantic)
    if settings.backend == "postgres":
        # psycopg is imported only here, when the backend is chosen.
        from agentmem.stores.postgres import PostgresStore

        url = settings.postgres_url
        if url is None:
            raise StoreError(
                "AGENTMEM_BACKEND=postgres needs AGENTMEM_POSTGRES_URL "
                "(e.g. postgresql://user:password@host:5432/dbname)"
            )
        options: dict[str, Any] = {
            "schema": settings.postgres_schema,
            "pool_size": settings.postgres_pool,
            "timeout_s": settings.postgres_timeout_s,
        }
        if settings.semantic:  # the MiniLM leg, in pgvector (loaded at first use)
            from agentmem.stores.pg_vector_store import SemanticPostgresStore

            return SemanticPostgresStore(settings.root, url.get_secret_value(), **options)
        return PostgresStore(settings.root, url.get_secret_value(), **options)
    # The mem0 backends import mem0 only when first used; `import agentmem` never does.
    from agentmem.stores.projected import ProjectedStore

    if settings.backend == "mem0":
        from agentmem.stores.mem0_oss import Mem0Projection

        oss = Mem0Projection(settings.root, settings.mem0_config, user_id=settings.user_id)
        return ProjectedStore(settings.root, oss)
    if settings.backend == "mem0-platform":
        from agentmem.stores.mem0_platform import PlatformProjection

        key = settings.mem0_api_key
        platform = PlatformProjection(
            settings.root,
            user_id=settings.user_id,
            api_key=key.get_secret_value() if key is not None else None,
            host=settings.mem0_host,
            poll_limit_s=settings.mem0_poll_s,
        )
        return ProjectedStore(settings.root, platform)
    raise StoreError(f"AGENTMEM_BACKEND={settings.backend}: unknown backend")
