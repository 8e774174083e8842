"""Colours, labels and figure output shared by every chart."""

from __future__ import annotations

import math
import re
import textwrap
from pathlib import Path

import matplotlib
import numpy as np

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402  (the backend must be chosen first)
from matplotlib.figure import Figure  # noqa: E402
from matplotlib.ticker import LogFormatter, NullLocator  # noqa: E402

from .schema import Schema  # noqa: E402

# An implementation no schema names (a run of another build's rows, compared with this one's).
UNKNOWN_COLOUR = "#444444"
VALUE_LABEL_SIZE = 7
# Inches one entry of a figure's legend takes at the legend's font size, name and marker included.
LEGEND_ENTRY_WIDTH = 1.5
# Above this, numbers are written with an exponent: 1e+308 in full is 309 digits.
LARGE = 1e9
# How far from 0 (linear) or 1 (log) an axis reaches at most. Matplotlib's locators step well past an
# axis' ends (a log axis spanning 200 decades ticks every 30 or so), which near the largest double (1.8e308)
# overflows and fails; a value beyond the bound, which no time or count comes near, is drawn at the panel's
# edge, and scripts/plot names it in a warning.
AXIS_BOUND = 1e100
TITLE_SIZE = 12

plt.rcParams.update(
    {
        "figure.dpi": 110,
        "savefig.dpi": 130,
        "axes.titlesize": 11,
        "axes.labelsize": 9,
        "xtick.labelsize": 8,
        "ytick.labelsize": 8,
        "legend.fontsize": 8,
        "axes.spines.top": False,
        "axes.spines.right": False,
        "svg.hashsalt": "reactive-bench",
    }
)


def colour_map(names: list[str], *schemas: Schema) -> dict[str, str]:
    """One colour per implementation name, as the runs' schemas give it (the first that names it);
    ``UNKNOWN_COLOUR`` for a name none of them knows."""
    colours: dict[str, str] = {}
    for each in reversed(schemas):
        colours.update(each.colours)
    return {name: colours.get(name, UNKNOWN_COLOUR) for name in names}


def wrap_camel(name: str, width: int = 12) -> str:
    """Breaks a long camelCase name at word boundaries for a tick label: "mapFilter\\nScan"."""
    if len(name) <= width:
        return name
    words = re.findall(r"\s+|\([^)]*\)|[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])|.", name)
    lines: list[str] = []
    for word in words:
        if lines and len(lines[-1]) + len(word) <= width:
            lines[-1] += word
        elif not word.isspace():
            lines.append(word)
    return "\n".join(line.strip() for line in lines)


def format_number(value: float) -> str:
    """About three significant figures, integers kept whole: 0.0123, 2.79, 15.3, 153, 1398."""
    if value is None or not math.isfinite(value):
        return "-"
    if value == 0:
        return "0"
    magnitude = abs(value)
    if magnitude >= LARGE:
        return f"{value:.3g}"
    if magnitude >= 100:
        return f"{value:.0f}"
    if magnitude >= 10:
        return f"{value:.1f}"
    if magnitude >= 1:
        return f"{value:.2f}"
    return f"{value:.3g}"


def format_count(value: float) -> str:
    """Allocation counts: integers as such, fractions with three significant figures."""
    if value is None or not math.isfinite(value):
        return "-"
    if abs(value) < LARGE and abs(value - round(value)) < 1e-9:
        return str(int(round(value)))
    return format_number(value)


class PlainLogFormatter(LogFormatter):
    """LogFormatter's choice of which ticks to label, written as plain numbers: 0.5, 100, 2000."""

    def __call__(self, x, pos=None):
        if not super().__call__(x, pos):
            return ""
        # Whole numbers in full (1000000, not 1e+06): the axes are in ns and counts.
        return f"{x:.0f}" if 1 <= x < LARGE else f"{x:g}"


def log_limits(low: float, high: float) -> tuple[float, float]:
    """Limits of a log axis from ``low`` to ``high`` (both above 0), kept within AXIS_BOUND (a decade apart
    when that leaves them equal)."""
    low, high = max(float(low), 1 / AXIS_BOUND), min(float(high), AXIS_BOUND)
    return (low if low < high else high / 10), high


