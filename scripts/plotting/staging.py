"""A run's charts and REPORT.md as one set: drawn into a staging directory inside the run directory, and
moved into place only once every one of them was written. A plot that fails half-way leaves the previous
set as it was, rather than one chart new and the rest, and the report, stale."""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

PLOTS = "plots"
REPORT = "REPORT.md"
STAGING_PREFIX = ".plot-staging-"
_STAGING_NAME = re.compile(re.escape(STAGING_PREFIX) + r"(?P<pid>\d+)")


@contextmanager
def staged(run_directory: Path) -> Iterator[Path]:
    """``RUN_DIR/.plot-staging-<pid>``, new and empty, and removed on leaving, published or not.

    Inside the run directory, so that publishing is a rename within one file system.
    """
    _remove_abandoned(run_directory)
    staging = run_directory / f"{STAGING_PREFIX}{os.getpid()}"
    shutil.rmtree(staging, ignore_errors=True)
    (staging / PLOTS).mkdir(parents=True)
    try:
        yield staging
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def publish(staging: Path, run_directory: Path, is_chart_file: Callable[[str], bool]) -> None:
    """Moves the staged charts into RUN_DIR/plots, removes the chart files of the previous set that this
    one did not draw, then moves REPORT.md, which names the charts, into place.

    Only files ``is_chart_file`` recognises as this tool's are removed: anything else in plots/ stays.
    """
    plots = run_directory / PLOTS
    plots.mkdir(exist_ok=True)
    drawn = sorted((staging / PLOTS).iterdir())
    for path in drawn:
        os.replace(path, plots / path.name)
    names = {path.name for path in drawn}
    for path in plots.iterdir():
        if path.name not in names and is_chart_file(path.name) and path.is_file():
            path.unlink()
    os.replace(staging / REPORT, run_directory / REPORT)


def publish_files(staging: Path, directory: Path, names: tuple[str, ...]) -> None:
    """Moves the files ``names`` from ``staging`` into ``directory``, in that order, and removes those of a
    previous set that this one did not write (a chart there was none to draw for)."""
    for name in names:
        if (staging / name).is_file():
            os.replace(staging / name, directory / name)
        elif (directory / name).is_file():
            (directory / name).unlink()


def _remove_abandoned(run_directory: Path) -> None:
    """Removes the staging directories of plots that were killed before they could (kill -9): those whose
    process is gone."""
    for path in run_directory.glob(f"{STAGING_PREFIX}*"):
        match = _STAGING_NAME.fullmatch(path.name)
        if match and path.is_dir() and not _is_running(int(match["pid"])):
            shutil.rmtree(path, ignore_errors=True)


def _is_running(pid: int) -> bool:
    """Whether a process ``pid`` exists (signal 0 checks without sending anything)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
