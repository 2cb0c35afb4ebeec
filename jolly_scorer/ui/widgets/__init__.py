"""Parts used by several screens."""