def linear_limits(low: float, high: float) -> tuple[float, float]:
    """Limits of a linear axis from ``low`` to ``high`` (``low`` below ``high``), kept within AXIS_BOUND."""
    return max(float(low), -AXIS_BOUND), min(float(high), AXIS_BOUND)


def log_y(axes) -> None:
    """A log y axis whose limits the chart sets once it has drawn (fit_log_axis, log_limits): matplotlib's
    autoscaling overflows around a value near the largest double, and leaves the panel empty."""
    axes.set_yscale("log")
    axes.set_autoscaley_on(False)


def fit_log_axis(axes, values) -> None:
    """Y limits of a log axis around the ``values`` above 0, with matplotlib's own margins, kept within
    AXIS_BOUND; 1 to 10 without any."""
    positive = [float(value) for value in values if 0 < value < math.inf]
    if not positive:
        axes.set_ylim(1, 10)
        axes.yaxis.set_major_locator(NullLocator())
        axes.yaxis.set_minor_locator(NullLocator())
        return
    low, high = math.log10(min(positive)), math.log10(max(positive))
    margin = (high - low) * plt.rcParams["axes.ymargin"]
    bound = math.log10(AXIS_BOUND)
    top = min(high + margin, bound)
    bottom = max(low - margin, -bound)
    if bottom >= top:
        bottom = top - 1
    axes.set_ylim(10**bottom, 10**top)


def pinned(values):
    """Values above 0 (a number or a Series) to draw on a log axis, those beyond AXIS_BOUND or below its
    inverse drawn at the panel's edge."""
    return np.clip(values, 1 / AXIS_BOUND, AXIS_BOUND)


def nothing_to_draw(axes, text: str) -> None:
    """A panel without a mark says why, in its middle."""
    axes.text(0.5, 0.5, text, transform=axes.transAxes, ha="center", va="center", fontsize=8, color="#444444", wrap=True)


def plain_log_axis(axis) -> None:
    """Log-axis tick labels as plain numbers instead of powers of ten; minor ones on short ranges."""
    axis.set_major_formatter(PlainLogFormatter(labelOnlyBase=False))
    axis.set_minor_formatter(PlainLogFormatter(labelOnlyBase=False, minor_thresholds=(1.6, 0.4)))


def suptitle(figure: Figure, text: str) -> None:
    """The figure title, wrapped at word boundaries so it never runs past the figure's edges."""
    width_inches = figure.get_figwidth()
    characters = max(30, int(width_inches * 72 / (0.55 * TITLE_SIZE)))
    lines = [
        line for paragraph in text.splitlines() for line in textwrap.wrap(paragraph, characters)
    ]
    figure.suptitle("\n".join(lines), fontsize=TITLE_SIZE)


def figure_legend(figure: Figure, handles: list) -> None:
    """One legend for the whole figure, centred below the panels.

    Below, not above: constrained layout places an "outside upper" legend over the suptitle.
    """
    # As many entries a row as the figure's width holds (about 1.5 inches each), the rows balanced.
    per_row = max(1, int(figure.get_figwidth() / LEGEND_ENTRY_WIDTH))
    rows = math.ceil(len(handles) / per_row)
    columns = max(1, math.ceil(len(handles) / rows))
    figure.legend(handles=handles, loc="outside lower center", ncols=columns, frameon=False)


def grid_shape(count: int, max_columns: int = 3) -> tuple[int, int]:
    """Rows and columns of a subplot grid for ``count`` panels (four make a square, not 3 + 1)."""
    columns = 2 if count == 4 else max(1, min(max_columns, count))
    return math.ceil(count / columns), columns


def hide_unused(axes_list: list, used: int) -> None:
    """Removes the empty panels at the end of a subplot grid."""
    for axes in axes_list[used:]:
        axes.set_visible(False)


def save(figure: Figure, directory: Path, stem: str) -> Path:
    """Writes ``stem.png`` and ``stem.svg`` into ``directory``, closes the figure, returns the PNG."""
    directory.mkdir(parents=True, exist_ok=True)
    png = directory / f"{stem}.png"
    figure.savefig(png, metadata={"Software": None})
    figure.savefig(directory / f"{stem}.svg", metadata={"Date": None})
    plt.close(figure)
    return png
