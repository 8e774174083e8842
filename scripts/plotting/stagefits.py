"""The per-stage chart: cost against the number of stages (subscribers) on log-log axes, the points
each cell's median with its 95% interval, and the least-squares line of fits.csv through them, in the
manner of swift-collections-benchmark's amortized charts. A sweep whose fit is not a line is drawn as
its points joined by a dotted line, without a fit."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import matplotlib.pyplot as plt
from matplotlib.lines import Line2D

from . import style
from .data import OK, InputError, Run, numbers, row_lines

STEM = "stage_fits"
AXIS_LABELS = {"stage": "stages (log)", "subscriber": "subscribers (log)"}


# fits.csv's numbers (docs/CSV.md), read as strictly as results.csv's; a slope or intercept may be below 0.
FIT_NUMBERS = (
    "points", "slope", "slope_ci95_low", "slope_ci95_high", "intercept", "intercept_ci95_low", "intercept_ci95_high",
    "r_squared",
)  # fmt: skip


def load_fits(directory: Path) -> pd.DataFrame | None:
    """fits.csv of a run directory, or None when the run has none (a run older than fits.csv); InputError
    naming the line and column of a number that is not one."""
    path = directory / "fits.csv"
    if not path.is_file():
        return None
    try:
        frame = pd.read_csv(path, dtype=str, keep_default_na=False)
    except (pd.errors.ParserError, pd.errors.EmptyDataError, UnicodeDecodeError) as error:
        raise InputError(f"{path}: not a readable CSV ({str(error).splitlines()[0] if str(error) else type(error).__name__})") from error
    if frame.empty:
        return None
    lines = row_lines(path, len(frame))
    for column in FIT_NUMBERS:
        if column in frame.columns:
            frame[column] = numbers(path, column, frame[column], lines, signed=True)
    return frame


def series_label(scenario: str, source: str) -> str:
    """``pipelineDepth``, or ``pipelineDepth [direct]`` for a direct source (as reactive-bench prints it)."""
    return scenario if source in ("", "subject") else f"{scenario} [{source}]"


def plot(run: Run, colours: dict[str, str], directory: Path) -> Path | None:
    """One panel per fitted sweep (time only); None when the run has no fits.csv or no time fit."""
    fits = load_fits(run.directory)
    if fits is None:
        return None
    fits = fits[fits["metric"] == "ns"]
    if fits.empty:
        return None
    series = list(dict.fromkeys(zip(fits["scenario"], fits["source"])))
    rows, columns = style.grid_shape(len(series))
    figure, axes = plt.subplots(
        rows, columns, figsize=(4.8 * columns, 3.8 * rows + 1.0), squeeze=False, layout="constrained"
    )
    flat = list(axes.flat)
    for panel, (scenario, source) in zip(flat, series):
        selected = fits[(fits["scenario"] == scenario) & (fits["source"] == source)]
        _draw_series(panel, run.results, selected, scenario, source, colours)
    style.hide_unused(flat, len(series))
    names = list(dict.fromkeys(fits["implementation"]))
    handles = [Line2D([], [], color=colours.get(name, "black"), marker="o", markersize=4, label=name) for name in names]
    handles.append(Line2D([], [], color="black", linestyle=":", label="not a line (R² < 0.98, or a median 25% off): points only"))
    style.figure_legend(figure, handles)
    style.suptitle(
        figure,
        f"{run.name}: cost against pipeline stages (subscribers), log-log; points: each cell's median "
        "and 95% interval; lines: cost = intercept + slope × stages fitted over the repetitions (fits.csv)",
    )
    return style.save(figure, directory, STEM)


def _cells(results: pd.DataFrame, scenario: str, source: str, implementation: str) -> pd.DataFrame:
    """The ``ok`` rows of one series that log-log axes can show (a median and a parameter above 0), with
    the parameter as a number, in parameter order."""
    sources = results["source"].fillna("") if "source" in results.columns else pd.Series("", index=results.index)
    rows = results[
        (results["scenario"] == scenario)
        & (sources.astype(str).replace("nan", "") == source)
        & (results["implementation"] == implementation)
        & (results["status"] == OK)
        & (results["ns_per_unit_median"] > 0)
    ].copy()
    rows["x"] = pd.to_numeric(rows["parameter"], errors="coerce")
    return rows[rows["x"] > 0].sort_values("x")


def _draw_series(axes, results, fits, scenario: str, source: str, colours) -> None:
    axis = fits["slope_per"].iloc[0]
    style.log_y(axes)
    drawn = []
    for _, fit in fits.iterrows():
        name = fit["implementation"]
        colour = colours.get(name, "black")
        cells = _cells(results, scenario, source, name)
        if cells.empty:
            continue
        # fanOut's unit is one delivery: per element sent, the cost of all N deliveries (as fits.csv).
        scale = cells["x"] if axis == "subscriber" and (cells["unit"] == "element").all() else 1
        median = style.pinned(cells["ns_per_unit_median"] * scale)
        low = style.pinned(cells["ns_per_unit_ci95_low"].fillna(cells["ns_per_unit_median"]) * scale)
        high = style.pinned(cells["ns_per_unit_ci95_high"].fillna(cells["ns_per_unit_median"]) * scale)
        # A median outside its interval (an edited file) gets no whisker on that side, not a negative one.
        whiskers = [(median - low).clip(lower=0), (high - median).clip(lower=0)]
        axes.errorbar(
            cells["x"], median, yerr=whiskers, fmt="o", markersize=3.5, color=colour, elinewidth=0.8, capsize=2,
        )
        drawn += [*median, *low, *high]
        if fit["shape"] == "nonlinear":
            axes.plot(cells["x"], median, ":", color=colour, linewidth=1.2)
            continue
        grid = np.geomspace(cells["x"].min(), cells["x"].max(), 64)
        line = float(fit["intercept"]) + float(fit["slope"]) * grid
        positive = line > 0
        axes.plot(grid[positive], line[positive], "-", color=colour, linewidth=1.3)
        drawn += list(line[positive])
    if not drawn:
        style.nothing_to_draw(axes, "no cell with a median above 0 ns:\nnothing to draw on log axes")
    style.fit_log_axis(axes, drawn)
    axes.set_xscale("log")
    style.plain_log_axis(axes.xaxis)
    style.plain_log_axis(axes.yaxis)
    axes.set_xlabel(AXIS_LABELS.get(axis, axis))
    measured = fits["measured_per"].iloc[0]
    axes.set_ylabel(f"ns per {'element sent' if axis == 'subscriber' else measured} (log)")
    axes.set_title(series_label(scenario, source))
    axes.grid(which="major", color="#e0e0e0", linewidth=0.6)
