"""The load trial: scripts/trial-load (see __main__.py)."""
