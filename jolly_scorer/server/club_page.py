"""The club's own pages beside the app. The organiser's printable table
cards (``/club/cards``): plain HTML the browser prints, one sheet per table
of the series being played (the event, the series, the table's number, its
players in seat order, the QR code that joins the table and its PIN). Only
the organiser's browser gets it.

A season's read-only page (``/club/season?id=N``, the season's link is the
ranking link with ``&season=N``: :meth:`Club.season_link`): the standings as
the season's HTML file shows them, following every saved round (it asks for
the standings' version every 1.5 s and loads again when it changed). The
organiser reads any season; a device of the ranking link only a season
holding the live evening (as the ranking link's own season view).
"""

from __future__ import annotations

import hashlib
import html
import json
import threading
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from jolly_scorer.core.errors import JollyError
from jolly_scorer.i18n import Translator
from jolly_scorer.store import StoreError
from jolly_scorer.tables.club import Club, ClubTable
from jolly_scorer.tables.table import COOKIE


def _qr_svg(text: str) -> str:
    import segno

    svg: str = segno.make(text, error="m").svg_inline(scale=7, border=2)
    return svg


def pin_line(t: Translator, pin: str) -> str:
    """ "PIN: 123456" in ``t``'s language, the digits in bold."""
    text = html.escape(t("PIN: {pin}", pin="\x00"))
    return text.replace("\x00", f"<strong>{html.escape(pin)}</strong>")


def table_cards_page(
    t: Translator, event: str, tables: list[ClubTable], address: str
) -> str:
    """The table cards as one HTML page, a sheet per table."""
    join_at = f"{address.rstrip('/')}/join"
    sheets = []
    typed = html.escape(t("or open {address} and type the PIN", address=join_at))
    for table in tables:
        seats = "".join(f"<li>{html.escape(p)}</li>" for p in table.players)
        sheets.append(
            f"""<section class="card" id="table-{table.number}">
<p class="event">{html.escape(event)}</p>
<p class="series">{html.escape(t("Series {n}", n=table.series))}</p>
<h1>{html.escape(t("Table {n}", n=table.number))}</h1>
<ol class="seats">{seats}</ol>
<div class="qr">{_qr_svg(table.join_url)}</div>
<p class="scan">{html.escape(t("Scan the code to join this table."))}</p>
<p class="pin">{pin_line(t, table.pin)}</p>
<p class="or">{typed}</p>
<p class="link">{html.escape(table.join_url)}</p>
</section>"""
        )
    if not sheets:
        sheets.append(
            f'<p class="none">{html.escape(t("No series is seated yet."))}</p>'
        )
    title = html.escape(t("Table cards"))
    button = html.escape(t("Print"))
    return f"""<!DOCTYPE html>
<html lang="{t.language}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title} · {html.escape(event)}</title>
<style>
@page{{size:A4 portrait;margin:14mm}}
body{{font-family:sans-serif;color:#1b1c18;background:#f8faf0;margin:0}}
.bar{{padding:1rem;display:flex;gap:1rem;align-items:center}}
.bar button{{font-size:1.2rem;padding:.6rem 1.4rem;background:#2e7d32;color:#fff;
border:0;border-radius:1.5rem}}
.card{{background:#fff;max-width:180mm;margin:1rem auto;padding:10mm;
box-sizing:border-box;text-align:center;break-after:page;page-break-after:always}}
.card:last-child{{break-after:auto;page-break-after:auto}}
.event{{font-size:1.4rem;margin:0}} .series{{font-size:1.2rem;margin:.2rem 0}}
h1{{font-size:4rem;margin:.4rem 0}}
.seats{{font-size:1.6rem;text-align:left;display:inline-block;margin:.4rem 0 1rem}}
.qr svg{{width:70mm;height:70mm}}
.pin{{font-size:1.6rem;margin:.6rem 0}} .pin strong{{font-size:2.6rem;
letter-spacing:.4rem}}
.scan,.or{{font-size:1.1rem;margin:.3rem 0}}
.link{{font-size:.8rem;color:#555;word-break:break-all}}
@media print{{body{{background:#fff}} .bar{{display:none}}
.card{{margin:0 auto;max-width:none}}}}
</style></head><body>
<div class="bar"><button type="button" onclick="window.print()">{button}</button>
<span>{title}</span></div>
{"".join(sheets)}
</body></html>
"""


