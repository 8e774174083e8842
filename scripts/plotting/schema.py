"""What a run directory's ``schema.json`` says (written by the tool; ``reactive-bench schema --format json``,
docs/CSV.md): every file's columns, the implementations in report order with their colours, the scenarios'
parameters, and the names and titles of the anatomy counters, instruction components, simulated events and
price-list events. The charts take every column name, title, order and colour from here; none is written
into the plotting code.

A run written before schema.json existed is read with the schema of the release tool (``verdicts.tool_path``).
"""

from __future__ import annotations

import json
import subprocess
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

FILE = "schema.json"
RESULTS = "results.csv"
FITS = "fits.csv"
# A column without a unit holds text, as does a checksum; every other column holds numbers.
TEXT_UNITS = ("-", "hex")


class SchemaError(Exception):
    """A schema.json that cannot be read, or no schema at all; the message is one line."""


@dataclass(frozen=True)
class Column:
    name: str
    unit: str
    meaning: str
    # Whether a value may be below 0; counts and times never are.
    signed: bool = False
    # What separates the several values of a column that holds a list (``ns_per_unit_samples``).
    separator: str | None = None
    # Whether every row fills it whatever its status: what a row is named by (workload, implementation...).
    names_the_row: bool = False

    @property
    def is_number(self) -> bool:
        """Whether a field is one number (or empty): a column with a unit, not a list."""
        return self.unit not in TEXT_UNITS and self.separator is None


@dataclass(frozen=True)
class Implementation:
    id: str
    family: str
    summary: str
    is_thread_safe: bool
    colour: str
    when_to_use: str | None
    # Whether its allocation counts repeat from run to run (compare gates them only then).
    allocations_repeat: bool = True


@dataclass(frozen=True)
class Scenario:
    name: str
    unit: str
    parameter_title: str | None
    sweep_axis: str | None


@dataclass(frozen=True)
class Term:
    """A counter, a component or an event: its name in the files, its title, and the columns that hold it."""

    name: str
    title: str
    meaning: str
    columns: tuple[str, ...]
    counter: str | None = None


@dataclass(frozen=True)
class Schema:
    # The implementation every row's baseline_ratio is over.
    baseline: str
    files: dict[str, tuple[Column, ...]]
    # Each file's schema_version, None for a file without one.
    versions: dict[str, int | None]
    implementations: tuple[Implementation, ...]
    scenarios: dict[str, Scenario]
    anatomy_counters: tuple[Term, ...]
    instruction_components: tuple[Term, ...]
    simulated_events: tuple[Term, ...]
    price_events: tuple[Term, ...]
    # results.csv's latency columns in order, each with its percentile (0.99), None for the largest.
    latencies: tuple[tuple[str, float | None], ...]

    def columns(self, file: str) -> tuple[Column, ...]:
        """The columns of ``file`` in order; empty for a file the schema does not declare."""
        return self.files.get(file, ())

    def column_names(self, file: str) -> tuple[str, ...]:
        return tuple(column.name for column in self.columns(file))

    @property
    def colours(self) -> dict[str, str]:
        """Every implementation's colour, by name."""
        return {implementation.id: implementation.colour for implementation in self.implementations}

    @property
    def order(self) -> list[str]:
        """The implementations' names in report order."""
        return [implementation.id for implementation in self.implementations]

    def implementation(self, name: str) -> Implementation | None:
        return next((each for each in self.implementations if each.id == name), None)

    def counter(self, name: str) -> Term:
        """The anatomy counter called ``name``."""
        return next(term for term in self.anatomy_counters if term.name == name)

    def parameter_title(self, scenario: str) -> str | None:
        """What ``scenario``'s swept parameter is, as an axis names it; None for a scenario without one."""
        found = self.scenarios.get(scenario)
        return found.parameter_title if found else None


def load(run_directory: Path) -> Schema:
    """The schema of the run in ``run_directory``: its schema.json, or the release tool's for a run without one."""
    path = Path(run_directory) / FILE
    if path.is_file():
        try:
            return parse(json.loads(path.read_text(encoding="utf-8")), str(path))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
            raise SchemaError(f"{path}: not readable JSON ({error})") from error
    from . import verdicts  # verdicts reads runs through data, which reads their schema here

    return of_tool(verdicts.tool_path(Path(__file__).resolve().parents[2]))


def of_tool(tool: Path) -> Schema:
    """``tool schema --format json``: the schema of that build."""
    return parse(json.loads(tool_json(tool)), f"{tool} schema")


@lru_cache(maxsize=4)
def tool_json(tool: Path) -> str:
    """What ``tool schema --format json`` prints; SchemaError when there is no tool or it fails."""
    if not tool.is_file():
        raise SchemaError(
            f"{tool}: the run has no {FILE} and there is no reactive-bench to ask for the schema: build it with "
            "`swift build -c release --product reactive-bench`, or set REACTIVE_BENCH_TOOL"
        )
    finished = subprocess.run([str(tool), "schema", "--format", "json"], capture_output=True, text=True, check=False)
    if finished.returncode != 0:
        lines = finished.stderr.strip().splitlines() or [f"exit status {finished.returncode}"]
        raise SchemaError(f"{tool} schema: {lines[0].removeprefix('error: ')}")
    return finished.stdout


def parse(document: object, source: str) -> Schema:
    """A schema from its JSON; SchemaError naming ``source`` for one that lacks a key."""
    try:
        terms = {key: tuple(_term(entry) for entry in document[key])
                 for key in ("anatomyCounters", "instructionComponents", "simulatedEvents", "priceEvents")}  # fmt: skip
        return Schema(
            baseline=document["baseline"],
            files={file["file"]: tuple(_column(column) for column in file["columns"]) for file in document["files"]},
            versions={file["file"]: file.get("schemaVersion") for file in document["files"]},
            implementations=tuple(
                Implementation(entry["id"], entry["family"], entry["summary"], bool(entry["isThreadSafe"]),
                               entry["colour"], entry.get("whenToUse"), bool(entry.get("allocationsRepeat", True)))  # fmt: skip
                for entry in document["implementations"]
            ),
            scenarios={entry["scenario"]: Scenario(entry["scenario"], entry["unit"], entry.get("parameterTitle"),
                                                   entry.get("sweepAxis"))
                       for entry in document["scenarios"]},  # fmt: skip
            anatomy_counters=terms["anatomyCounters"],
            instruction_components=terms["instructionComponents"],
            simulated_events=terms["simulatedEvents"],
            price_events=terms["priceEvents"],
            latencies=tuple((entry["column"], entry.get("percentile")) for entry in document["latencies"]),
        )
    except (KeyError, TypeError) as error:
        raise SchemaError(f"{source}: not a reactive-bench schema (no {error})") from error


def _column(entry: dict) -> Column:
    return Column(entry["name"], entry["unit"], entry["meaning"], bool(entry.get("signed", False)), entry.get("separator"),
                  bool(entry.get("namesTheRow", False)))


def _term(entry: dict) -> Term:
    return Term(entry["name"], entry["title"], entry["meaning"], tuple(entry["columns"]), entry.get("counter"))
