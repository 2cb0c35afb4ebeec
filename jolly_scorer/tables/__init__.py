"""What the web server and the app both use: the table's game.

Below ``ui/`` and ``server/`` (neither imports the other; both import this);
it imports neither of them, and no screen.

* ``table``: the live table: secrets, PINs, devices, accesses, the table's
  game (``TablesGame``, ``LiveTableGame``);
* ``club``: a club evening served live: a live table per table number, the
  organiser's and the ranking link, the ranking's read-only store;
* ``guest_store``: what a joined phone or a viewer may do with the store;
* ``join_page``: the join page, links and QR code;
* ``sessions``: which table this process serves, who a page session is for;
* ``watcher``: games changed by other processes, a deleted database;
* ``pages``: telling a page from another thread, errors kept off the page.
"""
