"""Chart 2: allocations per unit and per subscription, by workload and implementation."""

from __future__ import annotations

import math
from pathlib import Path

import matplotlib.pyplot as plt
from matplotlib.ticker import FuncFormatter

from . import data, groupedbars, style
from .data import OK, Run
from .groupedbars import Bar

STEM = "allocations"
PANELS = (
    ("allocations_per_unit", "Allocations per unit (element or subscription), worst repetition"),
    (
        "allocations_per_subscription",
        "Allocations per subscription: building and subscribing the pipeline",
    ),
)


def plot(run: Run, colours: dict[str, str], directory: Path) -> Path:
    """One block of panels per metric, workloads wrapped onto rows; returns the PNG path."""
    rows = groupedbars.rows_of(data.workloads(run.results))
    series = data.implementations(run.results)
    slots = max(len(row) for row in rows)
    figure, axes = plt.subplots(
        len(PANELS) * len(rows),
        1,
        squeeze=False,
        layout="constrained",
        figsize=(groupedbars.figure_width(slots, len(series)), 0.9 + 3.1 * len(PANELS) * len(rows)),
    )
    panels = iter(axes.flat)
    for column, title in PANELS:
        for index, groups in enumerate(rows):
            panel = next(panels)
            groupedbars.draw(panel, groups, series, colours, _bar_reader(run, column), slots=slots)
            _finish_panel(panel, run.results[column], title if index == 0 else None)
    groupedbars.add_legend(figure, series, colours)
    style.suptitle(figure, f"{run.name}: heap allocations (jemalloc), lower is better")
    return style.save(figure, directory, STEM)


def _bar_reader(run: Run, column: str):
    """Returns a function giving the Bar of one (workload, implementation) cell for ``column``."""

    def bar_for(workload: str, implementation: str) -> Bar:
        row = data.cell(run.results, workload, implementation)
        if row is None:
            return Bar(None)
        value = row[column]
        if row["status"] != OK or not math.isfinite(value):
            return Bar(None, note=str(row["status"]).replace("_", " "))
        return Bar(value, label=style.format_count(value))

    return bar_for


def _finish_panel(axes, values, title: str | None) -> None:
    """Symmetric-log y from 0 shared by every row of a metric: linear up to 1, logarithmic above, so a
    single allocation and a fan-out's eight hundred both read; headroom for the rotated value labels."""
    top = float(values[values.notna()].max()) if values.notna().any() else 0.0
    axes.set_yscale("symlog", linthresh=1, linscale=0.6)
    axes.set_ylim(*style.linear_limits(0, max(top * 4, 10)))
    axes.yaxis.set_major_formatter(FuncFormatter(lambda value, _: f"{value:g}"))
    axes.set_ylabel("allocations (count, log above 1)")
    axes.grid(axis="y", color="#e0e0e0", linewidth=0.6, zorder=0)
    if title:
        axes.set_title(title, loc="left")
