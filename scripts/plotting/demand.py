"""Chart: the overhead of demand (back-pressure) per policy, against `.unlimited` on the same style."""

from __future__ import annotations

import math
from pathlib import Path

import matplotlib.pyplot as plt
import pandas as pd

from . import data, groupedbars, style
from .data import OK, Run
from .groupedbars import Bar

STEM = "demand_overhead"
COLUMN = "demand_overhead_percent"


def policies(results: pd.DataFrame) -> list[str]:
    """The workloads with a demand overhead, in table order, leaving out the references themselves
    (every overhead exactly 0: `demand (unlimited)` is measured against itself)."""
    names = []
    for workload in data.workloads(results):
        values = results.loc[results["workload"] == workload, COLUMN].dropna()
        if not values.empty and (values != 0).any():
            names.append(workload)
    return names


def plot(run: Run, colours: dict[str, str], directory: Path) -> Path | None:
    """Grouped bars: a group per demand policy, a bar per Combine-family implementation; None when the
    run has no demand rows."""
    groups = policies(run.results)
    if not groups:
        return None
    rows = run.results[run.results["workload"].isin(groups)]
    series = [name for name in data.implementations(rows) if rows.loc[rows["implementation"] == name, COLUMN].notna().any()]
    figure, axes = plt.subplots(
        1, 1, squeeze=False, layout="constrained",
        figsize=(groupedbars.figure_width(len(groups), len(series)), 4.6),
    )  # fmt: skip
    panel = axes[0][0]
    groupedbars.draw(panel, groups, series, colours, _bar_reader(run), slots=len(groups))
    values = rows[COLUMN].dropna()
    low, high = min(float(values.min()), 0.0), max(float(values.max()), 0.0)
    span = max(high - low, 1)  # inf for overheads near -1e308 and 1e308: linear_limits bounds it
    panel.set_ylim(*style.linear_limits(low - 0.12 * span if low < 0 else 0, high + 0.25 * span))
    panel.axhline(0, color="black", linewidth=0.8, zorder=1)
    panel.set_ylabel("time over .unlimited on the same style (%)")
    panel.grid(axis="y", color="#e0e0e0", linewidth=0.6, zorder=0)
    groupedbars.add_legend(figure, series, colours)
    style.suptitle(
        figure,
        f"{run.name}: the cost of demand, median ns per element over the same style's "
        "`.unlimited` row, minus 1 (Combine family; Rx has no demand)",
    )
    return style.save(figure, directory, STEM)


def _bar_reader(run: Run):
    """The Bar of one (workload, implementation) cell: its overhead in percent."""

    def bar_for(workload: str, implementation: str) -> Bar:
        row = data.cell(run.results, workload, implementation)
        if row is None:
            return Bar(None)
        value = row[COLUMN]
        if row["status"] != OK or not math.isfinite(value):
            return Bar(None, note=str(row["status"]).replace("_", " "))
        return Bar(value, label=f"{value:+.0f}%")

    return bar_for
