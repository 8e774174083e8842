"""The README's generated blocks, made from a run (the committed reference): ``python -m plotting.readme
RUN_DIR README.md`` rewrites what lies between each pair of markers below, and prints it.

First the verdict: one row per implementation of the run, in report order, with what one more stage of
the sweep FINDINGS.md calls "a stage" costs (fits.csv's slopes: ns, and instructions from the run's
``instructions/`` run), the allocations it adds to a subscription, whether the style is thread-safe and
when to use it (both from the run's ``schema.json``, written by the tool), and the
largest part of its stage's time in FINDINGS.md's split of it. Then a table whose rows are the
implementations and whose columns are the workloads that say most about what a style costs (those the run
has), as median ns per unit with the ratio to the hand-written loop, then allocations.

Every number is read from the run's CSV files: this module picks and formats them, and says nothing of
any style that the run does not say.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pandas as pd

from . import data, findings, stagefits, style
from .data import InputError

BEGIN = "<!-- results-table:begin (scripts/reference writes this table from results/reference) -->"
END = "<!-- results-table:end -->"
VERDICT_BEGIN = "<!-- verdict:begin (scripts/reference writes this table from results/reference) -->"
VERDICT_END = "<!-- verdict:end -->"
PROCESSORS_BEGIN = "<!-- processors:begin (scripts/reference writes this from results/reference/orderings.csv) -->"
PROCESSORS_END = "<!-- processors:end -->"
# What `reactive-bench orderings REFERENCE OTHER --format csv` wrote: the rankings of the reference that a
# run on another processor kept, by how far apart the reference puts each pair (docs/CSV.md).
ORDERINGS_FILE = "orderings.csv"
# (workloads to take a column from: the first the run has, what one unit is called). Headings name the
# workload taken, so a default run (`subscribeChurn (4)`) and a full one (`(1)`) both read right.
TIME_COLUMNS = (
    (("map",), "element"),
    (("mapFilterScan",), "element"),
    (("withLatestFrom (10)", "withLatestFrom"), "element"),
    (("fanOut (100)",), "delivery"),
    (("subscribeChurn (1)", "subscribeChurn", "subscribeChurn (4)"), "subscribe + cancel"),
)
# (workloads, column, heading).
ALLOCATION_COLUMNS = (
    (("map",), "allocations_per_subscription", "allocations per subscription"),
    (("subscribeChurn (1)", "subscribeChurn", "subscribeChurn (4)"), "allocations_per_unit", "allocations per subscribe + cancel"),
)


def table(run: data.Run) -> str:
    """The Markdown table: one row per implementation of the run."""
    results = run.results
    times = [(f"`{workload}`, ns per {unit}", workload) for names, unit in TIME_COLUMNS
             if (workload := _first(results, names))]  # fmt: skip
    counts = [(f"{heading} (`{workload}`)", workload, column) for names, column, heading in ALLOCATION_COLUMNS
              if (workload := _first(results, names))]  # fmt: skip
    header = ["style"] + [heading for heading, _ in times] + [heading for heading, _, _ in counts]
    rows = []
    for name in data.implementations(results):
        cells = [f"`{name}`"]
        cells += [_time(data.cell(results, workload, name), run.baseline) for _, workload in times]
        cells += [_count(data.cell(results, workload, name), column) for _, workload, column in counts]
        rows.append(cells)
    return _markdown(header, rows, "|---" + "|---:" * (len(header) - 1) + "|")


def verdict(run_directory: Path) -> str:
    """The verdict table, one row per implementation in report order, with its caption; a sentence saying
    why not when the run has no fit of a stage."""
    numbers = findings.Numbers(run_directory)
    series = numbers.stage_series()
    if series is None:
        return "_No verdict: the run has no fits.csv with a `pipelineDepth` sweep._"
    scenario, source = series
    label = stagefits.series_label(scenario, source)
    split = findings.time_split(numbers, series) or []
    main_costs = {row["style"]: main_cost(row) for row in split}
    header = ["style", "ns per stage", "instructions per stage", "allocations per subscription, per stage",
              "thread-safe", "main cost of a stage", "when to use"]  # fmt: skip
    rows, absent = [], []
    for name in data.implementations(numbers.run.results):
        ns = _fit(numbers.fits, series, name, "ns", "element")
        instructions = _fit(numbers.instruction_fits, series, name, "instructions", "element")
        allocations = _fit(numbers.fits, series, name, "allocations", "subscription")
        if ns is None and instructions is None and allocations is None:
            absent.append(name)
        entry = numbers.run.schema.implementation(name)
        rows.append([
            f"`{name}`",
            _slope(ns, lambda value: findings.number(value, 1)),
            _slope(instructions, findings.number),
            _slope(allocations, _allocations),
            _yes_no(entry.is_thread_safe if entry else None),
            main_costs.get(name, ""),
            (entry.when_to_use or "") if entry else "",
        ])  # fmt: skip
    points = _points(numbers.fits, series)
    lines = [
        f"What one more `map` stage costs over {_source_name(source)}, per element, and what it adds to each "
        f"subscription: the slopes of fits.csv's `{label}` fits (cost against {points}, least squares over "
        "the repetitions; instructions from the same build's instruction run; allocations per subscription "
        "from the same sweep). `*`: not a line, the slope is an average ([docs/PROFILES.md](docs/PROFILES.md) "
        "says why). Main cost: the largest part of the stage's time, each event it executes at this "
        f"machine's price ([docs/FINDINGS.md](docs/FINDINGS.md)). Measured on {numbers.run.processor}.",
        "",
        _markdown(header, rows, "|---|---:|---:|---:|---|---|---|"),
    ]
    for name in absent:
        lines += ["", f"`{name}` has no `{label}` cell: {_why_absent(numbers.run.results, series, name)}."]
    return "\n".join(lines)


def processors(run: data.Run, other: data.Run) -> str:
    """Which of the run's rankings a run on another processor kept (the run's orderings.csv, which
    ``reactive-bench orderings`` wrote from the two), and from which band on every one held."""
    path = run.directory / ORDERINGS_FILE
    try:
        bands = pd.read_csv(path)
    except (OSError, pd.errors.ParserError, pd.errors.EmptyDataError) as error:
        raise InputError(f"{path}: not readable ({error})") from error
    rows = list(bands.itertuples(index=False))
    if not rows:
        raise InputError(f"{path}: no bands")
    held = next((row for index, row in enumerate(rows) if all(later.reversed == 0 for later in rows[index:])), None)
    counts = "; ".join(f"{row.separated_by_at_least:g}x or more: {row.reversed} of {row.pairs}" for row in rows)
    verdict_line = (
        f"every ranking the reference makes by {held.separated_by_at_least:g}x or more held ({held.pairs} pairs)"
        if held is not None else "some rankings reversed at every ratio"
    )
    # orderings.csv counts the pairs of two cells of one thread apart when the reference's results.csv says
    # which they are (its `threads`); a cell of two threads measures the scheduler as much as the code.
    split = "pairs_of_one_thread" in bands.columns and bands["pairs_of_one_thread"].notna().all()
    one_thread = (
        " Of them, the pairs of two cells that keep one thread busy: "
        + "; ".join(f"{row.separated_by_at_least:g}x or more: {int(row.reversed_of_one_thread)} of "
                    f"{int(row.pairs_of_one_thread)}" for row in rows)  # fmt: skip
        + "."
        if split else ""
    )
    return (
        f"The same workloads on two processors: the reference, on {_processor(run)}, and "
        f"[a run]({other.directory.as_posix()}/results.csv) on {_processor(other)}. Of the pairs of styles "
        f"the reference separates by a ratio of their median times, the other run reversed ({counts}): "
        f"{verdict_line}.{one_thread} Read a smaller gap between two styles as this processor's, not as a ranking; "
        "counts (instructions, allocations) are the same on both. `reactive-bench orderings` makes this "
        "comparison for any two runs ([docs/READING.md](docs/READING.md))."
    )


def _processor(run: data.Run) -> str:
    """``Intel(R) Xeon(R) Processor (family 6, model 207)``: the processor's name and design, as its
    environment.csv records them."""
    keys = run.keys
    name = keys.get("cpu_model", "an unrecorded processor")
    if keys.get("cpu_family", "unknown") == "unknown":
        return name
    return f"{name} (family {keys['cpu_family']}, model {keys.get('cpu_model_number', '?')})"


def main_cost(split_row: dict) -> str:
    """The largest part of one stage's time in FINDINGS.md's split, with the measured time it is part of:
    ``retain+release (11.4 of 38.6 ns)``."""
    parts = dict(split_row["events"]) | {split_row["rest_title"]: split_row["rest"]}
    title, ns = max(parts.items(), key=lambda part: part[1])
    return f"{title} ({findings.number(ns, 1)} of {findings.number(split_row['measured'], 1)} ns)"


def splice(readme: str, generated: str, begin: str = BEGIN, end_marker: str = END) -> str:
    """``readme`` with the text between the markers replaced by ``generated``."""
    start, end = readme.find(begin), readme.find(end_marker)
    if start < 0 or end < start:
        raise InputError(f"README has no '{begin}' ... '{end_marker}' markers")
    return readme[: start + len(begin)] + "\n" + generated + "\n" + readme[end:]


def _fit(fits: pd.DataFrame | None, series: tuple[str, str], name: str, metric: str, measured_per: str) -> pd.Series | None:
    """The fit of one metric of ``name``'s cells in ``series``, or None."""
    if fits is None:
        return None
    scenario, source = series
    rows = fits[(fits["scenario"] == scenario) & (fits["source"].astype(str) == source)
                & (fits["implementation"] == name) & (fits["metric"] == metric)
                & (fits["measured_per"] == measured_per)]  # fmt: skip
    return None if rows.empty else rows.iloc[0]


