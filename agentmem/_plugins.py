"""The plugin manager: the hookspecs, the built-in hooks as default plugins, entry points."""

from __future__ import annotations

import importlib

import pluggy

from agentmem import hookspecs

# The five built-in hooks are ordinary plugins, loaded by name like any other.
DEFAULT_PLUGINS = (
    "agentmem.hooks.pre_goal_synthesis",
    "agentmem.hooks.pre_spawn_pack",
    "agentmem.hooks.post_run_classify",
    "agentmem.hooks.post_retro_distill",
    "agentmem.hooks.judgment_harvest",
)


def make_manager(*, defaults: bool = True, entry_points: bool = True) -> pluggy.PluginManager:
    """A manager with the specs, the built-ins and any `agentmem` entry-point plugins."""
    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    if defaults:
        for name in DEFAULT_PLUGINS:
            pm.register(importlib.import_module(name), name=name)
    if entry_points:
        pm.load_setuptools_entrypoints(hookspecs.PROJECT)
    pm.check_pending()  # a misspelled hook name fails here, at start-up
    return pm
