"""Runs ``scripts/plot`` in process and keeps what it printed."""

from __future__ import annotations

import contextlib
import io
from dataclasses import dataclass

from plotting import __main__ as cli


@dataclass(frozen=True)
class Outcome:
    """The exit status of one ``scripts/plot`` and its stdout and stderr lines."""

    status: int
    stdout: list[str]
    stderr: list[str]


def run_plot(arguments: list[str]) -> Outcome:
    """``scripts/plot ARGUMENTS``: argparse's exit becomes the status, as it would be for the process."""
    output, errors = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(output), contextlib.redirect_stderr(errors):
        try:
            status = cli.main(arguments)
        except SystemExit as exit:
            status = exit.code
    return Outcome(status, output.getvalue().splitlines(), errors.getvalue().splitlines())
