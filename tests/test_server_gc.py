"""The server takes what its start built out of Python's full collections
(benchmarks/table_load.py: a full pass every few saved rounds at a table of
twelve phones held every phone's redraw up)."""

from __future__ import annotations

import gc

from jolly_scorer.ui import server


def test_steady_gc_freezes_what_the_start_built():
    try:
        server._steady_gc()
        assert gc.get_freeze_count() > 0
        assert gc.isenabled()
    finally:
        gc.unfreeze()  # the other tests' objects are not the server's start
