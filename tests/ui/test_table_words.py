"""One word per meaning at the table (issue 18, item 9), in process: "done"
means a player's part is complete and always names whose; the card editor's
button closes it ("Close"). Failed before: the phone's header said "I'm done"
while it showed another player's part, and the editor's button was "Done"."""

from __future__ import annotations

from support.live_table import PLAYERS, open_entry

from tests.flet_harness import control_texts


def test_the_header_names_whose_part_is_done_and_the_editor_closes(
    guest_page,  # noqa: F811
):
    app, _, _ = guest_page
    open_entry(app)
    app.click(app.find(semantics="round-seat-2"))  # Cleo's phone
    app.click(app.find(semantics="round-show-1"))  # ... showing Ben's part
    done = app.find(semantics="round-done-2")
    assert done.label == f"{PLAYERS[2]} is done"
    assert f"{PLAYERS[2]} is done" in control_texts(done)
    assert not app.find_all(semantics="round-done-1")  # not Ben's, from here
    assert "I'm done" not in app.texts()
    # the card editor is open (on the hand): its button closes it
    close = app.find(semantics="editor-done")
    assert "Close" in control_texts(close.content)
    assert "Done" not in app.texts()
