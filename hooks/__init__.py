"""The five built-in hooks, each an ordinary pluggy plugin registered by default.

A host replaces or extends any of them by registering its own plugin; the runtime never
imports these modules directly.
"""
