"""What ``reactive-bench compare`` says about two runs, read from its ``--format csv`` output.

The verdicts (thresholds, the Mann–Whitney test, count tolerances) are decided in one place, the Swift
tool; the charts only draw them.
"""

from __future__ import annotations

import io
import os
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from .data import InputError

TOOL_ENVIRONMENT = "REACTIVE_BENCH_TOOL"
TIME_METRIC = "ns_per_unit"


@dataclass(frozen=True)
class CellVerdict:
    """One cell of the comparison: the verdict, the time change in percent (None without a time in
    both runs) and the metrics that changed."""

    workload: str
    implementation: str
    verdict: str
    time_change_percent: float | None
    p_value: float | None
    changed_metrics: tuple[str, ...]


def tool_path(root: Path) -> Path:
    """``$REACTIVE_BENCH_TOOL``, else the release build in the repository."""
    configured = os.environ.get(TOOL_ENVIRONMENT)
    return Path(configured) if configured else root / ".build" / "release" / "reactive-bench"


def run_compare(tool: Path, base: Path, new: Path, format: str) -> tuple[str, int]:
    """The tool's report on ``base`` and ``new`` in ``format`` and its exit status (0 or 1)."""
    if not tool.is_file():
        raise InputError(
            f"{tool}: no reactive-bench to compare with: build it with "
            f"`swift build -c release --product reactive-bench`, or set {TOOL_ENVIRONMENT}"
        )
    arguments = [str(tool), "compare", str(base), str(new), "--format", format]
    finished = subprocess.run(arguments, capture_output=True, text=True, check=False)
    if finished.returncode not in (0, 1):
        lines = finished.stderr.strip().splitlines() or [f"exit status {finished.returncode}"]
        raise InputError(lines[0].removeprefix("error: "))
    return finished.stdout, finished.returncode


def parse(text: str, base: pd.DataFrame, new: pd.DataFrame) -> list[CellVerdict]:
    """The cells of a ``--format csv`` report, in its order; time changes from the runs' medians."""
    frame = pd.read_csv(io.StringIO(text), dtype=str, keep_default_na=False)
    cells = []
    for (workload, implementation), rows in frame.groupby(["workload", "implementation"], sort=False):
        time = rows[rows["metric"] == TIME_METRIC]
        p_value = float(time["p_value"].iloc[0]) if not time.empty and time["p_value"].iloc[0] else None
        changed = tuple(
            rows.loc[rows["metric_verdict"].isin(["regression", "improvement", "slower", "faster"]), "metric"]
        )
        cells.append(
            CellVerdict(
                workload, implementation, rows["cell_verdict"].iloc[0],
                _change(base, new, workload, implementation) if not time.empty else None,
                p_value, changed,
            )
        )  # fmt: skip
    return cells


def _change(base: pd.DataFrame, new: pd.DataFrame, workload: str, implementation: str) -> float | None:
    """(new median / base median - 1) in percent."""

    def median(results: pd.DataFrame) -> float | None:
        rows = results[(results["workload"] == workload) & (results["implementation"] == implementation)]
        return None if rows.empty else float(rows["ns_per_unit_median"].iloc[0])

    before, after = median(base), median(new)
    if before is None or after is None or not before > 0:
        return None
    return (after / before - 1) * 100
