"""The host's live table: join QR code, PIN, devices."""
