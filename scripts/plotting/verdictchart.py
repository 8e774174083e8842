"""The compare chart of two runs: per cell, the change of the median time and compare's verdict."""

from __future__ import annotations

import math
from pathlib import Path

import matplotlib.pyplot as plt
from matplotlib.patches import Patch

from . import style
from .verdicts import CellVerdict

STEM = "compare"
VERDICT_COLOURS = {
    "regression": "#d62728",
    "improvement": "#2ca02c",
    # Time changes of two separate runs, reported but not judged (docs/COMPARE.md).
    "slower": "#f4a3a3",
    "faster": "#a8dba8",
    "unchanged": "#b0b0b0",
}
ROWS_PER_COLUMN = 46
ROW_HEIGHT = 0.21  # inches per cell


def plot(cells: list[CellVerdict], title: str, directory: Path) -> Path | None:
    """Horizontal bars of the time change per cell, coloured by the cell's verdict, its changed metrics
    written beside; cells without a time in both runs are left out (the report lists them). None when
    no cell has a time in both runs."""
    timed = [cell for cell in cells if cell.time_change_percent is not None]
    if not timed:
        return None
    columns = math.ceil(len(timed) / ROWS_PER_COLUMN)
    per_column = math.ceil(len(timed) / columns)
    figure, axes = plt.subplots(
        1, columns, squeeze=False, layout="constrained",
        figsize=(7.2 * columns, 1.6 + ROW_HEIGHT * per_column),
    )  # fmt: skip
    limit = _axis_limit(timed)
    for index, panel in enumerate(axes.flat):
        _draw_column(panel, timed[index * per_column : (index + 1) * per_column], limit)
    style.figure_legend(
        figure,
        [Patch(facecolor=colour, edgecolor="black", linewidth=0.4, label=verdict)
         for verdict, colour in VERDICT_COLOURS.items()],
    )  # fmt: skip
    style.suptitle(figure, title)
    return style.save(figure, directory, STEM)


def _draw_column(axes, cells: list[CellVerdict], limit: float) -> None:
    """One column of cells, the first at the top."""
    positions = range(len(cells))
    values = [_clipped(cell.time_change_percent, limit) for cell in cells]
    colours = [VERDICT_COLOURS.get(cell.verdict, "#b0b0b0") for cell in cells]
    axes.barh(positions, values, color=colours, edgecolor="black", linewidth=0.3, height=0.75, zorder=2)
    for position, cell, value in zip(positions, cells, values):
        axes.annotate(
            _label(cell), (value, position), xytext=(3 if value >= 0 else -3, 0),
            textcoords="offset points", ha="left" if value >= 0 else "right", va="center",
            fontsize=style.VALUE_LABEL_SIZE,
        )  # fmt: skip
    axes.set_yticks(list(positions), [f"{cell.workload} / {cell.implementation}" for cell in cells])
    axes.tick_params(axis="y", labelsize=7)
    axes.set_ylim(len(cells) - 0.4, -0.6)
    axes.set_xlim(-limit * 1.9, limit * 1.9)
    axes.axvline(0, color="black", linewidth=0.8, zorder=1)
    axes.set_xlabel("change of the median time per unit, new over base (%)")
    axes.grid(axis="x", color="#e0e0e0", linewidth=0.6, zorder=0)


def _label(cell: CellVerdict) -> str:
    """'+38.1%' with the p-value, then what changed besides the time."""
    text = f"{cell.time_change_percent:+.1f}%"
    if cell.p_value is not None:
        text += " (p<0.0001)" if cell.p_value < 0.0001 else f" (p={cell.p_value:.4f})"
    others = [metric for metric in cell.changed_metrics if metric != "ns_per_unit"]
    return text + (f"; {', '.join(others)}" if others else "")


def _axis_limit(cells: list[CellVerdict]) -> float:
    """Half the x range: the largest change, at most 100% (longer bars are clipped and say so)."""
    largest = max(abs(cell.time_change_percent) for cell in cells)
    return min(max(largest, 10.0), 100.0)


def _clipped(value: float, limit: float) -> float:
    """The bar's length, at most 1.5 times the axis limit."""
    return max(-1.5 * limit, min(1.5 * limit, value))
