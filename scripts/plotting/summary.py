"""What ``reactive-bench summary`` says of a run, in Markdown: the per-stage costs, then every workload's
implementations ranked. The fits, the intervals and the significance rule are decided in one place, the
Swift tool; the report only shows its text.

A run directory may hold the instruction run of the same build in ``instructions/`` (``scripts/reference``
makes one): its instructions per stage join the summary.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

from . import verdicts
from .data import InputError

INSTRUCTION_RUN = "instructions"


def instruction_run(directory: Path) -> Path | None:
    """``directory/instructions`` when it holds a run, else None."""
    candidate = directory / INSTRUCTION_RUN
    return candidate if (candidate / "results.csv").is_file() else None


def markdown(root: Path, directory: Path, stages_only: bool = False) -> str:
    """The tool's Markdown summary of the run in ``directory``; InputError when the tool cannot give one."""
    tool = verdicts.tool_path(root)
    if not tool.is_file():
        raise InputError(
            f"{tool}: no reactive-bench to summarise the run with: build it with "
            f"`swift build -c release --product reactive-bench`, or set {verdicts.TOOL_ENVIRONMENT}"
        )
    arguments = [str(tool), "summary", str(directory), "--format", "markdown"]
    instructions = instruction_run(directory)
    if instructions is not None:
        arguments += ["--instructions", str(instructions)]
    if stages_only:
        arguments.append("--stages-only")
    finished = subprocess.run(arguments, capture_output=True, text=True, check=False)
    if finished.returncode != 0:
        lines = finished.stderr.strip().splitlines() or [f"exit status {finished.returncode}"]
        raise InputError(lines[0].removeprefix("error: "))
    return finished.stdout.strip()
