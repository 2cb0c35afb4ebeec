"""Sub-commands of the ``jolly-scorer`` command line, one module each."""
