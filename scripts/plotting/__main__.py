"""Command line: ``python -m plotting RUN_DIR [--compare OTHER_RUN_DIR]``.

Writes RUN_DIR/plots/*.png and *.svg and RUN_DIR/REPORT.md. Exits 2 with one line on stderr when an
input is missing or not a schema_version 2 results.csv.
"""

from __future__ import annotations

import argparse
import sys

from . import allocations, compare, latency, report, scaling, style, timing
from .data import InputError, Run, duplicate_cells, implementations, load_run
from .report import Chart


def parse_arguments(argv: list[str] | None) -> argparse.Namespace:
    """The two arguments: the run to plot and, optionally, the run it is compared against."""
    parser = argparse.ArgumentParser(
        prog="scripts/plot",
        description="Draw the charts of a ReactiveBench run and write RUN_DIR/REPORT.md.",
    )
    parser.add_argument("run_dir", metavar="RUN_DIR", help="a run directory holding results.csv")
    parser.add_argument(
        "--compare",
        metavar="OTHER_RUN_DIR",
        help="also chart RUN_DIR's ns/unit medians as ratios over this run's",
    )
    return parser.parse_args(argv)


def draw_charts(run: Run, colours: dict[str, str]) -> list[Chart]:
    """Draws every chart that applies to the run and says how to read each one."""
    directory = run.directory / "plots"
    charts = [
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
                "Median ns per unit of each swept workload against its parameter, with "
                "the 95% confidence interval as a band.",
            )
        )
    return charts


def draw_comparison(run: Run, base: Run, colours: dict[str, str]) -> Chart | None:
    """The ratio chart against ``base``, or None when the runs share no workload."""
    png = compare.plot(run, base, colours, run.directory / "plots")
    if png is None:
        return None
    return Chart(
        f"Ratio to {base.name}",
        png,
        f"Median ns per unit of this run over {base.name}'s, per cell that ran ok in both (log "
        "scale).",
    )


def main(argv: list[str] | None = None) -> int:
    """Loads the runs, draws, writes the report; returns the process exit status."""
    arguments = parse_arguments(argv)
    try:
        run = load_run(arguments.run_dir)
        base = load_run(arguments.compare) if arguments.compare else None
    except InputError as error:
        print(f"plot: error: {error}", file=sys.stderr)
        return 2
    for loaded in filter(None, (run, base)):
        duplicates = duplicate_cells(loaded.results)
        if duplicates:
            print(f"plot: warning: {loaded.name}: cells with more than one row (the first is "
                  f"plotted): {', '.join(duplicates)}", file=sys.stderr)  # fmt: skip
    names = implementations(run.results)
    if base is not None:
        names += [name for name in implementations(base.results) if name not in names]
    colours = style.colour_map(names)
    charts = draw_charts(run, colours)
    comparison = draw_comparison(run, base, colours) if base is not None else None
    report_path = report.write(run, charts, base, comparison)
    for chart in charts + ([comparison] if comparison else []):
        print(f"wrote {chart.png} (+ .svg)")
    print(f"wrote {report_path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
