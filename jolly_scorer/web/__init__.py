"""The app as an installable offline web app (Flet's ``flet publish``, Pyodide).

* :mod:`jolly_scorer.web.browser`: the entry point that runs in the browser;
* :mod:`jolly_scorer.web.build`: ``jolly-scorer build-web DIR`` (runs on CPython);
* ``service-worker.js``: the cache-first worker that makes the site work offline;
* ``icons/``: the app icon (drawn by :mod:`jolly_scorer.web.icons`).
"""
