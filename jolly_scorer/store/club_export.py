"""A club evening's ranking as CSV, for a spreadsheet or the club's records.

The rows are those of :func:`~jolly_scorer.core.club.export.ranking_rows`;
names are written so that a spreadsheet never runs them as formulas
(:func:`~jolly_scorer.store.transfer.spreadsheet_text`), numbers stay numbers.

>>> from jolly_scorer.core.club.ranking import Line, Ranked, Ranking
>>> line = Line("=SUM(A1)", 40, -12, 2, 1, (40,))
>>> print(ranking_csv(Ranking(None, (Ranked(1, line, False),), ())), end="")
place,player,tournament points,raw score,games,won,series 1
1,'=SUM(A1),40,-12,2,1,40
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Sequence

from jolly_scorer.core.club.export import PageTexts, ranking_rows
from jolly_scorer.core.club.ranking import Ranking
from jolly_scorer.core.club.season import SeasonStanding, SeasonTexts, standing_rows
from jolly_scorer.store.transfer import spreadsheet_text

__all__ = ["ranking_csv", "ranking_csv_bytes", "season_csv", "season_csv_bytes"]


#: what German (and Finnish) spreadsheets read without asking: cells
#: separated by semicolons (their comma is the decimal comma), and UTF-8 that
#: says so with a byte-order mark (else Excel reads the umlauts as Windows-1252)
SPREADSHEET_DELIMITER = ";"
BOM = "\ufeff"


def ranking_csv_bytes(
    ranking: Ranking, texts: PageTexts | None = None, *, semicolons: bool = True
) -> bytes:
    """The ranking as a CSV file for a spreadsheet: UTF-8 with a byte-order
    mark, cells separated by semicolons (``semicolons``, for German and
    Finnish spreadsheets) or by commas.

    >>> from jolly_scorer.core.club.ranking import Line, Ranked
    >>> line = Line("Jürgen", None, 5, 1, 0, (5,))
    >>> data = ranking_csv_bytes(Ranking(1, (Ranked(1, line, False),), ()))
    >>> data.startswith(BOM.encode()), data.decode("utf-8-sig").splitlines()
    (True, ['place;player;raw score;games;won;series 1', '1;Jürgen;5;1;0;5'])
    """
    text = ranking_csv(
        ranking, texts, delimiter=SPREADSHEET_DELIMITER if semicolons else ","
    )
    return (BOM + text).encode("utf-8")


def ranking_csv(
    ranking: Ranking, texts: PageTexts | None = None, *, delimiter: str = ","
) -> str:
    """The ranking as CSV: the heads, then one row per player, best first (a
    place decided by lot is marked ``x`` in a last column, when there is one).

    >>> from jolly_scorer.core.club.ranking import Line, Ranked
    >>> tied = [Ranked(n, Line(p, None, 5, 1, 0, (5,)), True) for n, p in ((1, "A"), (2, "B"))]
    >>> print(ranking_csv(Ranking(1, tuple(tied), ())), end="")
    place,player,raw score,games,won,series 1,by lot
    1,A,5,1,0,5,x
    2,B,5,1,0,5,x
    """  # noqa: E501
    texts = texts or PageTexts()
    # the lots decided: the seed they are drawn from heads their column
    seeded = texts.lot_seed.format(seed=ranking.seed)
    lot_head = texts.by_lot if ranking.seed is None else seeded
    by_lot = [r.by_lot for r in ranking.entries]
    return _csv(ranking_rows(ranking, texts), by_lot, lambda: lot_head, delimiter)


def season_csv(
    standing: SeasonStanding,
    texts: SeasonTexts | None = None,
    *,
    delimiter: str = ",",
) -> str:
    """The season's standings as CSV (:func:`standing_rows`; names that a
    spreadsheet would run as a formula get a leading ``'``, the evenings'
    names too; a last column marks the places decided by lot, with the
    season's seed in its head)."""
    texts = texts or SeasonTexts()
    by_lot = [line.by_lot for line in standing.entries]
    return _csv(
        standing_rows(standing, texts),
        by_lot,
        lambda: f"{texts.by_lot} ({standing.tie_break[-1].split('(', 1)[-1]}",
        delimiter,
    )


def _csv(
    rows: Sequence[Sequence[str]],
    by_lot: Sequence[bool],
    lot_head: Callable[[], str],
    delimiter: str,
) -> str:
    """``rows`` (heads first, then a row per player, the name second) as CSV:
    names a spreadsheet would run as a formula get a leading ``'``; when a
    place was decided by lot, a last column headed ``lot_head()`` marks it."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n", delimiter=delimiter)
    lots = any(by_lot)
    head = [spreadsheet_text(cell) for cell in rows[0]]
    if lots:
        head.append(lot_head())
    writer.writerow(head)
    for lot, row in zip(by_lot, rows[1:], strict=True):
        cells = list(row)
        cells[1] = spreadsheet_text(cells[1])
        if lots:
            cells.append("x" if lot else "")
        writer.writerow(cells)
    return out.getvalue()


def season_csv_bytes(
    standing: SeasonStanding,
    texts: SeasonTexts | None = None,
    *,
    semicolons: bool = True,
) -> bytes:
    """The standings as a CSV file for a spreadsheet (as
    :func:`ranking_csv_bytes`: UTF-8 with a byte-order mark, semicolons)."""
    text = season_csv(
        standing, texts, delimiter=SPREADSHEET_DELIMITER if semicolons else ","
    )
    return (BOM + text).encode("utf-8")
