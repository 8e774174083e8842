"""Loading and validating a run directory (results.csv, environment.csv; see docs/CSV.md)."""

from __future__ import annotations

import csv
import math
import re
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from . import schema
from .schema import Column, Schema

# The repository root (scripts/plotting/data.py is two levels below it), where the release tool is built.
ROOT = Path(__file__).resolve().parents[2]
OK = "ok"
# A number as reactive-bench writes it and compare reads it: a decimal, optionally with an exponent, and
# nothing around it (float() also takes "nan", "inf", " 12.5 " and "1_0").
DECIMAL = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


class InputError(Exception):
    """A run directory that cannot be plotted; the message is shown to the user as one line."""


@dataclass(frozen=True)
class Run:
    """One run directory: its results and, when present, its environment (key/value) table."""

    directory: Path
    results: pd.DataFrame
    environment: pd.DataFrame | None
    schema: Schema

    @property
    def baseline(self) -> str:
        """The implementation every row's ``baseline_ratio`` is over (the floor, drawn apart)."""
        return self.schema.baseline

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


def load_run(directory: str | Path) -> Run:
    """Reads and validates ``directory/results.csv`` and, if it exists, ``environment.csv``."""
    path = Path(directory)
    if not path.exists():
        raise InputError(f"{path}: no such run directory")
    if not path.is_dir():
        raise InputError(f"{path}: not a directory (expected a run directory holding results.csv)")
    run_schema = schema_of(path)
    results, environment = load_results(path / "results.csv", run_schema), load_environment(path / "environment.csv")
    _check_row_count(path / "results.csv", results, environment)
    return Run(path, results, environment, run_schema)


def load_results(path: Path, run_schema: Schema | None = None) -> pd.DataFrame:
    """Returns results.csv with numeric columns as floats; raises InputError on any schema problem. Its
    columns are those of ``run_schema``, by default the schema of the run directory holding it."""
    run_schema = run_schema or schema_of(path.parent)
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
    columns = run_schema.columns(schema.RESULTS)
    missing = [column.name for column in columns if column.name not in frame.columns]
    if missing:
        raise InputError(f"{path}: missing required columns: {', '.join(missing)}")
    if frame.empty:
        raise InputError(f"{path}: no result rows")
    _check_schema_version(path, frame["schema_version"], run_schema.versions[schema.RESULTS])
    return _normalised(path, frame, text, columns)


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
    """Implementation names in table order: the report order, the baseline first."""
    return list(dict.fromkeys(results["implementation"]))


def workloads(results: pd.DataFrame) -> list[str]:
    """Workload names in table order."""
    return list(dict.fromkeys(results["workload"]))


def duplicate_cells(results: pd.DataFrame) -> list[str]:
    """``workload / implementation`` of every cell that has more than one row (only the first is used)."""
    repeated = results[results.duplicated(["workload", "implementation"])]
    pairs = dict.fromkeys(zip(repeated["workload"], repeated["implementation"]))
    return [f"{workload} / {implementation}" for workload, implementation in pairs]


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


def values_beyond(run: Run, bound: float) -> list[str]:
    """``workload / implementation column = value`` of every number whose magnitude is beyond ``bound``."""
    found, results = [], run.results
    for column in numeric_columns(run.schema):
        for _, row in results[results[column].abs() > bound].iterrows():
            found.append(f"{row['workload']} / {row['implementation']} {column} = {row[column]:g}")
    return found


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


def _check_schema_version(path: Path, column: pd.Series, expected: int | None) -> None:
    """Refuses any file whose rows are not all of the schema_version its schema declares."""
    versions = pd.to_numeric(column, errors="coerce")
    if versions.isna().any() or versions.nunique() != 1 or versions.iloc[0] != expected:
        found = ", ".join(sorted({str(value) for value in column.unique()}))
        raise InputError(
            f"{path}: schema_version {found} is not supported (expected {expected})"
        )


def numeric_columns(run_schema: Schema) -> list[str]:
    """results.csv's columns of one number each, as the schema declares them."""
    return [column.name for column in run_schema.columns(schema.RESULTS) if column.is_number]


def schema_of(directory: Path) -> Schema:
    """The schema of the run in ``directory``, its problems as InputError."""
    try:
        return schema.load(directory)
    except schema.SchemaError as error:
        raise InputError(str(error)) from error


def _normalised(path: Path, frame: pd.DataFrame, text: pd.DataFrame, columns: tuple[Column, ...]) -> pd.DataFrame:
    """Reads the numeric columns from ``text`` (the file's fields as written) strictly, strips the text
    columns that name each row, and keeps every other text column as written."""
    frame = frame.copy()
    # The columns every row names itself by, filled whatever its status (the schema's namesTheRow).
    for column in (column.name for column in columns if column.names_the_row):
        if frame[column].isna().any():
            raise InputError(
                f"{path}: empty '{column}' in row {int(frame[column].isna().idxmax()) + 2}"
            )
        frame[column] = frame[column].astype(str).str.strip()
    lines = row_lines(path, len(text))
    for column in columns:
        if column.is_number:
            frame[column.name] = numbers(path, column.name, text[column.name], lines, signed=column.signed)
        elif not column.names_the_row:
            frame[column.name] = text[column.name]  # as written: an empty field is ""
    return frame


def numbers(path: Path, column: str, fields: pd.Series, lines: list[int], signed: bool = False) -> pd.Series:
    """The column's fields as floats, an empty field a missing value; InputError naming the line of the
    first that is not a number, or is negative in a column of counts and times (in compare's words) unless
    ``signed`` (a column the schema says may be below 0)."""
    values = []
    for line, field in zip(lines, fields):
        if field and (not DECIMAL.fullmatch(field) or not math.isfinite(float(field))):
            raise InputError(f"{path}: line {line}, column {column}: '{field}' is not a number")
        if field and float(field) < 0 and not signed:
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
