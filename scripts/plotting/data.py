"""Loading and validating a run directory (results.csv, environment.csv; see docs/CSV.md)."""

from __future__ import annotations

import csv
import math
import re
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

# The repository root (scripts/plotting/data.py is two levels below it), where the release tool is built.
ROOT = Path(__file__).resolve().parents[2]
SCHEMA_VERSION = 2
# Version 2 only added columns (scenario, parameter, noise gate, demand); the charts read none of them,
# so version 1 runs (the committed reference until it is regenerated) still plot.
READABLE_SCHEMA_VERSIONS = (1, 2)
BASELINE = "baseline"
OK = "ok"

TEXT_COLUMNS = ("workload", "unit", "implementation", "status")
NUMERIC_COLUMNS = (
    "schema_version",
    "ns_per_unit_median",
    "ns_per_unit_mad",
    "ns_per_unit_ci95_low",
    "ns_per_unit_ci95_high",
    "baseline_ratio",
    "allocations_per_unit",
    "allocations_per_subscription",
    "retained_bytes",
    "latency_p50_ns",
    "latency_p90_ns",
    "latency_p99_ns",
    "latency_p999_ns",
    "latency_p9999_ns",
    "latency_max_ns",
    "latency_recording_overhead_ns",
)
REQUIRED_COLUMNS = TEXT_COLUMNS + NUMERIC_COLUMNS
# Read as numbers when the file has them (schema 2), missing values otherwise (schema 1).
# Where an instruction run's instructions execute, per unit (docs/CSV.md), in the components' order.
COMPONENTS = (
    ("source_and_sink", "source and sink"),
    ("operator_stages", "operator stages"),
    ("library_core", "library core"),
    ("swift_runtime", "Swift runtime"),
    ("allocator", "allocator"),
    ("libc_and_locks", "libc and locks"),
    ("harness", "harness"),
    ("dynamic_loader", "dynamic loader (thread-locals)"),
    ("foundation_and_dispatch", "Foundation and Dispatch"),
    ("other_code", "other code"),
)
COMPONENT_COLUMNS = tuple(f"instructions_in_{stem}_per_unit" for stem, _ in COMPONENTS)
# The anatomy's counters (docs/CSV.md, "Anatomy"), in the order the findings list them, with their titles.
ANATOMY = (
    ("retains", "retains"),
    ("releases", "releases"),
    ("atomic_rmws", "atomic RMWs"),
    ("lock_acquisitions", "lock acquisitions"),
    ("exclusivity_checks", "exclusivity checks"),
    ("metadata_lookups", "metadata lookups"),
    ("dynamic_casts", "dynamic casts"),
    ("mallocs", "mallocs"),
    ("calls", "calls (all)"),
)
# The anatomy's count of every call made, the runtime's above and all others; runs counted before it have none.
ALL_CALLS = "calls"
# An instruction run's counts per unit, which estimates.py prices: every run with an anatomy has them.
COUNT_COLUMNS = ("instructions_per_unit",) + tuple(f"{counter}_per_unit" for counter, _ in ANATOMY if counter != ALL_CALLS)
OPTIONAL_NUMERIC_COLUMNS = (
    ("demand_overhead_percent", "bytes_per_unit", "bytes_per_subscription", "call_depth",
     "estimated_cycles_per_unit", f"{ALL_CALLS}_per_unit") + COMPONENT_COLUMNS + COUNT_COLUMNS
)
# Every other numeric column holds counts and times, never below 0 (compare refuses a negative one too);
# retained bytes fall below 0 when teardown frees what set-up had not allocated, and a demand policy that
# beats `.unlimited` has a negative overhead.
MAY_BE_NEGATIVE = ("retained_bytes", "demand_overhead_percent")
# A number as reactive-bench writes it and compare reads it: a decimal, optionally with an exponent, and
# nothing around it (float() also takes "nan", "inf", " 12.5 " and "1_0").
DECIMAL = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")

