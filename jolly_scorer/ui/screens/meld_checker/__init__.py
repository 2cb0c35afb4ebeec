"""The meld checker: cards in, verdict out, and the best lay-down from a hand."""