def _slope(fit: pd.Series | None, formatted) -> str:
    """A fit's slope, marked ``*`` when the cells do not lie on a line; ``-`` without a fit."""
    if fit is None:
        return "-"
    return formatted(float(fit["slope"])) + ("*" if fit["shape"] == "nonlinear" else "")


def _source_name(source: str) -> str:
    """How the verdict's caption names the source of the sweep."""
    return "the direct source" if source == "direct" else "the subject"


def _allocations(value: float) -> str:
    """A whole count as such, a fraction with two decimals (a slope fitted through whole counts)."""
    return str(int(round(value))) if abs(value - round(value)) < 1e-9 else f"{value:.2f}"


def _yes_no(value) -> str:
    """``yes`` or ``no`` for what the schema says; empty when it says nothing."""
    return "" if value is None else ("yes" if value else "no")


def _points(fits: pd.DataFrame | None, series: tuple[str, str]) -> str:
    """``1, 4 and 16 stages``: the sweep's stage counts as fits.csv lists them."""
    rows = None if fits is None else fits[(fits["scenario"] == series[0]) & (fits["source"].astype(str) == series[1])]
    if rows is None or rows.empty or "parameters" not in rows.columns:
        return "stages"
    values = str(rows["parameters"].iloc[0]).split(";")
    listed = values[0] if len(values) == 1 else ", ".join(values[:-1]) + " and " + values[-1]
    return f"{listed} {rows['slope_per'].iloc[0]}s"


