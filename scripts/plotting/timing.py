"""Chart 1: ns per unit by implementation, one panel per workload."""

from __future__ import annotations

from pathlib import Path

import matplotlib.pyplot as plt
import matplotlib.transforms as transforms
import pandas as pd
from matplotlib.lines import Line2D

from . import data, style
from .data import Run

STEM = "ns_per_unit"
HEADROOM = 2.2  # factor above the highest whisker, room for the value labels on a log axis


def plot(run: Run, colours: dict[str, str], directory: Path) -> Path:
    """Draws the per-workload bar panels and returns the PNG path."""
    names = data.workloads(run.results)
    rows, columns = style.grid_shape(len(names))
    figure, axes = plt.subplots(
        rows,
        columns,
        figsize=(4.3 * columns, 3.5 * rows + 0.6),
        squeeze=False,
        layout="constrained",
    )
    flat = list(axes.flat)
    for panel, workload in zip(flat, names):
        _draw_workload(panel, run.results, workload, colours, run.baseline)
    style.hide_unused(flat, len(names))
    _add_legend(
        figure,
        colours.get(run.baseline, style.UNKNOWN_COLOUR),
        show_baseline=any(
            data.is_ok(data.cell(run.results, workload, run.baseline)) for workload in names
        ),
    )
    style.suptitle(figure, f"{run.name}: time per unit, median with 95% CI (lower is better)")
    return style.save(figure, directory, STEM)


def _draw_workload(axes, results: pd.DataFrame, workload: str, colours: dict[str, str], baseline: str) -> None:
    """One panel: a bar per implementation, a dashed baseline line, empty slots for cells not ok."""
    rows = results[results["workload"] == workload]
    names = data.implementations(rows)
    style.log_y(axes)
    values = []
    for x, name in enumerate(names):
        row = data.cell(rows, workload, name)
        if data.is_ok(row):
            values += _draw_bar(axes, x, row, colours[name])
        else:
            _draw_empty_slot(axes, x, row)
    _draw_baseline(axes, rows, workload, baseline, colours)
    _finish_axes(axes, names, colours, values, baseline)
    axes.set_title(workload)
    axes.set_ylabel(f"ns per {rows['unit'].iloc[0]} (log)")


def _draw_bar(axes, x: int, row: pd.Series, colour: str) -> list[float]:
    """A bar with CI whiskers and its value above; returns the y values it spans."""
    median = row["ns_per_unit_median"]
    low = _or(row["ns_per_unit_ci95_low"], median)
    high = _or(row["ns_per_unit_ci95_high"], median)
    axes.bar(x, median, width=0.7, color=colour, edgecolor="black", linewidth=0.4, zorder=2)
    axes.errorbar(
        x,
        median,
        yerr=[[max(median - low, 0)], [max(high - median, 0)]],
        fmt="none",
        ecolor="black",
        elinewidth=0.9,
        capsize=3,
        zorder=3,
    )
    axes.annotate(
        style.format_number(median),
        (x, max(high, median)),
        xytext=(0, 3),
        textcoords="offset points",
        ha="center",
        va="bottom",
        fontsize=style.VALUE_LABEL_SIZE,
    )
    return [low, median, high]


def _draw_empty_slot(axes, x: int, row: pd.Series | None) -> None:
    """Marks a cell that has no number: shaded slot with the status written upwards ("median 0" for an ok
    cell whose median a log axis cannot show)."""
    status = data.status_note(row)
    axes.axvspan(
        x - 0.35,
        x + 0.35,
        facecolor="#f4f4f4",
        hatch="///",
        edgecolor="#cccccc",
        linewidth=0,
        zorder=1,
    )
    blend = transforms.blended_transform_factory(axes.transData, axes.transAxes)
    axes.text(
        x,
        0.5,
        status,
        transform=blend,
        rotation=90,
        ha="center",
        va="center",
        fontsize=8,
        color="#444444",
        zorder=4,
        bbox={"facecolor": "white", "edgecolor": "none", "pad": 1.5},
    )


def _draw_baseline(axes, rows: pd.DataFrame, workload: str, baseline: str, colours: dict[str, str]) -> None:
    """The baseline median as a dashed line of the baseline's colour across the panel."""
    row = data.cell(rows, workload, baseline)
    if not data.is_ok(row):
        return
    median = row["ns_per_unit_median"]
    axes.axhline(median, color=colours[baseline], linestyle="--", linewidth=1, zorder=1.5)


def _finish_axes(axes, names: list[str], colours: dict[str, str], values: list[float], baseline: str) -> None:
    """Coloured, slanted implementation labels and y limits with room for the value labels."""
    axes.set_xticks(range(len(names)), names, rotation=30, ha="right", rotation_mode="anchor")
    for label, name in zip(axes.get_xticklabels(), names):
        label.set_color(colours[name] if name != baseline else "#555555")
    style.plain_log_axis(axes.yaxis)
    axes.set_xlim(-0.6, len(names) - 0.4)
    positive = [float(value) for value in values if value > 0]
    if positive:
        axes.set_ylim(*style.log_limits(min(positive) / 1.6, max(positive) * HEADROOM))
    else:
        axes.set_ylim(1, 10)
        axes.set_yticks([])
        axes.minorticks_off()
    axes.grid(axis="y", which="major", color="#e0e0e0", linewidth=0.6, zorder=0)


def _add_legend(figure, baseline_colour: str, show_baseline: bool) -> None:
    """Explains the marks that are not bars."""
    handles = [
        Line2D(
            [],
            [],
            color="black",
            marker="_",
            markersize=8,
            linewidth=0.9,
            label="95% CI of the median",
        )
    ]
    if show_baseline:
        handles.insert(
            0, Line2D([], [], color=baseline_colour, linestyle="--", label="baseline median")
        )
    style.figure_legend(figure, handles)


def _or(value: float, fallback: float) -> float:
    """``value`` unless it is missing."""
    return fallback if pd.isna(value) else value