def _cookie(request: Any) -> str:
    return str(request.cookies.get(COOKIE, ""))


def club_routes(club: Club, translator: Callable[[Any], Translator]) -> list[Any]:
    """The club's own pages: the table cards (the organiser's only)."""
    from fastapi import Request
    from fastapi.responses import HTMLResponse, Response
    from starlette.routing import Route

    async def cards(request: Request) -> Response:
        access = club.access(_cookie(request))
        if access is None or access.role != "host":
            return HTMLResponse("Forbidden.", status_code=403)
        t = translator(request)
        language = request.query_params.get("lang", "")
        if language in ("de", "fi", "en"):
            t = Translator(language)
        from jolly_scorer.store.platform import run_blocking

        tables = await run_blocking(club.seated_tables)
        name = await run_blocking(club.event_name)
        body = table_cards_page(t, name, tables, club.address)
        return HTMLResponse(body, headers={"Cache-Control": "no-store"})

    pages = SeasonPages(club)

    async def season(request: Request) -> Response:
        from jolly_scorer.store.platform import run_blocking

        t = translator(request)
        wanted = _season_id(request)
        access = club.access(_cookie(request))
        found = await run_blocking(partial(pages.page, access, wanted, t))
        if found is None:
            refused = t("This page shows the ranking; it cannot change anything.")
            return HTMLResponse(html.escape(refused), status_code=403)
        body, version = found
        return HTMLResponse(
            _following(body, version), headers={"Cache-Control": "no-store"}
        )

    async def version(request: Request) -> Response:
        from fastapi.responses import PlainTextResponse

        from jolly_scorer.store.platform import run_blocking

        access = club.access(_cookie(request))
        found = await run_blocking(
            partial(pages.page, access, _season_id(request), translator(request))
        )
        if found is None:
            return PlainTextResponse("", status_code=403)
        return PlainTextResponse(found[1], headers={"Cache-Control": "no-store"})

    return [
        Route("/club/cards", cards, methods=["GET"]),
        Route("/club/season", season, methods=["GET"]),
        Route("/club/season/version", version, methods=["GET"]),
    ]


def _season_id(request: Any) -> int | None:
    text = str(request.query_params.get("id", ""))
    return int(text) if text.isascii() and text.isdigit() and len(text) < 10 else None


#: How often the season's page asks whether its standings changed (ms).
FOLLOW_EVERY_MS = 1500


def _following(page: str, version: str) -> str:
    """The standings page, following every saved round: it asks for the
    standings' version and loads again when it changed (no script: it stays
    as it was)."""
    script = (
        "<script>(function(){var v=" + json.dumps(version) + ";"
        "setInterval(function(){"
        "fetch('/club/season/version'+location.search,{cache:'no-store'})"
        ".then(function(r){return r.ok?r.text():v})"
        ".then(function(n){if(n&&n!==v){location.reload();}})"
        ".catch(function(){});}," + str(FOLLOW_EVERY_MS) + ");})();</script>"
    )
    return page.replace("</body>", script + "\n</body>", 1)


class SeasonPages:
    """The season's read-only page, worked out at most once a second for
    every device following it (a saved round reaches them within that and
    their next question)."""

    def __init__(self, club: Club, keep_for: float = 1.0) -> None:
        self._club = club
        self._keep_for = keep_for
        self._lock = threading.Lock()
        self._made: dict[tuple[int, str], tuple[float, str, str]] = {}

    def page(
        self, access: Any, wanted: int | None, t: Translator
    ) -> tuple[str, str] | None:
        """The page and its version for ``access`` (None: not allowed, or
        the store failed)."""
        season_id = self._club.readable_season(access, wanted)
        if season_id is None:
            return None
        key = (season_id, t.language)
        now = time.monotonic()
        with self._lock:
            kept = self._made.get(key)
            if kept is not None and now - kept[0] < self._keep_for:
                return kept[1], kept[2]
        draw = self._club.season_page
        if draw is None:  # served without the app's season page
            return None
        try:
            with self._club.using() as store:
                standing = store.season_standing(season_id)
                points = store.load_season(season_id).season.place_points
        except (StoreError, JollyError):
            return None
        body = draw(standing, points, t)
        # the standings' own version (the same in every language)
        version = hashlib.sha256(repr((standing, points)).encode()).hexdigest()[:16]
        with self._lock:
            self._made[key] = (now, body, version)
        return body, version
