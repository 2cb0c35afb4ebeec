"""Home: continue, start, look back, check, set up."""
