"""A club evening: tables and seating, the event, tournament points, the
ranking, the event file and the results page.
"""
