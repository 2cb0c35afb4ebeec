"""The web server: jolly-scorer's own FastAPI app around Flet's handlers.

* ``web``: serving (``serve``, ``build_app``), the page sessions' websocket,
  memory housekeeping, and which device a page session serves;
* ``guard``: only this server's own pages may talk to it;
* ``frames``: websocket frames checked, and each page's share of them;
* ``limits``: connections waiting for headers, forwarded addresses, form size;
* ``club_page``: a club evening's printable table cards and a season's page;
* ``heavy``: the worker processes for heavy work (the arranger);
* ``logs``: the rate-limited log; ``addresses``: the server's addresses;
* ``flet_fixes``: every change made to Flet's own code, in one list.

The live table's and the club's own parts, which the app uses too, are in
``tables/``; the server never imports the app (``ui/``): ``serve.py`` wires
the two together.
"""
