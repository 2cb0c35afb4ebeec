"""The screens of the app (one module per screen or group of pieces)."""
