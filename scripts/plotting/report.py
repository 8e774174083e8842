"""RUN_DIR/REPORT.md: environment, summary table, the charts, and the comparison if one was asked for."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from . import compare, data, style, summary
from .data import InputError, Run

SUMMARY_HEADER = (
    "workload",
    "implementation",
    "status",
    "ns/unit median",
    "±MAD",
    "x baseline",
    "allocs/unit",
    "allocs/subscription",
    "p99 ns",
    "retained bytes",
)


@dataclass(frozen=True)
class Chart:
    """A chart written under plots/, with the sentence that says how to read it."""

    title: str
    png: Path
    caption: str


def write(
    run: Run, charts: list[Chart], directory: Path, base: Run | None = None, base_chart: Chart | None = None
) -> Path:
    """Writes REPORT.md into ``directory``, which holds the charts' plots/ (the run directory, or the staging
    directory that is moved into it), and returns its path.

    With ``base``, a comparison section follows the charts, showing ``base_chart`` if there is one.
    """
    sections = [
        f"# ReactiveBench run {run.name}",
        *([] if run.is_complete else [f"**An unfinished run**: {_unfinished(run)}."]),
        _answer_section(run),
        _environment_section(run),
        _summary_section(run),
        *(_chart_section(directory, chart) for chart in charts),
    ]
    if base is not None:
        sections.append(_compare_section(run, base, base_chart, directory))
    path = directory / "REPORT.md"
    path.write_text("\n\n".join(sections) + "\n", encoding="utf-8")
    return path


def _unfinished(run: Run) -> str:
    return (
        f"run_complete is false (it was stopped or killed, or is still running): these are the "
        f"{len(run.results)} cells it measured"
    )


def table(
    header: tuple[str, ...] | list[str], rows: list[list[str]], numeric: range = range(0)
) -> str:
    """A Markdown table; the columns whose indices are in ``numeric`` are right-aligned."""
    align = ["---:" if index in numeric else "---" for index in range(len(header))]
    lines = [_row(header), _row(align)] + [_row(row) for row in rows]
    return "\n".join(lines)


def _answer_section(run: Run) -> str:
    """What the run says, as ``reactive-bench summary`` prints it: per-stage costs, then the rankings."""
    try:
        text = summary.markdown(data.ROOT, run.directory)
    except InputError as error:
        text = f"_No summary: {error}._"
    return "## The answer\n\n" + text


def _environment_section(run: Run) -> str:
    """The key/value table from environment.csv."""
    if run.environment is None or run.environment.empty:
        return "## Environment\n\n_environment.csv is missing or unreadable._"
    rows = [
        [f"`{key}`", _cell_text(value)] for key, value in run.environment.itertuples(index=False)
    ]
    return "## Environment\n\n" + table(("key", "value"), rows)


def _summary_section(run: Run) -> str:
    """One line per cell, in table order."""
    rows = [_summary_row(row) for _, row in run.results.iterrows()]
    note = (
        "ns/unit is the median over repetitions; ±MAD its median absolute deviation; x baseline the "
        "ratio to the `baseline` row of the same workload. Allocation counts come from jemalloc; "
        "retained bytes above 0 were not given back after teardown."
    )
    return (
        "## Every cell\n\n"
        + table(SUMMARY_HEADER, rows, numeric=range(3, len(SUMMARY_HEADER)))
        + "\n\n"
        + note
    )


def _summary_row(row: pd.Series) -> list[str]:
    """The summary cells of one results row; numbers only for cells that ran ok."""
    if row["status"] != data.OK:
        status = f"{row['status']}: {row['detail']}" if row["detail"] else row["status"]
        return [
            _cell_text(row["workload"]),
            _cell_text(row["implementation"]),
            _cell_text(status),
        ] + ["-"] * (len(SUMMARY_HEADER) - 3)
    return [
        _cell_text(row["workload"]),
        _cell_text(row["implementation"]),
        row["status"],
        style.format_number(row["ns_per_unit_median"]),
        style.format_number(row["ns_per_unit_mad"]),
        style.format_number(row["baseline_ratio"]),
        style.format_count(row["allocations_per_unit"]),
        style.format_count(row["allocations_per_subscription"]),
        style.format_count(row["latency_p99_ns"]),
        style.format_count(row["retained_bytes"]),
    ]


def _chart_section(directory: Path, chart: Chart) -> str:
    """A heading, then the chart."""
    return f"## {chart.title}\n\n{_chart_body(directory, chart)}"


def _chart_body(directory: Path, chart: Chart) -> str:
    """The caption with a link to the SVG, then the embedded PNG (links relative to the report)."""
    png = chart.png.relative_to(directory).as_posix()
    svg = chart.png.with_suffix(".svg").relative_to(directory).as_posix()
    return f"{chart.caption} ([SVG]({svg}))\n\n![{chart.title}]({png})"


def _compare_section(run: Run, base: Run, chart: Chart | None, directory: Path) -> str:
    """The ratio chart and table, the cells only one run has, and the environment differences."""
    all_ratios = compare.ratios(run, base)
    shared = [r for r in all_ratios if r.note not in (compare.ONLY_BASE, compare.ONLY_NEW)]
    parts = [f"## Comparison with {base.name}"]
    if chart is not None:
        parts.append(_chart_body(directory, chart))
    parts += [
        f"Ratio = this run's median ns/unit / {base.name}'s (below 1: this run is faster). The CI "
        "ratio range divides the 95% confidence intervals crosswise: a range that contains 1.0 is "
        "no evidence of a change.",
        _compare_table(run, base, shared) if shared else "_The two runs share no cell._",
    ]
    for note, owner in ((compare.ONLY_NEW, run), (compare.ONLY_BASE, base)):
        cells = [ratio for ratio in all_ratios if ratio.note == note]
        if cells:
            who = "this run" if owner is run else base.name
            parts.append(f"Only in {who}: " + _cell_list(cells, owner))
    parts.append(_environment_differences(run, base))
    return "\n\n".join(parts)


def _compare_table(run: Run, base: Run, ratios: list[compare.Ratio]) -> str:
    """One row per cell both runs have: both medians, the ratio and its CI range."""
    header = ("workload", "implementation", f"ns/unit {run.name}", f"ns/unit {base.name}",
              "ratio", "CI ratio range", "note")  # fmt: skip
    rows = [
        [
            _cell_text(ratio.workload),
            _cell_text(ratio.implementation),
            _median_text(data.cell(run.results, ratio.workload, ratio.implementation)),
            _median_text(data.cell(base.results, ratio.workload, ratio.implementation)),
            "-" if ratio.value is None else f"{ratio.value:.3f}",
            _range_text(ratio),
            ratio.note,
        ]
        for ratio in ratios
    ]
    return table(header, rows, numeric=range(2, 6))


def _cell_list(cells: list[compare.Ratio], owner: Run) -> str:
    """Whole workloads when every cell of one is listed, then the remaining single cells."""
    by_workload: dict[str, list[str]] = {}
    for ratio in cells:
        by_workload.setdefault(ratio.workload, []).append(ratio.implementation)
    whole, single = [], []
    for workload, listed in by_workload.items():
        if set(listed) == set(
            owner.results.loc[owner.results["workload"] == workload, "implementation"]
        ):
            whole.append(f"`{workload}`")
        else:
            single += [f"`{workload}` / `{name}`" for name in listed]
    parts = ([f"workloads {', '.join(whole)}"] if whole else []) + (
        [f"cells {', '.join(single)}"] if single else []
    )
    return "; ".join(parts) + "."


def _environment_differences(run: Run, base: Run) -> str:
    """The environment keys whose values differ between the two runs."""
    if run.environment is None or base.environment is None:
        return "_Environment differences unknown: an environment.csv is missing._"
    new_env, base_env = run.keys, base.keys
    keys = [
        key
        for key in dict.fromkeys([*new_env, *base_env])
        if key not in ("date", "date_utc") and new_env.get(key) != base_env.get(key)
    ]
    if not keys:
        return "Both runs share the same environment (apart from the date)."
    rows = [
        [f"`{key}`", _cell_text(new_env.get(key, "-")), _cell_text(base_env.get(key, "-"))]
        for key in keys
    ]
    return "Environment differences:\n\n" + table(("key", run.name, base.name), rows)


def _median_text(row: pd.Series | None) -> str:
    """The median of a cell that ran ok, else its status."""
    if row is None:
        return "-"
    return style.format_number(row["ns_per_unit_median"]) if row["status"] == data.OK else row["status"]


def _range_text(ratio: compare.Ratio) -> str:
    """'0.95 .. 1.08', or '-' without both ends."""
    if ratio.low is None or ratio.high is None:
        return "-"
    return f"{ratio.low:.2f} .. {ratio.high:.2f}"


def _row(cells) -> str:
    """One Markdown table row."""
    return "| " + " | ".join(str(cell) for cell in cells) + " |"


def _cell_text(value) -> str:
    """Text safe inside a table cell: pipes escaped, newlines flattened."""
    return str(value).replace("|", "\\|").replace("\r", " ").replace("\n", " ")