# "pipelineDepth (4)": a workload swept over a parameter; the number inside the parentheses is the x.
_SCALING_NAME = re.compile(r"^(?P<base>.+?) \((?P<param>[^()]*)\)$")
# The parameter is a number, optionally after a label and a separator ("4", "depth=4", "ratio: 10");
# categorical parameters ("max1Requested", "batch8") are not a scaling axis.
_NUMBER = re.compile(r"^(?:(?P<label>[A-Za-z_][A-Za-z_ ]*?)\s*[=:]\s*)?(?P<value>[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)$")


class InputError(Exception):
    """A run directory that cannot be plotted; the message is shown to the user as one line."""


@dataclass(frozen=True)
class Run:
    """One run directory: its results and, when present, its environment (key/value) table."""

    directory: Path
    results: pd.DataFrame
    environment: pd.DataFrame | None

    @property
    def name(self) -> str:
        """The run directory's basename, e.g. ``20261122-232837-q1``."""
        return self.directory.resolve().name

    @property
    def keys(self) -> dict[str, str]:
        """environment.csv as a dictionary (empty without one)."""
        return {} if self.environment is None else dict(self.environment.itertuples(index=False))

    @property
    def processor(self) -> str:
        """The processor the run was measured on, as environment.csv records it: its model name, then its
        vendor, family, model, stepping, microcode and caches when recorded (docs/CSV.md)."""
        keys = self.keys
        name = keys.get("cpu_model", "an unrecorded processor")
        if keys.get("cpu_family", "unknown") == "unknown":
            return name
        caches = ", ".join(f"{label} {keys[key]}" for label, key in (
            ("L1d", "cache_l1d"), ("L1i", "cache_l1i"), ("L2", "cache_l2"), ("L3", "cache_l3"))
            if keys.get(key, "unknown") != "unknown")  # fmt: skip
        identity = (f"{keys.get('cpu_vendor', '?')} family {keys['cpu_family']}, model "
                    f"{keys.get('cpu_model_number', '?')}, stepping {keys.get('cpu_stepping', '?')}, microcode "
                    f"{keys.get('cpu_microcode', '?')}")  # fmt: skip
        return f"{name} ({identity}; {caches})" if caches else f"{name} ({identity})"

    @property
    def is_complete(self) -> bool:
        """False when environment.csv says the run did not finish (``run_complete`` false: stopped, killed,
        or still running), so that its rows are the cells measured so far."""
        if self.environment is None:
            return True
        recorded = self.environment.loc[self.environment["key"] == "run_complete", "value"]
        return recorded.empty or recorded.iloc[0] != "false"


@dataclass(frozen=True)
class ScalingPoint:
    """A workload name split into the swept workload and its numeric parameter."""

    base: str
    value: float
    label: str


def load_run(directory: str | Path) -> Run:
    """Reads and validates ``directory/results.csv`` and, if it exists, ``environment.csv``."""
    path = Path(directory)
    if not path.exists():
        raise InputError(f"{path}: no such run directory")
    if not path.is_dir():
        raise InputError(f"{path}: not a directory (expected a run directory holding results.csv)")
    results, environment = load_results(path / "results.csv"), load_environment(path / "environment.csv")
    _check_row_count(path / "results.csv", results, environment)
    return Run(path, results, environment)


def load_results(path: Path) -> pd.DataFrame:
    """Returns results.csv with numeric columns as floats; raises InputError on any schema problem."""
    if not path.is_file():
        raise InputError(f"{path}: file not found")
    _check_line_break_at_end(path)
    try:
        frame = pd.read_csv(path)
        # The fields as written, for the numbers: pandas' own reading makes " 12.5 " 12.5, "1e400" inf and
        # "0x1p3" a missing value, without a word.
        text = pd.read_csv(path, dtype=str, keep_default_na=False)
    except (pd.errors.ParserError, pd.errors.EmptyDataError, UnicodeDecodeError) as error:
        raise InputError(f"{path}: not a readable CSV ({_first_line(error)})") from error
    missing = [column for column in REQUIRED_COLUMNS if column not in frame.columns]
    if missing:
        raise InputError(f"{path}: missing required columns: {', '.join(missing)}")
    if frame.empty:
        raise InputError(f"{path}: no result rows")
    _check_schema_version(path, frame["schema_version"])
    return _normalised(path, frame, text)


