"""The server takes what its start built out of Python's full collections
(benchmarks/table_load.py: a full pass every few saved rounds at a table of
twelve phones held every phone's redraw up)."""

from __future__ import annotations

import gc

from jolly_scorer.server import web as server


def test_steady_gc_freezes_what_the_start_built():
    threshold = gc.get_threshold()
    try:
        server._steady_gc()
        assert gc.get_freeze_count() > 0
        assert gc.isenabled()
        assert gc.get_threshold()[0] == server.YOUNG_COLLECTION
    finally:
        gc.unfreeze()  # the other tests' objects are not the server's start
        gc.set_threshold(*threshold)
