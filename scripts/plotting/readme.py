"""The README's results, made from a run (the committed reference): ``python -m plotting.readme RUN_DIR
README.md`` rewrites what lies between each pair of markers below, and prints it.

First why one stage costs what it does: FINDINGS.md's split of one stage's time by priced event
(``findings.time_split``), with how well the same prices estimate every cell (``estimates``). Then the
per-stage tables, as ``reactive-bench summary --stages-only`` prints them (with the run's
``instructions/`` run, when it has one). Then a table whose rows are the implementations and whose
columns are the workloads that say most about what a style costs (those the run has), as median ns per
unit with the ratio to the hand-written loop, then allocations.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pandas as pd

from . import data, estimates, findings, stagefits, style, summary
from .data import InputError

BEGIN = "<!-- results-table:begin (scripts/reference writes this table from results/reference) -->"
END = "<!-- results-table:end -->"
STAGES_BEGIN = "<!-- stage-table:begin (scripts/reference writes these tables from results/reference) -->"
STAGES_END = "<!-- stage-table:end -->"
EXPLAINED_BEGIN = "<!-- stage-split:begin (scripts/reference writes this from results/reference) -->"
EXPLAINED_END = "<!-- stage-split:end -->"
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
        cells += [_time(data.cell(results, workload, name)) for _, workload in times]
        cells += [_count(data.cell(results, workload, name), column) for _, workload, column in counts]
        rows.append(cells)
    lines = ["| " + " | ".join(header) + " |", "|---" + "|---:" * (len(header) - 1) + "|"]
    return "\n".join(lines + ["| " + " | ".join(row) + " |" for row in rows])


def splice(readme: str, generated: str, begin: str = BEGIN, end_marker: str = END) -> str:
    """``readme`` with the text between the markers replaced by ``generated``."""
    start, end = readme.find(begin), readme.find(end_marker)
    if start < 0 or end < start:
        raise InputError(f"README has no '{begin}' ... '{end_marker}' markers")
    return readme[: start + len(begin)] + "\n" + generated + "\n" + readme[end:]


def _first(results: pd.DataFrame, names: tuple[str, ...]) -> str | None:
    """The first of ``names`` that is a workload of the run."""
    present = set(results["workload"])
    return next((name for name in names if name in present), None)


def _time(row: pd.Series | None) -> str:
    """'218 ns (75x)', or the status of a cell that is not ok."""
    if row is None:
        return "-"
    if not data.is_ok(row):
        return str(row["status"])
    text = f"{style.format_number(row['ns_per_unit_median'])} ns"
    ratio = row["baseline_ratio"]
    return text if row["implementation"] == data.BASELINE or not ratio > 0 else f"{text} ({ratio:.0f}x)"


def _count(row: pd.Series | None, column: str) -> str:
    """An allocation count, or the status of a cell that is not ok."""
    if row is None:
        return "-"
    return style.format_count(row[column]) if row["status"] == data.OK else str(row["status"])


def explained(run_directory: Path) -> str:
    """One stage's time per style split by priced event, and a sentence on how well the prices estimate
    every cell; a sentence saying why not when the run lacks what they need."""
    numbers = findings.Numbers(run_directory)
    series = numbers.stage_series()
    split = findings.time_split(numbers, series) if series else None
    if not split:
        return "_No split of a stage's time: the run needs an instruction run and both runs' prices.csv._"
    per_instruction = f"{split[0]['per_instruction']:.3f}"
    lines = [
        f"Where one stage's time goes (`{stagefits.series_label(*series)}`, ns per element): each event the "
        "stage executes, counted by callgrind, at this machine's price for it (prices.csv, measured by the "
        f"run's own controls), and every other instruction at {per_instruction} ns "
        "([docs/FINDINGS.md](docs/FINDINGS.md) says how):",
        "",
        findings.time_split_table(split, per_instruction),
    ]
    lines += [
        "",
        f"Measured on {numbers.run.processor}. Compare your times with a run on the same processor: "
        "`compare` warns when two runs' processors differ (the same build moved by 0.55x to 2.7x per "
        "cell between two days' VMs, both recorded only as \"AMD EPYC\"). Counts (instructions, allocations) do not move "
        "with the machine's speed.",
    ]
    found = numbers.estimates()
    if found is not None:
        spread = estimates.distribution(found)
        lines += [
            "",
            f"The same prices estimate every single-thread cell from its counts: {spread.within} of {spread.cells} "
            f"within ±{estimates.WITHIN:.0%} of the measured median, median error {spread.median_error:.0%} "
            "(`estimates.csv`, `plots/estimate.png`).",
        ]
        iai = estimates.iai_distribution(found)
        if iai is not None:
            other, per_cycle = iai
            lines[-1] += (f" iai-callgrind's and CodSpeed's estimated cycles, at the ns per cycle that fits best "
                          f"({per_cycle:.3f}), put {other.within} of {other.cells} within ±{estimates.WITHIN:.0%}, "
                          f"median error {other.median_error:.0%}.")  # fmt: skip
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    """RUN_DIR README: rewrites the README's table; exit status 2 with one line on bad input."""
    if len(argv) != 2:
        print("readme: error: usage: python -m plotting.readme RUN_DIR README.md", file=sys.stderr)
        return 2
    try:
        run = data.load_run(argv[0])
        stages = summary.markdown(data.ROOT, run.directory, stages_only=True)
        split = explained(run.directory)
        generated = table(run)
        path = Path(argv[1])
        text = splice(path.read_text(encoding="utf-8"), split, EXPLAINED_BEGIN, EXPLAINED_END)
        text = splice(text, stages, STAGES_BEGIN, STAGES_END)
        path.write_text(splice(text, generated), encoding="utf-8")
    except (InputError, OSError) as error:
        print(f"readme: error: {error}", file=sys.stderr)
        return 2
    print(split + "\n\n" + stages + "\n\n" + generated)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
