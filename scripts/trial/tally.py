"""Counting what the trial's comparisons said: the pure part of scripts/trial-time-verdicts, tested alone.

Every comparison is read from ``reactive-bench compare`` (or ``ab``) ``--format csv`` output, one row per
cell and metric (comparison.csv in docs/CSV.md: the verdicts, and for a time ``ab`` measured the pairs and
looks it took); the tool decides every verdict, this only counts them.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, field

CHANGES = ("regression", "improvement")
INFORMATIONAL = ("slower", "faster")
# A time ab measured to its limits without deciding: neither a change nor unchanged, counted apart.
UNDECIDED = "undecided"
# What ab exits with when no cell regressed but a time is undecided (docs/COMPARE.md, "A/B").
AB_UNDECIDED_EXIT_STATUS = 4
TIME = "ns_per_unit"
ALLOCATIONS = "allocations_per_unit"

# The planted changes (scripts/trial/planted.patch): a busy loop in classSubscription's scan, an
# allocation per element in structBridge's map.
BUSY_LOOP_CELL = ("scan", "classSubscription")
# Every classSubscription cell that runs its scan carries the busy loop: the scenarios below, at every
# parameter and over either source (`scanDepth (4) [direct]` is scenario `scanDepth`).
BUSY_LOOP_SCENARIOS = ("scan", "mapFilterScan", "scanDepth")
ALLOCATION_CELL = ("map", "structBridge")
ALLOCATION_IMPLEMENTATION = "structBridge"


@dataclass(frozen=True)
class Row:
    cell_verdict: str
    workload: str
    implementation: str
    metric: str
    metric_verdict: str
    change: str
    # For a time ab measured: the pairs its verdict is on, and the looks they made (None otherwise, and in
    # reports written before ab measured until decided).
    pairs: int | None = None
    looks: int | None = None


def parse(text: str) -> list[Row]:
    """The rows of a ``--format csv`` report."""

    def number(field: str | None) -> int | None:
        return int(field) if field else None

    reader = csv.DictReader(io.StringIO(text))
    return [
        Row(row["cell_verdict"], row["workload"], row["implementation"], row["metric"], row["metric_verdict"], row["change"],
            number(row.get("pairs")), number(row.get("looks")))
        for row in reader
    ]  # fmt: skip


def percent(change: str) -> float | None:
    """The leading percentage of a change column (``+15.2% [...]``), or None."""
    match = re.match(r"^([+-]?\d+(?:\.\d+)?)%", change.strip())
    return float(match.group(1)) if match else None


@dataclass
class RerunPair:
    """Two unchanged runs compared: the exit status and what the time only informed of."""

    exit_status: int
    gated_exit_status: int
    informational_changes: int


@dataclass(frozen=True)
class TimeVerdict:
    """A cell's time as ``ab`` judged it: ``workload / implementation``, its verdict and the pairs it took."""

    cell: str
    verdict: str
    pairs: int | None


class TimesTaken:
    """What an ``ab`` try's time verdicts took: the ones left undecided, and the pairs of all of them."""

    times: list[TimeVerdict]

    @property
    def undecided(self) -> list[TimeVerdict]:
        return undecided(self.times)

    @property
    def pairs(self) -> int:
        return sum(time.pairs or 0 for time in self.times)


@dataclass
class ABTry(TimesTaken):
    """One ``ab`` of the planted build against the base."""

    busy_loop_caught: bool
    busy_loop_percent: float | None
    allocation_caught: bool
    false_alarms: list[str] = field(default_factory=list)
    # The busy loop's time verdict ("" when the cell has no time) and the pairs it took.
    busy_loop_verdict: str = ""
    busy_loop_pairs: int | None = None
    times: list[TimeVerdict] = field(default_factory=list)
    # How long the ab took, as the trial saw it (its cost: docs/COMPARE.md, "In CI").
    seconds: float | None = None


@dataclass
class UnchangedABTry(TimesTaken):
    """One ``ab`` of two unchanged builds: every change is a false alarm."""

    false_alarms: list[str] = field(default_factory=list)
    times: list[TimeVerdict] = field(default_factory=list)
    seconds: float | None = None


