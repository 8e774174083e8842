"""Chart 4: scaling curves for scenarios swept over a numeric parameter (the rows' ``parameter`` column)."""

from __future__ import annotations

from pathlib import Path

import matplotlib.pyplot as plt
import pandas as pd
from matplotlib.lines import Line2D
from matplotlib.ticker import NullLocator

from . import data, stagefits, style
from .data import Run

STEM = "scaling"


def sweeps(results: pd.DataFrame) -> dict[tuple[str, str], pd.DataFrame]:
    """Rows of every scenario swept over a numeric parameter with at least two values, keyed by scenario and
    source, as the ``scenario``, ``parameter`` and ``source`` columns say (a categorical parameter, such as
    a demand policy, is no axis). Each frame's ``parameter`` is the number, its rows in parameter order."""
    numeric = pd.to_numeric(results["parameter"], errors="coerce")
    rows = results.assign(parameter=numeric, source=results["source"].fillna("").astype(str))[numeric.notna()]
    groups: dict[tuple[str, str], pd.DataFrame] = {}
    for key, frame in rows.groupby(["scenario", "source"], sort=False):
        if frame["parameter"].nunique() >= 2:
            groups[key] = frame.sort_values("parameter", kind="stable")
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
    for panel, ((scenario, source), frame) in zip(flat, groups.items()):
        _draw_sweep(panel, frame, colours, run)
        _set_x_axis(panel, frame, run.schema.parameter_title(scenario))
        panel.set_title(stagefits.series_label(scenario, source))
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


def _draw_sweep(axes, frame: pd.DataFrame, colours: dict[str, str], run: Run) -> None:
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
        linestyle = "--" if name == run.baseline else "-"
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
    style.plain_log_axis(axes.yaxis)
    axes.set_ylabel(f"ns per {frame['unit'].iloc[0]} (log)")
    axes.grid(which="major", color="#e0e0e0", linewidth=0.6)


def _set_x_axis(axes, frame: pd.DataFrame, title: str | None) -> None:
    """Log x for sweeps spanning a decade or more of positive values, ticks at the swept values, labelled
    with what the parameter is (the schema's title for the scenario)."""
    values = sorted(frame["parameter"].unique())
    if values[0] > 0 and values[-1] / values[0] >= 8:
        axes.set_xscale("log")
        axes.xaxis.set_minor_locator(NullLocator())
    axes.set_xticks(values, [style.format_count(value) for value in values])
    axes.set_xlabel((title or "parameter") + (" (log)" if axes.get_xscale() == "log" else ""))
