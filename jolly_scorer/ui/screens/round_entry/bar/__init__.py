"""Round entry's Save bar: readiness, the round's scores, Save and Cancel and their
questions.
"""
