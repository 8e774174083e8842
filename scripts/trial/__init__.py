"""The trial of the time verdicts: scripts/trial-time-verdicts (see __main__.py)."""
