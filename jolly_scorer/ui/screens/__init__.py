"""Screens made of several modules, one package each (``club``)."""
