"""Both games, and every bundled variant, pass the testing kit's conformance state machine.

One file per group of setups (the plain games; each game's variants), so that
pytest-xdist, which keeps a file on one worker, can run the groups side by side.
"""
