"""Command line: ``python -m plotting RUN_DIR [--compare OTHER_RUN_DIR]`` or
``python -m plotting --compare BASE NEW OUT``.

The first writes RUN_DIR/plots/*.png and *.svg and RUN_DIR/REPORT.md, all or none of them (drawn into
RUN_DIR/.plot-staging-<pid> first); the second writes OUT/compare.png (+ .svg) and OUT/COMPARE.md: per
cell, the change of the median time and the verdict of ``reactive-bench compare``. Exits 2 with one line
on stderr when an input is missing or not a readable results.csv (a number that is not a plain finite
decimal included), 1 with one line on a bug of this package (PLOTTING_DEBUG=1 shows its traceback).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

import matplotlib.pyplot as plt

from . import allocations, anatomy, compare, components, data, demand, estimates, latency, report, scaling, stagefits, staging, style, timing, verdictchart, verdicts
from .data import InputError, Run, duplicate_cells, implementations, load_run, values_beyond, zero_medians
from .report import Chart


ROOT = data.ROOT
# Set to 1, a bug of this package ends in its traceback rather than in one line.
DEBUG_VARIABLE = "PLOTTING_DEBUG"
# The charts `scripts/plot RUN_DIR` writes into RUN_DIR/plots, each as .png and .svg, besides the ratio
# charts (compare.STEM_PREFIX...): a new set removes those of the previous set it did not draw, and nothing
# else.
CHART_STEMS = (
    stagefits.STEM, anatomy.STEM, components.STEM, estimates.STEM, timing.STEM, allocations.STEM, latency.STEM, scaling.STEM,
    demand.STEM,
)


class OneLineParser(argparse.ArgumentParser):
    """Bad arguments get one line naming the problem (no usage dump) and exit status 2."""

    def error(self, message: str):
        print(f"plot: error: {message} (scripts/plot --help)", file=sys.stderr)
        sys.exit(2)


def parse_arguments(argv: list[str] | None) -> argparse.Namespace:
    """RUN_DIR, optionally with the run it is compared against; or --compare BASE NEW OUT alone."""
    parser = OneLineParser(
        prog="scripts/plot",
        description="Draw the charts of a ReactiveBench run and write RUN_DIR/REPORT.md; or, with "
        "--compare BASE NEW OUT, chart what reactive-bench compare says of two runs into OUT.",
    )
    parser.add_argument("run_dir", metavar="RUN_DIR", nargs="?", help="a run directory holding results.csv")
    parser.add_argument(
        "--compare",
        nargs="+",
        metavar="RUN",
        help="OTHER_RUN_DIR: also chart RUN_DIR's medians as ratios over this run's; or BASE NEW OUT "
        "(without RUN_DIR): the compare chart and COMPARE.md into the directory OUT",
    )
    arguments = parser.parse_args(argv)
    compare_count = len(arguments.compare or [])
    if arguments.run_dir is None and compare_count != 3:
        parser.error("give RUN_DIR, or --compare BASE NEW OUT")
    if arguments.run_dir is not None and compare_count not in (0, 1):
        parser.error("with RUN_DIR, --compare takes one run (OTHER_RUN_DIR)")
    return arguments


COMPARE_REPORT = "COMPARE.md"
# What --compare BASE NEW OUT writes into OUT, the report last.
COMPARE_FILES = (f"{verdictchart.STEM}.png", f"{verdictchart.STEM}.svg", COMPARE_REPORT)


def compare_runs(base_dir: str, new_dir: str, out_dir: str) -> int:
    """Writes OUT/compare.png (+ .svg) and OUT/COMPARE.md; returns the exit status."""
    out = Path(out_dir)
    if out.exists() and not out.is_dir():
        print(
            f"plot: error: {out} exists and is not a directory: OUT is the directory the compare chart goes "
            "into (made if missing)",
            file=sys.stderr,
        )
        return 2
    try:
        base, new = load_run(base_dir), load_run(new_dir)
        tool = verdicts.tool_path(ROOT)
        text, _ = verdicts.run_compare(tool, base.directory, new.directory, "csv")
        markdown, _ = verdicts.run_compare(tool, base.directory, new.directory, "markdown")
    except InputError as error:
        print(f"plot: error: {error}", file=sys.stderr)
        return 2
    cells = verdicts.parse(text, base.results, new.results)
    title = f"{new.name} against {base.name}: change of the median time per cell, coloured by the verdict of reactive-bench compare"
    try:
        out.mkdir(parents=True, exist_ok=True)
        # The chart and COMPARE.md are one set, like a run's: drawn aside, then moved in together.
        with staging.staged(out) as staged:
            png = verdictchart.plot(cells, title, staged)
            parts = [f"# {new.name} against {base.name}", markdown.strip()]
            if png is not None:
                parts.insert(1, f"![compare]({png.name}) ([SVG]({png.with_suffix('.svg').name}))")
            (staged / COMPARE_REPORT).write_text("\n\n".join(parts) + "\n", encoding="utf-8")
            staging.publish_files(staged, out, COMPARE_FILES)
    except OSError as error:
        print(f"plot: error: cannot write the compare chart and {COMPARE_REPORT} into {out}: {error.strerror}", file=sys.stderr)
        return 2
    if png is not None:
        print(f"wrote {out / png.name} (+ .svg)")
    print(f"wrote {out / COMPARE_REPORT}")
    return 0


def is_chart_file(name: str) -> bool:
    """Whether a file in RUN_DIR/plots is one of the charts this tool writes."""
    stem, _, suffix = name.rpartition(".")
    return suffix in ("png", "svg") and (stem in CHART_STEMS or stem.startswith(compare.STEM_PREFIX))


def draw_charts(run: Run, colours: dict[str, str], directory: Path, model=None) -> list[Chart]:
    """Draws every chart that applies to the run into ``directory`` and says how to read each one
    (``model``: the tool's cost model of the run, ``estimates.CostModel``)."""
    charts = []
    stage_png = stagefits.plot(run, colours, directory)
    if stage_png:
        charts.append(
            Chart(
                "What one more stage costs",
                stage_png,
                "Each swept scenario's cost against its stages (subscribers), log-log: the points are "
                "every cell's median and 95% interval, the lines the least-squares fits of fits.csv "
                "(`cost = intercept + slope x stages`), whose slope is the cost of one more stage. A "
                "sweep that is not a line (R² < 0.98, or a median 25% off it) keeps its points, joined by a dotted line.",
            )
        )
    anatomy_png = anatomy.plot(run, colours, directory)
    if anatomy_png:
        charts.append(
            Chart(
                "What a stage does",
                anatomy_png,
                "Per style, the calls one more map stage makes per element (the slopes of the instruction "
                "run's anatomy counters against depth), stacked by kind; the diamond is its atomic "
                "read-modify-write instructions, which retains, releases and locks execute.",
            )
        )
    components_png = components.plot(run, colours, directory)
    if components_png:
        charts.append(
            Chart(
                "Where an element's instructions execute",
                components_png,
                "Per style, one element's instructions (the instruction run's `instructions_in_<component>_per_unit` "
                "columns) by where they execute: each function's own instructions, by the library or Swift "
                "module that holds it (docs/CSV.md), for one map stage over the subject and a chain of 16 over "
                "the direct source.",
            )
        )
    estimate_png = estimates.plot(run, model, colours, directory)
    if estimate_png:
        charts.append(
            Chart(
                "Time from counts",
                estimate_png,
                "Each single-thread cell's measured median (x) against its estimate (y): the instruction run's "
                "counts per unit, each priced event (retain+release, lock, metadata lookup, ...) at this "
                f"machine's price,{model.consumer_work_clause} and every other instruction at the price of "
                "arithmetic that runs several instructions at once (`independentInstructions`), from the two runs' "
                f"prices.csv ({estimates.FILE} has every cell). On the black line they agree; the grey band "
                f"is ±{model.tolerance:.0%}; above it the counts say more time than the cell took.",
            )
        )
    charts += [
        Chart(
            "Time per unit",
            timing.plot(run, colours, directory),
            "Median ns per unit for each workload (log scale), whiskers the 95% confidence interval "
            "of the median, the dashed grey line the hand-written baseline loop.",
        ),
        Chart(
            "Allocations",
            allocations.plot(run, colours, directory),
            "Heap allocations per unit during the timed batches (worst repetition), and per "
            "subscription while building and subscribing the pipeline.",
        ),
    ]
    latency_png = latency.plot(run, colours, directory)
    if latency_png:
        charts.append(
            Chart(
                "Latency percentiles",
                latency_png,
                "Per-event send-to-receive latency from one extra repetition, HdrHistogram "
                "style: each step right adds a nine to the percentile; the last point is "
                "the maximum.",
            )
        )
    scaling_png = scaling.plot(run, colours, directory)
    if scaling_png:
        charts.append(
            Chart(
                "Scaling",
                scaling_png,
                "Median ns per unit of each swept workload against its parameter, one line per "
                "implementation, with the 95% confidence interval as a band (`run --full` sweeps "
                "every value; a default run has one per scenario and draws no curve).",
            )
        )
    demand_png = demand.plot(run, colours, directory)
    if demand_png:
        charts.append(
            Chart(
                "Demand overhead",
                demand_png,
                "What signalling demand costs: each policy's median ns per element over the same "
                "style's `.unlimited` row, minus 1, in percent. `max1Requested` calls "
                "`request(.max(1))` inside `receive`; `max1Returned` returns `.max(1)`; `batchK` "
                "returns `.max(k)` every k elements.",
            )
        )
    return charts


def draw_comparison(run: Run, base: Run, colours: dict[str, str], directory: Path) -> Chart | None:
    """The ratio chart against ``base`` in ``directory``, or None when the runs share no workload."""
    png = compare.plot(run, base, colours, directory)
    if png is None:
        return None
    return Chart(
        f"Ratio to {base.name}",
        png,
        f"Median ns per unit of this run over {base.name}'s, per cell that ran ok in both (log "
        "scale).",
    )


def main(argv: list[str] | None = None) -> int:
    """Loads the runs, draws, writes the report; returns the process exit status: 2 for bad input, 1 for a
    bug of this package (one line; PLOTTING_DEBUG=1 shows its traceback), 130 when interrupted."""
    arguments = parse_arguments(argv)
    try:
        if arguments.run_dir is None:
            return compare_runs(*arguments.compare)
        return plot_run(arguments.run_dir, arguments.compare[0] if arguments.compare else None)
    except InputError as error:
        # Also from a chart: the anatomy chart reads RUN_DIR/instructions/results.csv as it draws.
        print(f"plot: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("plot: error: interrupted", file=sys.stderr)
        return 130
    except Exception as error:
        if os.environ.get(DEBUG_VARIABLE) == "1":
            raise
        lines = str(error).strip().splitlines()
        print(f"plot: error: {type(error).__name__}{': ' + lines[0] if lines else ''} (a bug in scripts/plotting; "
              f"{DEBUG_VARIABLE}=1 shows where)", file=sys.stderr)  # fmt: skip
        return 1


INCOMPLETE = (
    "the run did not finish (run_complete is false: it was stopped or killed, or is still running): "
    "the charts show the {cells} cells it measured"
)


def caveats(run: Run) -> list[str]:
    """What the charts of a readable run do not show as the user might think."""
    said = []
    if not run.is_complete:
        said.append(INCOMPLETE.format(cells=len(run.results)))
    duplicates = duplicate_cells(run.results)
    if duplicates:
        said.append(f"cells with more than one row (the first is plotted): {', '.join(duplicates)}")
    zeros, ok = zero_medians(run.results)
    if zeros:
        said.append(
            f"{zeros} of {ok} ok cells have a median of 0 ns, which a log axis cannot show: the time chart "
            "marks them 'median 0', the per-stage and scaling charts leave them out"
        )
    huge = values_beyond(run, style.AXIS_BOUND)
    if huge:
        more = f" and {len(huge) - 3} more" if len(huge) > 3 else ""
        said.append(
            f"numbers beyond {style.AXIS_BOUND:g}, which no time or count comes near, are drawn at their "
            f"chart's edge: {', '.join(huge[:3])}{more}"
        )
    return said


def plot_run(run_dir: str, base_dir: str | None) -> int:
    """The charts and REPORT.md of RUN_DIR, with the ratio chart against ``base_dir`` if given."""
    run = load_run(run_dir)
    base = load_run(base_dir) if base_dir else None
    for loaded in filter(None, (run, base)):
        for caveat in caveats(loaded):
            print(f"plot: warning: {loaded.name}: {caveat}", file=sys.stderr)
    names = implementations(run.results)
    if base is not None:
        names += [name for name in implementations(base.results) if name not in names]
    colours = style.colour_map(names, run.schema, *([base.schema] if base is not None else []))
    try:
        with staging.staged(run.directory) as staged:
            charts = draw_charts(run, colours, staged / staging.PLOTS, estimates.CostModel.load(run.directory))
            comparison = None if base is None else draw_comparison(run, base, colours, staged / staging.PLOTS)
            report.write(run, charts, staged, base, comparison)
            staging.publish(staged, run.directory, is_chart_file)
    except OSError as error:
        where = f"{error.filename}: " if error.filename else ""
        raise InputError(f"cannot draw the charts of {run.directory}: {where}{error.strerror or error}") from error
    finally:
        plt.close("all")  # a chart that failed half-way leaves its figure open
    for chart in charts + ([comparison] if comparison else []):
        print(f"wrote {run.directory / staging.PLOTS / chart.png.name} (+ .svg)")
    print(f"wrote {run.directory / staging.REPORT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
