"""Chart 4: scaling curves for workloads swept over a parameter, e.g. "pipelineDepth (4)"."""

from __future__ import annotations

from pathlib import Path

import matplotlib.pyplot as plt
import pandas as pd
from matplotlib.lines import Line2D
from matplotlib.ticker import NullLocator

from . import data, style
from .data import Run

STEM = "scaling"
# What each swept scenario's parameter is (docs/WORKLOADS.md), for the x axis; others say "parameter".
PARAMETER_AXES = {
    "pipelineDepth": "operators in the chain (depth)",
    "subscribeChurn": "map stages subscribed and cancelled (depth)",
    "fanOut": "subscribers",
    "fanOutCustomSubject": "subscribers",
    "withLatestFrom": "primary elements per secondary element",
    "sample": "primary elements per secondary element",
    "sampleWithFrom": "primary elements per secondary element",
}


def sweeps(results: pd.DataFrame) -> dict[str, pd.DataFrame]:
    """Rows of every swept workload with at least two parameter values, keyed by the base name.

    Each frame gains the columns ``parameter`` (the number) and ``parameter_label`` (the text around
    it, e.g. "depth" for "pipeline (depth=4)").
    """
    points = {name: data.split_scaling(name) for name in data.workloads(results)}
    groups: dict[str, pd.DataFrame] = {}
    for base in dict.fromkeys(point.base for point in points.values() if point):
        names = [name for name, point in points.items() if point and point.base == base]
        if len({points[name].value for name in names}) < 2:
            continue
        rows = results[results["workload"].isin(names)].copy()
        rows["parameter"] = rows["workload"].map(lambda name: points[name].value)
        rows["parameter_label"] = rows["workload"].map(lambda name: points[name].label)
        groups[base] = rows.sort_values("parameter", kind="stable")
    return groups


def plot(run: Run, colours: dict[str, str], directory: Path) -> Path | None:
    """One panel per swept workload, a line per implementation; None when the run has no sweep."""
    groups = sweeps(run.results)
    if not groups:
        return None
    rows, columns = style.grid_shape(len(groups))
    figure, axes = plt.subplots(
        rows,
        columns,
        figsize=(4.6 * columns, 3.6 * rows + 0.9),
        squeeze=False,
        layout="constrained",
    )
    flat = list(axes.flat)
    for panel, (base, frame) in zip(flat, groups.items()):
        _draw_sweep(panel, base, frame, colours)
    style.hide_unused(flat, len(groups))
    names = data.implementations(pd.concat(groups.values()))
    handles = [
        Line2D([], [], color=colours[name], marker="o", markersize=4, label=name) for name in names
    ]
    style.figure_legend(figure, handles)
    style.suptitle(
        figure, f"{run.name}: time per unit against the swept parameter, one line per implementation "
        "(median, 95% CI band; dashed: the baseline loop)"
    )
    return style.save(figure, directory, STEM)


def _draw_sweep(axes, base: str, frame: pd.DataFrame, colours: dict[str, str]) -> None:
    """Median line with a CI band per implementation, over the parameter values that ran ok."""
    style.log_y(axes)
    drawn = []
    for name in data.implementations(frame):
        ok = frame[
            (frame["implementation"] == name)
            & (frame["status"] == data.OK)
            & (frame["ns_per_unit_median"] > 0)
        ]
        if ok.empty:
            continue
        linestyle = "--" if name == data.BASELINE else "-"
        median = style.pinned(ok["ns_per_unit_median"])
        axes.plot(
            ok["parameter"],
            median,
            linestyle,
            marker="o",
            markersize=3.5,
            color=colours[name],
            linewidth=1.4,
        )
        low = style.pinned(ok["ns_per_unit_ci95_low"].fillna(ok["ns_per_unit_median"]))
        high = style.pinned(ok["ns_per_unit_ci95_high"].fillna(ok["ns_per_unit_median"]))
        axes.fill_between(ok["parameter"], low, high, color=colours[name], alpha=0.15, linewidth=0)
        drawn += [*median, *low, *high]
    if not drawn:
        style.nothing_to_draw(axes, "no cell with a median above 0 ns:\nnothing to draw on a log axis")
    style.fit_log_axis(axes, drawn)
    _set_x_axis(axes, frame, base)
    style.plain_log_axis(axes.yaxis)
    axes.set_ylabel(f"ns per {frame['unit'].iloc[0]} (log)")
    axes.set_title(base)
    axes.grid(which="major", color="#e0e0e0", linewidth=0.6)


def _set_x_axis(axes, frame: pd.DataFrame, base: str) -> None:
    """Log x for sweeps spanning a decade or more of positive values, ticks at the swept values."""
    values = sorted(frame["parameter"].unique())
    if values[0] > 0 and values[-1] / values[0] >= 8:
        axes.set_xscale("log")
        axes.xaxis.set_minor_locator(NullLocator())
    axes.set_xticks(values, [style.format_count(value) for value in values])
    labels = [label for label in frame["parameter_label"].unique() if label]
    fallback = labels[0] if len(labels) == 1 else "parameter"
    axes.set_xlabel(PARAMETER_AXES.get(base, fallback) + (" (log)" if axes.get_xscale() == "log" else ""))