def load_environment(path: Path) -> pd.DataFrame | None:
    """Returns environment.csv as ``key,value`` strings, or None when the file is absent or unusable."""
    if not path.is_file():
        return None
    try:
        frame = pd.read_csv(path, dtype=str, keep_default_na=False)
    except (pd.errors.ParserError, pd.errors.EmptyDataError, UnicodeDecodeError):
        return None
    if list(frame.columns[:2]) != ["key", "value"]:
        return None
    return frame[["key", "value"]]


def implementations(results: pd.DataFrame) -> list[str]:
    """Implementation names in table order, the baseline first."""
    names = list(dict.fromkeys(results["implementation"]))
    return sorted(names, key=lambda name: name != BASELINE)


def workloads(results: pd.DataFrame) -> list[str]:
    """Workload names in table order."""
    return list(dict.fromkeys(results["workload"]))


def duplicate_cells(results: pd.DataFrame) -> list[str]:
    """``workload / implementation`` of every cell that has more than one row (only the first is used)."""
    repeated = results[results.duplicated(["workload", "implementation"])]
    pairs = dict.fromkeys(zip(repeated["workload"], repeated["implementation"]))
    return [f"{workload} / {implementation}" for workload, implementation in pairs]


def scenario(workload: str) -> str:
    """A workload's scenario, for a run whose rows do not name it: its name without the source suffix and
    the parameter (``scanDepth (4) [direct]`` -> ``scanDepth``)."""
    return workload.removesuffix(" [direct]").split(" (")[0]


def cell(results: pd.DataFrame, workload: str, implementation: str) -> pd.Series | None:
    """The row of one (workload, implementation) cell, or None if the run has no such cell."""
    rows = results[
        (results["workload"] == workload) & (results["implementation"] == implementation)
    ]
    return None if rows.empty else rows.iloc[0]


def is_ok(row: pd.Series | None) -> bool:
    """Whether the cell ran and produced a usable median."""
    if row is None or row["status"] != OK:
        return False
    median = row["ns_per_unit_median"]
    return bool(math.isfinite(median) and median > 0)


def status_note(row: pd.Series | None) -> str:
    """What a cell without a usable median shows instead: its status, or why an ``ok`` row has none."""
    if row is None:
        return "missing"
    if row["status"] == OK:
        return "median 0" if row["ns_per_unit_median"] == 0 else "no median"
    return str(row["status"]).replace("_", " ")


def zero_medians(results: pd.DataFrame) -> tuple[int, int]:
    """How many ``ok`` rows have a median of 0, and how many ``ok`` rows there are."""
    ok = results[results["status"] == OK]
    return int((ok["ns_per_unit_median"] == 0).sum()), len(ok)


def values_beyond(results: pd.DataFrame, bound: float) -> list[str]:
    """``workload / implementation column = value`` of every number whose magnitude is beyond ``bound``."""
    found = []
    for column in NUMERIC_COLUMNS + OPTIONAL_NUMERIC_COLUMNS:
        for _, row in results[results[column].abs() > bound].iterrows():
            found.append(f"{row['workload']} / {row['implementation']} {column} = {row[column]:g}")
    return found


def split_scaling(workload: str) -> ScalingPoint | None:
    """Splits ``"name (param)"`` into name and its numeric parameter; None for plain workloads and
    categorical parameters."""
    match = _SCALING_NAME.match(workload)
    if not match:
        return None
    number = _NUMBER.match(match["param"].strip())
    if not number:
        return None
    return ScalingPoint(match["base"], float(number["value"]), (number["label"] or "").strip())


