"""Round entry: enter a round the way the table plays it (the screen, its players'
panels, the card editor, the Save bar, entering together).
"""