@dataclass
class CountsTry:
    """One quick run of the planted build compared with an unchanged one by default compare."""

    exit_status: int
    allocation_caught: bool
    false_alarms: list[str] = field(default_factory=list)


def informational_changes(rows: list[Row]) -> int:
    """Cells whose time only informed (slower or faster)."""
    return len({(r.workload, r.implementation) for r in rows if r.metric == TIME and r.metric_verdict in INFORMATIONAL})


def scenario(workload: str) -> str:
    """A workload's scenario: its name without the source suffix and the parameter."""
    return workload.removesuffix(" [direct]").split(" (")[0]


def planted_cells(rows: list[Row]) -> set[tuple[str, str]]:
    """The cells the plants run in: classSubscription's scan workloads, and every structBridge cell whose
    allocations per unit rose (the allocation marks where the planted map is on the path)."""
    busy = {(w, i) for r in rows for (w, i) in [(r.workload, r.implementation)]
            if i == BUSY_LOOP_CELL[1] and scenario(w) in BUSY_LOOP_SCENARIOS}  # fmt: skip
    allocating = {
        (r.workload, r.implementation) for r in rows
        if r.implementation == ALLOCATION_IMPLEMENTATION and r.metric == ALLOCATIONS and r.metric_verdict == "regression"
    }  # fmt: skip
    return busy | allocating


def false_alarms(rows: list[Row], planted: set[tuple[str, str]] | None = None) -> list[str]:
    """``workload / implementation: metric verdict`` for every change outside the planted cells (by
    default ``planted_cells(rows)``; none for two unchanged builds)."""
    planted = planted_cells(rows) if planted is None else planted
    return [
        f"{r.workload} / {r.implementation}: {r.metric} {r.metric_verdict}"
        for r in rows
        if r.metric_verdict in CHANGES and (r.workload, r.implementation) not in planted
    ]


def metric(rows: list[Row], cell: tuple[str, str], name: str) -> Row | None:
    return next((r for r in rows if (r.workload, r.implementation) == cell and r.metric == name), None)


def time_verdicts(rows: list[Row]) -> list[TimeVerdict]:
    """Every cell's time verdict, with the pairs it took, in the report's order."""
    return [TimeVerdict(f"{r.workload} / {r.implementation}", r.metric_verdict, r.pairs) for r in rows if r.metric == TIME]


def undecided(times: list[TimeVerdict]) -> list[TimeVerdict]:
    return [time for time in times if time.verdict == UNDECIDED]


def ab_try(rows: list[Row]) -> ABTry:
    """What one ``ab`` of the planted build said."""
    busy = metric(rows, BUSY_LOOP_CELL, TIME)
    allocation = metric(rows, ALLOCATION_CELL, ALLOCATIONS)
    return ABTry(
        busy_loop_caught=busy is not None and busy.metric_verdict == "regression",
        busy_loop_percent=percent(busy.change) if busy else None,
        allocation_caught=allocation is not None and allocation.metric_verdict == "regression",
        false_alarms=false_alarms(rows),
        busy_loop_verdict=busy.metric_verdict if busy else "",
        busy_loop_pairs=busy.pairs if busy else None,
        times=time_verdicts(rows),
    )


def unchanged_ab_try(rows: list[Row]) -> UnchangedABTry:
    """What one ``ab`` of two unchanged builds said: every change is a false alarm."""
    return UnchangedABTry(false_alarms(rows, planted=set()), time_verdicts(rows))


def counts_try(exit_status: int, rows: list[Row]) -> CountsTry:
    """What default compare said of a planted run against an unchanged one (times only inform there)."""
    allocation = metric(rows, ALLOCATION_CELL, ALLOCATIONS)
    return CountsTry(
        exit_status=exit_status,
        allocation_caught=exit_status == 1 and allocation is not None and allocation.metric_verdict == "regression",
        false_alarms=false_alarms(rows),
    )