def _check_line_break_at_end(path: Path) -> None:
    """reactive-bench ends every line with a line break: a file whose last line has none was cut short
    (pandas would read the cut row with its missing fields as NaN, and a chart would show a wrong bar)."""
    content = path.read_bytes()
    if content and not content.endswith(b"\n"):
        line = content.count(b"\n") + 1
        raise InputError(
            f"{path}: line {line} has no line break at its end: the file was cut short "
            "(reactive-bench ends every line with one)"
        )


def _check_row_count(path: Path, results: pd.DataFrame, environment: pd.DataFrame | None) -> None:
    """environment.csv, written after results.csv, records how many rows that was (``result_rows``): fewer
    rows in the file means it was cut short at a line end."""
    if environment is None:
        return
    recorded = environment.loc[environment["key"] == "result_rows", "value"]
    if recorded.empty or not recorded.iloc[0].isdigit():
        return
    written = int(recorded.iloc[0])
    if len(results) < written:
        raise InputError(
            f"{path}: {len(results)} rows, but environment.csv says {written} were written: the file was cut short"
        )


def _check_schema_version(path: Path, column: pd.Series) -> None:
    """Refuses any file whose rows are not all of one readable schema_version."""
    versions = pd.to_numeric(column, errors="coerce")
    if versions.isna().any() or versions.nunique() != 1 or versions.iloc[0] not in READABLE_SCHEMA_VERSIONS:
        found = ", ".join(sorted({str(value) for value in column.unique()}))
        raise InputError(
            f"{path}: schema_version {found} is not supported (expected {SCHEMA_VERSION})"
        )


def _normalised(path: Path, frame: pd.DataFrame, text: pd.DataFrame) -> pd.DataFrame:
    """Reads the numeric columns from ``text`` (the file's fields as written) strictly, and strips the text
    columns."""
    frame = frame.copy()
    for column in TEXT_COLUMNS:
        if frame[column].isna().any():
            raise InputError(
                f"{path}: empty '{column}' in row {int(frame[column].isna().idxmax()) + 2}"
            )
        frame[column] = frame[column].astype(str).str.strip()
    lines = row_lines(path, len(text))
    for column in NUMERIC_COLUMNS + OPTIONAL_NUMERIC_COLUMNS:
        if column in text.columns:
            frame[column] = numbers(path, column, text[column], lines)
        else:
            frame[column] = math.nan
    if "detail" in frame.columns:
        frame["detail"] = frame["detail"].fillna("").astype(str)
    else:
        frame["detail"] = ""
    return frame


def numbers(path: Path, column: str, fields: pd.Series, lines: list[int], signed: bool = False) -> pd.Series:
    """The column's fields as floats, an empty field a missing value; InputError naming the line of the
    first that is not a number, or is negative in a column of counts and times (in compare's words) unless
    ``signed`` or the column is one of ``MAY_BE_NEGATIVE``."""
    values = []
    for line, field in zip(lines, fields):
        if field and (not DECIMAL.fullmatch(field) or not math.isfinite(float(field))):
            raise InputError(f"{path}: line {line}, column {column}: '{field}' is not a number")
        if field and float(field) < 0 and not signed and column not in MAY_BE_NEGATIVE:
            raise InputError(
                f"{path}: line {line}, column {column}: '{field}' is negative: counts and times are never below 0"
            )
        values.append(float(field) if field else math.nan)
    return pd.Series(values, index=fields.index, dtype=float)


def row_lines(path: Path, rows: int) -> list[int]:
    """The line each of the file's ``rows`` rows starts on, the header being the first row; as pandas
    reads it, a blank line is no row, and a quoted field may hold a line break."""
    starts, end = [], 0
    with path.open(newline="", encoding="utf-8") as file:
        reader = csv.reader(file)
        for record in reader:
            if record:
                starts.append(end + 1)
            end = reader.line_num
    rows_after_header = starts[1:]
    return rows_after_header if len(rows_after_header) == rows else list(range(2, rows + 2))


def _first_line(error: Exception) -> str:
    """The first line of an exception's message, for one-line error reports."""
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__
