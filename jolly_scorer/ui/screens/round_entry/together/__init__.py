"""Round entry together: the shared round on every page of a live table, seats,
statuses.
"""
