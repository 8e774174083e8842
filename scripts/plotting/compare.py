"""Chart 5: per-cell ratio of ns_per_unit_median between two runs (new = RUN_DIR, base = --compare)."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from pathlib import Path

import matplotlib.pyplot as plt
import pandas as pd

from . import data, groupedbars, style
from .data import Run
from .groupedbars import Bar

STEM_PREFIX = "compare_vs_"
ONLY_BASE = "only in base run"
ONLY_NEW = "not in base run"


@dataclass(frozen=True)
class Ratio:
    """new / base for one cell; ``low``/``high`` divide the CIs crosswise (a conservative range)."""

    workload: str
    implementation: str
    value: float | None
    low: float | None
    high: float | None
    note: str


def stem(base: Run) -> str:
    """File stem naming the base run, e.g. ``compare_vs_20261122-232837-q1``."""
    return STEM_PREFIX + re.sub(r"[^A-Za-z0-9._-]+", "_", base.name)


def ratios(new: Run, base: Run) -> list[Ratio]:
    """One Ratio per cell of either run, in the new run's order, then cells only the base run has."""
    cells = list(
        dict.fromkeys(
            list(zip(new.results["workload"], new.results["implementation"]))
            + list(zip(base.results["workload"], base.results["implementation"]))
        )
    )
    return [_ratio(new.results, base.results, workload, name) for workload, name in cells]


def plot(new: Run, base: Run, colours: dict[str, str], directory: Path) -> Path | None:
    """Grouped ratio bars on log axes centred on 1.0, workloads wrapped onto rows; returns the PNG.

    Only workloads both runs have are drawn (cells of one run only are listed in the report); None
    when the runs share no workload.
    """
    cells = {(ratio.workload, ratio.implementation): ratio for ratio in ratios(new, base)}
    shared = [(w, i) for (w, i), ratio in cells.items() if ratio.note not in (ONLY_BASE, ONLY_NEW)]
    if not shared:
        return None
    rows = groupedbars.rows_of(list(dict.fromkeys(workload for workload, _ in shared)))
    series = sorted(
        dict.fromkeys(name for _, name in shared), key=lambda name: name != new.baseline
    )
    slots = max(len(row) for row in rows)
    figure, axes = plt.subplots(
        len(rows),
        1,
        squeeze=False,
        layout="constrained",
        figsize=(groupedbars.figure_width(slots, len(series)), 1.2 + 3.6 * len(rows)),
    )
    for panel, groups in zip(axes.flat, rows):
        style.log_y(panel)
        groupedbars.draw(
            panel,
            groups,
            series,
            colours,
            lambda g, s: _bar(cells.get((g, s))),
            bottom=1.0,
            slots=slots,
        )
        panel.axhline(1.0, color="black", linewidth=1, zorder=2.5)
        _set_limits(panel, list(cells.values()))
        panel.set_ylabel("new / base (log)")
        panel.grid(axis="y", which="both", color="#e8e8e8", linewidth=0.6, zorder=0)
    groupedbars.add_legend(figure, series, colours)
    style.suptitle(
        figure,
        "ns per unit, median ratio new / base (below 1: new is faster; whiskers: "
        f"CI ratio)\nnew = {new.name}, base = {base.name}",
    )
    return style.save(figure, directory, stem(base))


def _ratio(new: pd.DataFrame, base: pd.DataFrame, workload: str, name: str) -> Ratio:
    """The ratio of one cell, or a note on why there is none."""
    new_row, base_row = data.cell(new, workload, name), data.cell(base, workload, name)
    if new_row is None or base_row is None:
        return Ratio(workload, name, None, None, None, ONLY_BASE if new_row is None else ONLY_NEW)
    if not data.is_ok(new_row) or not data.is_ok(base_row):
        return Ratio(workload, name, None, None, None, _status_note(new_row, base_row))
    value = float(new_row["ns_per_unit_median"]) / float(base_row["ns_per_unit_median"])
    if not math.isfinite(value) or value == 0:
        return Ratio(workload, name, None, None, None, "ratio out of range")
    low = _divide(new_row["ns_per_unit_ci95_low"], base_row["ns_per_unit_ci95_high"])
    high = _divide(new_row["ns_per_unit_ci95_high"], base_row["ns_per_unit_ci95_low"])
    return Ratio(workload, name, value, low, high, "")


def _status_note(new_row: pd.Series, base_row: pd.Series) -> str:
    """Why a cell has no ratio: "unsupported" when both runs agree, else which run failed how."""
    new_status, base_status = (data.status_note(row) for row in (new_row, base_row))
    if new_status == base_status:
        return new_status
    notes = [
        f"{which}: {status}"
        for which, status, row in (("new", new_status, new_row), ("base", base_status, base_row))
        if not data.is_ok(row)
    ]
    return ", ".join(notes)


def _bar(ratio: Ratio | None) -> Bar:
    """The Bar drawn for a ratio."""
    if ratio is None:
        return Bar(None)
    if ratio.value is None:
        return Bar(None, note=ratio.note)
    return Bar(ratio.value, label=f"{ratio.value:.2f}", low=ratio.low, high=ratio.high)


def _set_limits(axes, cells: list[Ratio]) -> None:
    """Symmetric log limits around 1.0 covering every bar and whisker, at least 0.8 .. 1.25."""
    spans = [abs(math.log(v)) for r in cells for v in (r.value, r.low, r.high) if v and 0 < v < math.inf]
    reach = min(max([math.log(1.25)] + spans) * 1.45, math.log(style.AXIS_BOUND))
    axes.set_ylim(math.exp(-reach), math.exp(reach))
    style.plain_log_axis(axes.yaxis)


def _divide(numerator: float, denominator: float) -> float | None:
    """numerator / denominator, or None when either is missing or the denominator is not positive."""
    if pd.isna(numerator) or pd.isna(denominator) or denominator <= 0:
        return None
    ratio = float(numerator) / float(denominator)
    return ratio if 0 < ratio < math.inf else None
