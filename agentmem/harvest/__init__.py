"""Long-term upkeep: distilling retros, backfill, purge, GC, the witness, snapshots."""
