"""The anatomy chart: per style, what one more map stage does per element, as stacked bars of the calls
it makes (retains, releases, lock acquisitions, exclusivity checks, metadata lookups, dynamic casts,
mallocs), with its atomic read-modify-writes marked beside them. From the fits of the instruction run in
``RUN_DIR/instructions`` (``scripts/reference`` makes one); no chart without it."""

from __future__ import annotations

from pathlib import Path

import matplotlib.pyplot as plt
from matplotlib.lines import Line2D
from matplotlib.patches import Patch

from . import data, findings, stagefits, style, summary
from .data import Run

STEM = "anatomy"
# The counters drawn apart from the stacked calls: the atomic instructions (a mark beside the bar) and every
# call made (which holds the others).
ATOMICS, ALL_CALLS = "atomic_rmws", "calls"
CALL_COLOURS = ("#4c72b0", "#8fb0d9", "#c44e52", "#dd8452", "#55a868", "#8172b3", "#937860")


def plot(run: Run, colours: dict[str, str], directory: Path) -> Path | None:
    """The stacked bars; None when the run has no instruction run with anatomy fits."""
    instructions = summary.instruction_run(run.directory)
    fits = stagefits.load_fits(instructions) if instructions else None
    numbers = findings.Numbers(run.directory) if fits is not None else None
    series = numbers.stage_series() if numbers else None
    if numbers is None or series is None or numbers.instruction_fits is None:
        return None
    scenario, source = series
    names = [name for name in numbers.styles()
             if numbers.slope(fits, scenario, source, name, "retains", "element") is not None]  # fmt: skip
    if not names:
        return None
    calls = [(term.name, term.title) for term in run.schema.anatomy_counters if term.name not in (ATOMICS, ALL_CALLS)]
    figure, axes = plt.subplots(figsize=(1.3 * len(names) + 3.5, 4.6), layout="constrained")
    for index, name in enumerate(names):
        bottom = 0.0
        for (metric, _), colour in zip(calls, CALL_COLOURS):
            value = max(0.0, numbers.slope(fits, scenario, source, name, metric, "element") or 0.0)
            axes.bar(index, value, bottom=bottom, color=colour, width=0.6)
            bottom += value
        atomic = numbers.slope(fits, scenario, source, name, ATOMICS, "element")
        if atomic is not None:
            axes.plot(index + 0.38, atomic, "D", color="black", markersize=6)
    axes.set_xticks(range(len(names)), [style.wrap_camel(name) for name in names])
    for tick, name in zip(axes.get_xticklabels(), names):
        tick.set_color(colours.get(name, "black"))
    axes.set_ylabel("calls per element per stage")
    axes.grid(axis="y", color="#e0e0e0", linewidth=0.6)
    handles = [Patch(color=colour, label=title) for (_, title), colour in zip(calls, CALL_COLOURS)]
    handles.append(Line2D([], [], marker="D", color="black", linestyle="", label="atomic RMWs (instructions)"))
    axes.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.01, 1), frameon=False)
    style.suptitle(
        figure,
        f"{run.name}: what one more stage (`{stagefits.series_label(scenario, source)}`) does per element, "
        "from the instruction run's per-stage fits",
    )
    return style.save(figure, directory, STEM)
