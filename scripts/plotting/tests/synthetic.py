"""A small synthetic run directory in the CSV schema (docs/CSV.md) that exercises every chart kind. Its
schema.json is what the release tool prints (``reactive-bench schema --format json``; scripts/test builds
the tool first, ``REACTIVE_BENCH_TOOL`` names another), and its rows are of the schema's implementations."""

from __future__ import annotations

import csv
import json
from pathlib import Path

from plotting import data, schema, verdicts

TOOL_SCHEMA = schema.tool_json(verdicts.tool_path(data.ROOT))
SCHEMA = schema.parse(json.loads(TOOL_SCHEMA), "reactive-bench schema")
# The baseline, two Combine styles and the Rx core's row.
IMPLEMENTATIONS = (
    SCHEMA.baseline,
    *[entry.id for entry in SCHEMA.implementations if entry.family == "combine"][:2],
    next(entry.id for entry in SCHEMA.implementations if entry.family == "rx"),
)
FAMILIES = {entry.id: entry.family for entry in SCHEMA.implementations}
FIT_COLUMNS = SCHEMA.column_names(schema.FITS)
WORKLOADS = (
    ("map", "map", ""),
    ("histogram", "histogram", ""),
    ("pipelineDepth (1)", "pipelineDepth", "1"),
    ("pipelineDepth (4)", "pipelineDepth", "4"),
    ("fanOut (10)", "fanOut", "10"),
    ("fanOut (100)", "fanOut", "100"),
    ("demand (unlimited)", "demand", "unlimited"),
    ("demand (max1Requested)", "demand", "max1Requested"),
)


def row(workload: tuple[str, str, str], implementation: str, index: int) -> dict[str, str]:
    """One ok row with plausible numbers; demand rows of the Rx family are unsupported."""
    name, scenario, parameter = workload
    family = FAMILIES[implementation]
    values = {
        "schema_version": str(SCHEMA.versions[schema.RESULTS]), "workload": name, "scenario": scenario, "parameter": parameter,
        "unit": "element", "implementation": implementation, "family": family, "status": "ok",
    }  # fmt: skip
    if scenario == "demand" and family != "combine":
        return values | {"status": "unsupported", "detail": "no demand"}
    median = 2.0 if implementation == SCHEMA.baseline else 100.0 + 20 * index
    samples = [median * factor for factor in (0.98, 1.0, 1.01, 1.03, 0.99)]
    latency = {} if scenario == "histogram" else {
        f"latency_{column}_ns": str(median * scale)
        for column, scale in (("p50", 1), ("p90", 1.5), ("p99", 3), ("p999", 10), ("p9999", 40), ("max", 400))
    }  # fmt: skip
    overhead = ""
    if scenario == "demand" and family == "combine":
        overhead = "0" if parameter == "unlimited" else str(90 + index)
    return values | latency | {
        "repetitions": "5", "ns_per_unit_median": str(median), "ns_per_unit_mad": str(median * 0.01),
        "ns_per_unit_ci95_low": str(min(samples)), "ns_per_unit_ci95_high": str(max(samples)),
        "baseline_ratio": str(median / 2.0), "allocations_per_unit": "0" if scenario != "fanOut" else "0.5",
        "bytes_per_unit": "0", "allocations_per_subscription": str(6 + index * 100 * (scenario == "fanOut")),
        "bytes_per_subscription": "384", "retained_bytes": "0", "demand_overhead_percent": overhead,
        "latency_recording_overhead_ns": "28", "ns_per_unit_samples": ";".join(map(str, samples)),
        "request_calls_per_unit": "0",
    }  # fmt: skip


def fit(implementation: str, index: int) -> list[str]:
    """A fits.csv row for the pipelineDepth sweep: a line, except the Rx row's, which curves."""
    shape = "nonlinear" if FAMILIES[implementation] == "rx" else "linear"
    slope = 10.0 * (index + 1)
    return ["1", "pipelineDepth", "", implementation, "ns", "element", "stage", "1;4;16", "15", str(slope),
            str(slope * 0.95), str(slope * 1.05), "90", "85", "95", "0.9" if shape == "nonlinear" else "0.999", shape]  # fmt: skip


def write_results(directory: Path, rows: list[dict[str, str]]) -> None:
    """``rows`` as results.csv in ``directory`` (every column of the schema, those a row does not set empty),
    with the schema.json beside it."""
    directory.mkdir(parents=True, exist_ok=True)
    (directory / schema.FILE).write_text(TOOL_SCHEMA, encoding="utf-8")
    with open(directory / "results.csv", "w", newline="", encoding="utf-8") as file:
        writer = csv.DictWriter(file, fieldnames=SCHEMA.column_names(schema.RESULTS), restval="")
        writer.writeheader()
        writer.writerows(rows)


def write_run(directory: Path) -> Path:
    """Writes results.csv (every column of the schema, those a row does not set empty), fits.csv,
    environment.csv and schema.json into ``directory`` and returns it."""
    rows = [row(workload, name, index) for workload in WORKLOADS for index, name in enumerate(IMPLEMENTATIONS)]
    write_results(directory, rows)
    with open(directory / "fits.csv", "w", newline="", encoding="utf-8") as file:
        csv.writer(file).writerows([FIT_COLUMNS] + [fit(name, index) for index, name in enumerate(IMPLEMENTATIONS)])
    with open(directory / "environment.csv", "w", newline="", encoding="utf-8") as file:
        csv.writer(file).writerows(
            [["key", "value"], ["git_commit", "abc"], ["run_complete", "true"], ["result_rows", str(len(rows))]]
        )
    return directory


def write_instruction_run(directory: Path, counts: dict[str, str]) -> Path:
    """``write_run``'s rows as an instruction run (callgrind's, environment.csv's metric) into ``directory``,
    every ok row counted at ``counts`` (instructions_per_unit and the anatomy's columns)."""
    write_run(directory)
    path = directory / "results.csv"
    with open(path, newline="", encoding="utf-8") as file:
        rows = list(csv.DictReader(file))
    with open(path, "w", newline="", encoding="utf-8") as file:
        writer = csv.DictWriter(file, fieldnames=list(rows[0]), restval="")
        writer.writeheader()
        writer.writerows(row | counts | {"instructions_source": "callgrind"} if row["status"] == "ok" else row for row in rows)
    with open(directory / "environment.csv", "a", newline="", encoding="utf-8") as file:
        csv.writer(file).writerow(["metric", "instructions"])
    return directory


def set_field(directory: Path, column: str, value: str, rows: range | list[int] = range(1)) -> None:
    """Writes ``value`` into ``column`` of the given results.csv rows (row 0 is on line 2), as written: no
    quoting of its own, so a value with spaces around it keeps them."""
    path = directory / "results.csv"
    with open(path, newline="", encoding="utf-8") as file:
        table = list(csv.reader(file))
    index = table[0].index(column)
    for row in rows:
        table[1 + row][index] = value
    with open(path, "w", newline="", encoding="utf-8") as file:
        csv.writer(file).writerows(table)


def row_count(directory: Path) -> int:
    """The rows of results.csv, the header left out."""
    with open(directory / "results.csv", newline="", encoding="utf-8") as file:
        return sum(1 for _ in csv.reader(file)) - 1

