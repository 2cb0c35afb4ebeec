"""The rules page: the chosen preset explained."""
