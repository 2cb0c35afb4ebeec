"""A page's redraw leaves nothing for Python's cycle collector
(``server/flet_fixes.py``): Flet's diff chain is unlinked when the patch is sent,
and a component taken over by its new drawing lets go of its old body.
Before, each saved round left about 2,000 objects per watching page in
cycles, and at a table of twelve phones their full collections held every
redraw up."""

from __future__ import annotations

import gc

import flet as ft
from flet.controls import object_patch
from support.app_steps import PLAYERS, enter_round, open_seeded, rounds, shows_round

from jolly_scorer.server.flet_fixes import free_patch_chains


def cyclic_garbage(action):
    """The objects that ``action`` left in reference cycles."""
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        action()
        gc.collect()
        return list(gc.garbage)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()


def test_a_watching_page_redraws_without_cyclic_garbage(open_app, tmp_path):
    free_patch_chains()  # as the server, the window and the phone app do
    watcher = open_seeded(open_app, tmp_path, PLAYERS, rounds(20), width=390)
    saver = open_app(pubsub_with=watcher)
    saver.click(saver.find(semantics="home-continue"))

    def save_a_round():
        enter_round(saver, 1, {0: (None, 4), 2: (None, 9)})
        watcher.wait_for(shows_round(watcher, 22))

    garbage = cyclic_garbage(save_a_round)
    assert watcher.find(semantics="round-21-out").label == "Ben went out"
    left = [
        o
        for o in garbage
        if isinstance(o, (ft.BaseControl, object_patch.PatchOperation))
    ]
    assert left == []


def test_the_chain_is_unlinked_once(open_app):
    free_patch_chains()  # again: still one wrapper
    teardown = object_patch.DiffBuilder.teardown
    assert not hasattr(teardown.__wrapped__, "__wrapped__")
    patch, _, _ = object_patch.ObjectPatch.from_diff(
        {"a": [1, 2, 3]}, {"a": [2, 3, 4], "b": 5}, control_cls=ft.BaseControl
    )
    assert patch.patch  # the operations were read before the chain went
