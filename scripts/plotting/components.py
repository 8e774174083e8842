"""The components chart: per style, where one element's instructions execute (the source and sink, the
operator stages, the library core, the Swift runtime, libc and locks, ...), as stacked bars, for a one-stage
cell and a deep one. From the ``instructions_in_<component>_per_unit`` columns of the instruction run in
``RUN_DIR/instructions`` (``scripts/reference`` makes one); no chart without them."""

from __future__ import annotations

import math
from pathlib import Path

import matplotlib.pyplot as plt
from matplotlib.patches import Patch

from . import data, style, summary
from .data import Run

STEM = "components"
# One stage over the subject, and the deepest map chain over the direct source (where the chains bend).
CELLS = ("map", "pipelineDepth (16) [direct]")
COLOURS = ("#937860", "#c44e52", "#4c72b0", "#dd8452", "#8172b3", "#55a868", "#8c8c8c", "#da8bc3", "#ccb974", "#000000")


def plot(run: Run, colours: dict[str, str], directory: Path) -> Path | None:
    """The stacked bars; None when the run has no instruction run with the component columns."""
    instructions = summary.instruction_run(run.directory)
    if instructions is None:
        return None
    components = data.schema_of(instructions).instruction_components
    results = data.load_results(instructions / "results.csv")
    panels = [(workload, _split(results, workload, components)) for workload in CELLS]
    panels = [(workload, rows) for workload, rows in panels if rows]
    if not panels:
        return None
    figure, axes_list = plt.subplots(
        1, len(panels), figsize=(6.2 * len(panels) + 2.5, 4.8), layout="constrained", squeeze=False
    )
    for axes, (workload, rows) in zip(axes_list[0], panels):
        names = list(rows)
        for index, name in enumerate(names):
            left = 0.0
            for component, colour in zip(components, COLOURS):
                value = rows[name][component.name]
                axes.barh(index, value, left=left, color=colour, height=0.6)
                left += value
            axes.text(left, index, f" {style.format_count(left)}", va="center", fontsize=style.VALUE_LABEL_SIZE)
        axes.set_yticks(range(len(names)), names)
        for tick, name in zip(axes.get_yticklabels(), names):
            tick.set_color(colours.get(name, "black"))
        axes.invert_yaxis()
        axes.set_xlabel("instructions per element")
        axes.set_title(f"`{workload}`")
        axes.grid(axis="x", color="#e0e0e0", linewidth=0.6)
        axes.margins(x=0.12)
    handles = [Patch(color=colour, label=component.title) for component, colour in zip(components, COLOURS)]
    axes_list[0][-1].legend(handles=handles, loc="upper left", bbox_to_anchor=(1.01, 1), frameon=False)
    style.suptitle(figure, f"{run.name}: where one element's instructions execute (instruction run, callgrind)")
    return style.save(figure, directory, STEM)


def _split(results, workload: str, components) -> dict[str, dict[str, float]]:
    """Each ok row of ``workload`` whose components are all there: component name -> instructions per element."""
    rows = {}
    for _, row in results[(results["workload"] == workload) & (results["status"] == data.OK)].iterrows():
        values = {component.name: row[component.columns[0]] for component in components}
        if all(not math.isnan(value) for value in values.values()):
            rows[row["implementation"]] = values
    return rows
