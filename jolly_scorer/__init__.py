"""jolly-scorer: score keeper for Jolly, Rommi and Rommé."""

__version__ = "0.1.0"
