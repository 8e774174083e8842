"""Runs ``scripts/plot`` in process, or the tool's cost model (``reactive-bench estimate``), and keeps what it
printed."""

from __future__ import annotations

import contextlib
import io
import subprocess
from dataclasses import dataclass
from pathlib import Path

from plotting import __main__ as cli
from plotting import data, verdicts


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


def run_estimate(run_dir: Path) -> Outcome:
    """``reactive-bench estimate RUN_DIR`` (the release build, or $REACTIVE_BENCH_TOOL: a debug build runs it
    too); AssertionError saying how to build it when there is none."""
    tool = verdicts.tool_path(data.ROOT)
    if not tool.is_file():
        raise AssertionError(f"{tool}: no reactive-bench to estimate with: build it with `swift build -c release "
                             f"--product reactive-bench`, or set {verdicts.TOOL_ENVIRONMENT}")  # fmt: skip
    finished = subprocess.run([str(tool), "estimate", str(run_dir)], capture_output=True, text=True, check=False)
    return Outcome(finished.returncode, finished.stdout.splitlines(), finished.stderr.splitlines())
