"""The web server: jolly-scorer's own FastAPI app around Flet's handlers.

* ``web``: serving (``serve``, ``build_app``), the page sessions' websocket,
  memory housekeeping, and which device a page session serves;
* ``guard``: only this server's own pages may talk to it;
* ``frames``: websocket frames checked, and each page's share of them;
* ``limits``: connections waiting for headers, forwarded addresses, form size;
* ``table``: the live table's joining, PINs, tokens and join page, and the
  stores a joined device sees;
* ``club``: a club evening served live (``--club``): a live table per table
  number, the organiser's and the ranking link, the ranking's read-only store;
  ``club_page``: the printable table cards;
* ``watcher``: games changed by other processes, a deleted database;
* ``pages``: telling a page from another thread, errors kept off the page;
* ``logs``: the rate-limited log; ``addresses``: the server's addresses;
* ``flet_fixes``: every change made to Flet's own code, in one list.
"""
