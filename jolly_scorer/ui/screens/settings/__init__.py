"""Settings: language, theme, cards, default rules."""
