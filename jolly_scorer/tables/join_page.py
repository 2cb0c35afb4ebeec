"""The live table's join page (``/join``: the PIN form, plain HTML that works
before the app loads), the join and viewer links, the QR code and the table
printed on the terminal.
"""

from __future__ import annotations

import contextlib
import html
from typing import Any

from jolly_scorer.i18n import Translator
from jolly_scorer.tables.table import PIN_DIGITS, Table


def join_page(t: Translator, problem: str | None, *, club: bool = False) -> str:
    """The PIN form of ``/join`` (plain HTML: works before the app loads);
    ``club``: at a club evening the PIN is on the table card."""
    title = html.escape(t("Join the table"))
    where = t("PIN on the table card") if club else t("PIN shown on the host's screen")
    label = html.escape(where)
    button = html.escape(t("Join"))
    error = f'<p class="err" role="alert">{html.escape(problem)}</p>' if problem else ""
    return f"""<!DOCTYPE html>
<html lang="{t.language}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>jolly-scorer</title>
<style>
body{{font-family:sans-serif;max-width:26rem;margin:2rem auto;padding:0 1rem;
color:#1b1c18;background:#f8faf0}}
h1{{font-size:1.6rem}} label{{display:block;font-size:1.1rem;margin:1rem 0 .4rem}}
input{{font-size:2rem;letter-spacing:.4rem;width:100%;box-sizing:border-box;
padding:.4rem}} button{{font-size:1.3rem;margin-top:1rem;padding:.6rem 1.4rem;
background:#2e7d32;color:#fff;border:0;border-radius:1.5rem}}
.err{{color:#b3261e;font-size:1.1rem}}
</style></head><body>
<h1>{title}</h1>{error}
<form method="post" action="/join">
<label for="pin">{label}</label>
<input id="pin" name="pin" inputmode="numeric" autocomplete="one-time-code"
 pattern="[0-9]*" maxlength="{PIN_DIGITS}" required autofocus>
<button type="submit">{button}</button>
</form></body></html>
"""


def join_url(table: Table, base_url: str) -> str:
    """The address in the QR code: ``/join`` with the join token."""
    return f"{base_url.rstrip('/')}/join?token={table.join_token}"


def view_url(table: Table, base_url: str) -> str:
    """The viewer link (works while the host allows viewers)."""
    return f"{base_url.rstrip('/')}/join?token={table.view_token}"


def qr_png(text: str, scale: int = 8) -> bytes:
    """A QR code of ``text`` as PNG (segno)."""
    import io

    import segno

    buffer = io.BytesIO()
    segno.make(text, error="m").save(buffer, kind="png", scale=scale, border=2)
    return buffer.getvalue()


def print_table(table: Table, base_url: str, out: Any = None) -> None:
    """The join QR code, address and PIN in the terminal (for the host)."""
    import sys

    import segno

    stream = out or sys.stdout
    url = join_url(table, base_url)
    print("jolly-scorer: live table open. Phones join by scanning:", file=stream)
    with contextlib.suppress(Exception):  # a terminal that cannot take it
        segno.make(url, error="m").terminal(out=stream, compact=True)
    print(f"jolly-scorer: join at {url}", file=stream)
    print(
        f"jolly-scorer: or open {base_url.rstrip('/')}/join and type PIN {table.pin}",
        file=stream,
    )
    print(
        f"jolly-scorer: host screen {base_url.rstrip('/')}/join?token="
        f"{table.host_token}",
        file=stream,
        flush=True,
    )


def print_club(club: Any, base_url: str, out: Any = None) -> None:
    """The organiser's and the ranking link in the terminal (``--club``); the
    tables' QR codes and PINs are on the organiser's screen and table cards."""
    import sys

    stream = out or sys.stdout
    base = base_url.rstrip("/")
    print("jolly-scorer: club evening open.", file=stream)
    print(
        f"jolly-scorer: organiser screen {base}/join?token={club.gate.host_token}",
        file=stream,
    )
    print(
        f"jolly-scorer: ranking (projector, follow from home) "
        f"{base}/join?token={club.gate.view_token}",
        file=stream,
    )
    print(
        f"jolly-scorer: table cards to print {base}/club/cards (organiser only)",
        file=stream,
        flush=True,
    )
