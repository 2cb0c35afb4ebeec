"""Plain-Python models of the screens (no Flet needed to test them)."""
