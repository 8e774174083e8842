"""Chart 3: latency percentiles per implementation on an HdrHistogram-style axis."""

from __future__ import annotations

import math
from pathlib import Path

import matplotlib.pyplot as plt
import pandas as pd
from matplotlib.lines import Line2D
from matplotlib.ticker import NullLocator

from . import data, style
from .data import Run

STEM = "latency"
MAX_X = 1e5  # the maximum sits one decade past p99.99, drawn with a dotted segment


def _columns(run: Run) -> tuple[list[tuple[str, float]], str]:
    """(column, percentile) for the points along x, then the column of the largest latency, as the schema
    declares them; x = 1 / (1 - p), so each extra nine is one decade."""
    percentiles = [(column, p) for column, p in run.schema.latencies if p is not None]
    maximum = next(column for column, p in run.schema.latencies if p is None)
    return percentiles, maximum


def has_latency(run: Run) -> bool:
    """Whether any cell recorded latency percentiles."""
    return bool((run.results[[column for column, _ in run.schema.latencies]] > 0).any().any())


def plot(run: Run, colours: dict[str, str], directory: Path) -> Path | None:
    """One panel per workload with latency data; returns the PNG path, or None if there is none."""
    if not has_latency(run):
        return None
    results, columns = run.results, [column for column, _ in run.schema.latencies]
    names = [
        name
        for name in data.workloads(results)
        # Positive values only: a workload without per-event latency (histogram) may write zeros.
        if (results.loc[results["workload"] == name, columns] > 0).any().any()
    ]
    rows, columns = style.grid_shape(len(names))
    figure, axes = plt.subplots(
        rows,
        columns,
        figsize=(4.6 * columns, 3.6 * rows + 0.9),
        squeeze=False,
        layout="constrained",
    )
    flat = list(axes.flat)
    for panel, workload in zip(flat, names):
        _draw_workload(panel, results[results["workload"] == workload], workload, colours, run)
    style.hide_unused(flat, len(names))
    _add_legend(figure, data.implementations(results[results["workload"].isin(names)]), colours, run.baseline)
    style.suptitle(
        figure, f"{run.name}: send-to-receive latency per event{_overhead_note(results)}"
    )
    return style.save(figure, directory, STEM)


def _draw_workload(axes, rows: pd.DataFrame, workload: str, colours: dict[str, str], run: Run) -> None:
    """Percentile curves of every implementation of one workload."""
    percentiles, _ = _columns(run)
    style.log_y(axes)
    drawn = []
    for name in data.implementations(rows):
        row = data.cell(rows, workload, name)
        # Its latency, whatever its median: a cell timed at 0 ns per element still has its percentiles.
        if row is not None and row["status"] == data.OK:
            drawn += _draw_curve(axes, row, colours[name], name == run.baseline, _columns(run))
    style.fit_log_axis(axes, drawn)
    axes.set_xscale("log")
    style.plain_log_axis(axes.yaxis)
    ticks = [_x(p) for _, p in percentiles] + [MAX_X]
    axes.set_xticks(ticks, [_percent_label(p) for _, p in percentiles] + ["max"])
    axes.xaxis.set_minor_locator(NullLocator())  # y keeps its minor ticks: some panels span one decade
    axes.set_xlim(ticks[0] / 1.5, ticks[-1] * 1.5)
    axes.set_xlabel("percentile (each step one more nine)")
    axes.set_ylabel("latency (ns, log)")
    axes.set_title(workload)
    axes.grid(which="major", color="#e0e0e0", linewidth=0.6)


def _draw_curve(axes, row: pd.Series, colour: str, is_baseline: bool, columns: tuple[list[tuple[str, float]], str]) -> list[float]:
    """Solid line through the percentiles (dashed for the baseline), dotted on to the maximum; returns the
    latencies drawn."""
    percentiles, largest = columns
    points = [(_x(p), style.pinned(row[column])) for column, p in percentiles if _positive(row[column])]
    if not points:
        return []
    xs, ys = zip(*points)
    dashes = "--" if is_baseline else "-"
    axes.plot(xs, ys, dashes, color=colour, marker="o", markersize=3.5, linewidth=1.4)
    if not _positive(row[largest]):
        return list(ys)
    maximum = style.pinned(row[largest])
    axes.plot([xs[-1], MAX_X], [ys[-1], maximum], ":", color=colour, linewidth=1.2)
    axes.plot([MAX_X], [maximum], marker="D", markersize=3.5, color=colour)
    return [*ys, maximum]


def _add_legend(figure, names: list[str], colours: dict[str, str], baseline: str) -> None:
    """One legend for all panels, below them."""
    handles = [
        Line2D(
            [],
            [],
            color=colours[name],
            marker="o",
            markersize=4,
            linestyle="--" if name == baseline else "-",
            label=name,
        )
        for name in names
    ]
    style.figure_legend(figure, handles)


def _overhead_note(results: pd.DataFrame) -> str:
    """The recording overhead to subtract mentally, as a suffix for the title."""
    overhead = results["latency_recording_overhead_ns"].dropna()
    if overhead.empty:
        return ""
    return f" (includes ~{style.format_number(overhead.median())} ns recording overhead)"


def _x(percentile: float) -> float:
    """HdrHistogram's x: 1 / (1 - p), so 90% -> 10, 99% -> 100."""
    return 1.0 / (1.0 - percentile)


def _percent_label(percentile: float) -> str:
    """0.999 -> "99.9%"."""
    return f"{percentile * 100:.4f}".rstrip("0").rstrip(".") + "%"


def _positive(value: float) -> bool:
    """Whether a value can be drawn on a log axis."""
    return bool(pd.notna(value) and math.isfinite(value) and value > 0)
