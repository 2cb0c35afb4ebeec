"""The scoreboard: totals, who deals, the rounds table, the chart, game over."""