def _why_absent(results: pd.DataFrame, series: tuple[str, str], name: str) -> str:
    """What the run's rows say of ``name``'s cells in ``series``: a status and its detail."""
    scenario, source = series
    if not {"scenario", "source"} <= set(results.columns):
        return "the run has none"
    rows = results[(results["scenario"] == scenario) & (results["source"].fillna("").astype(str) == source)
                   & (results["implementation"] == name)]  # fmt: skip
    if rows.empty:
        return "the run has none"
    row = rows.iloc[0]
    detail = row.get("detail")
    status = str(row["status"]).replace("_", " ")
    return status if detail is None or pd.isna(detail) or not str(detail) else f"{status} ({detail})"


def _markdown(header: list[str], rows: list[list[str]], rule: str) -> str:
    lines = ["| " + " | ".join(header) + " |", rule]
    return "\n".join(lines + ["| " + " | ".join(row) + " |" for row in rows])


def _first(results: pd.DataFrame, names: tuple[str, ...]) -> str | None:
    """The first of ``names`` that is a workload of the run."""
    present = set(results["workload"])
    return next((name for name in names if name in present), None)


def _time(row: pd.Series | None, baseline: str) -> str:
    """'218 ns (75x)', or the status of a cell that is not ok."""
    if row is None:
        return "-"
    if not data.is_ok(row):
        return str(row["status"])
    text = f"{style.format_number(row['ns_per_unit_median'])} ns"
    ratio = row["baseline_ratio"]
    return text if row["implementation"] == baseline or not ratio > 0 else f"{text} ({ratio:.0f}x)"


def _count(row: pd.Series | None, column: str) -> str:
    """An allocation count, or the status of a cell that is not ok."""
    if row is None:
        return "-"
    return style.format_count(row[column]) if row["status"] == data.OK else str(row["status"])


def main(argv: list[str]) -> int:
    """RUN_DIR README [OTHER_RUN]: rewrites the README's generated blocks (the processors block from
    RUN_DIR/orderings.csv against OTHER_RUN, when given); exit status 2 with one line on bad input."""
    if len(argv) not in (2, 3):
        print("readme: error: usage: python -m plotting.readme RUN_DIR README.md [OTHER_PROCESSOR_RUN]", file=sys.stderr)
        return 2
    try:
        run = data.load_run(argv[0])
        verdict_table = verdict(run.directory)
        generated = table(run)
        path = Path(argv[1])
        text = splice(path.read_text(encoding="utf-8"), verdict_table, VERDICT_BEGIN, VERDICT_END)
        if len(argv) == 3:
            text = splice(text, processors(run, data.load_run(argv[2])), PROCESSORS_BEGIN, PROCESSORS_END)
        path.write_text(splice(text, generated), encoding="utf-8")
    except (InputError, OSError) as error:
        print(f"readme: error: {error}", file=sys.stderr)
        return 2
    print(verdict_table + "\n\n" + generated)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
