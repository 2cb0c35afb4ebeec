"""Steps, sample data and paths shared by test files of several folders.

Not tests: a test file never imports another test file, it imports from here
(``from support.app_steps import new_game``; ``tests/conftest.py`` puts
``tests/`` on ``sys.path``). Fixtures live in the ``conftest.py`` of the folder
that needs them.
"""
