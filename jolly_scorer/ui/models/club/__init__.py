"""The club evening's models (no controls): the organiser's event, the
rankings shared by its pages, the season, the big screen's layout."""
