"""Grouped bars: workloads along x, one bar per implementation in each group (charts 2 and 5)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import matplotlib.transforms as transforms
from matplotlib.patches import Patch

from . import style

GROUP_WIDTH = 0.82
MAX_BAR_WIDTH = 0.3  # a group of one or two bars stays bar-shaped
GROUPS_PER_ROW = 6  # more workloads than this wrap onto further rows of panels


@dataclass(frozen=True)
class Bar:
    """One bar to draw, or an empty slot with ``note`` when ``value`` is None."""

    value: float | None
    label: str = ""
    note: str = ""
    low: float | None = None
    high: float | None = None


def figure_width(groups: int, series: int) -> float:
    """Inches wide enough that every bar of a row of ``groups`` gets room for a rotated value label."""
    return max(8.0, 1.4 + min(groups, GROUPS_PER_ROW) * (0.24 * series + 0.35))


def rows_of(groups: list[str]) -> list[list[str]]:
    """Splits the groups into rows of at most GROUPS_PER_ROW, balanced so the last row is not a stub."""
    count = -(-len(groups) // GROUPS_PER_ROW)
    size = -(-len(groups) // count)
    return [groups[start : start + size] for start in range(0, len(groups), size)]


def draw(
    axes,
    groups: list[str],
    series: list[str],
    colours: dict[str, str],
    bar_for: Callable[[str, str], Bar],
    bottom: float = 0.0,
    slots: int = 0,
) -> None:
    """Draws every (group, series) bar into a row of ``slots`` group positions (at least one per group).

    ``bottom`` is where bars start: 0 for counts, 1.0 for ratio charts.
    """
    axes.set_autoscaley_on(False)  # every chart sets its y limits once drawn (style.log_y says why)
    width = min(GROUP_WIDTH / len(series), MAX_BAR_WIDTH)
    blend = transforms.blended_transform_factory(axes.transData, axes.transAxes)
    for group_index, group in enumerate(groups):
        for series_index, name in enumerate(series):
            x = group_index + width * (series_index + 0.5 - len(series) / 2)
            bar = bar_for(group, name)
            if bar.value is None:
                if bar.note:
                    axes.text(
                        x,
                        0.02,
                        bar.note,
                        transform=blend,
                        rotation=90,
                        ha="center",
                        va="bottom",
                        fontsize=6,
                        color="#777777",
                    )
                continue
            _draw_one(axes, x, width, bar, colours[name], bottom)
    # figure_width gives each group at least ~1.8 in, room for a wrapped name at 8 pt.
    axes.set_xticks(range(len(groups)), [style.wrap_camel(group, 16) for group in groups])
    # A shorter last row keeps the bar width of the full ones, so every panel of a figure reads the same.
    axes.set_xlim(-0.6, max(len(groups), slots) - 0.4)


def add_legend(figure, series: list[str], colours: dict[str, str]) -> None:
    """One legend for the implementations, below the panels."""
    handles = [
        Patch(facecolor=colours[name], edgecolor="black", linewidth=0.4, label=name)
        for name in series
    ]
    style.figure_legend(figure, handles)


def _draw_one(axes, x: float, width: float, bar: Bar, colour: str, bottom: float) -> None:
    """A bar from ``bottom`` with optional whiskers and its label above (or below if under bottom)."""
    axes.bar(
        x,
        bar.value - bottom,
        width=width * 0.92,
        bottom=bottom,
        color=colour,
        edgecolor="black",
        linewidth=0.4,
        zorder=2,
    )
    if bar.low is not None and bar.high is not None:
        axes.errorbar(
            x,
            bar.value,
            yerr=[[max(bar.value - bar.low, 0)], [max(bar.high - bar.value, 0)]],
            fmt="none",
            ecolor="black",
            elinewidth=0.8,
            capsize=2,
            zorder=3,
        )
    if bar.label:
        above = bar.value >= bottom
        if above:
            anchor = bar.value if bar.high is None else max(bar.value, bar.high)
        else:
            anchor = bar.value if bar.low is None else min(bar.value, bar.low)
        axes.annotate(
            bar.label,
            (x, anchor),
            xytext=(0, 2 if above else -2),
            textcoords="offset points",
            rotation=90,
            ha="center",
            va="bottom" if above else "top",
            fontsize=style.VALUE_LABEL_SIZE,
        )
