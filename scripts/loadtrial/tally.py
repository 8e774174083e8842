"""What the load trial counts, from the files the tool wrote: each loaded run against the quiet one.

Reads columns by the names the tool declares (``reactive-bench schema``); computes only the trial's own
comparisons (shares within a tolerance), never a number a run directory already holds.
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass, field
from pathlib import Path

MEDIAN_TOLERANCE = 0.05
PRICE_TOLERANCE = 0.15
ORDERING_BAND = "1.2"
DISTURBED_LINE = re.compile(r"machine disturbed: (\d+) more repetitions")
PROGRESS_PREFIX = "[reactive-bench] "
BUDGET_SPENT = "machine still disturbed after the noise gate's time for measuring again"


def read(path: Path) -> list[dict[str, str]]:
    with path.open(newline="") as handle:
        return list(csv.DictReader(handle))


MACHINE_DISTURBED = "machine disturbed"


@dataclass
class Medians:
    """Cells timed `ok` in both runs, those whose loaded median is beyond the tolerance, and how many of
    those the loaded run's own row said were measured on a disturbed machine (its `detail`); the same
    two counts again for the cells whose row says they keep one thread busy (results.csv's `threads`: a
    cell of two runs as on one CPU beside a neighbour that takes the other). A run written before that
    column counts no cell of one thread."""

    cells: int = 0
    outside: list[tuple[str, float]] = field(default_factory=list)
    outside_marked: int = 0
    one_thread_cells: int = 0
    one_thread_outside: int = 0

    @property
    def within(self) -> int:
        return self.cells - len(self.outside)

    @property
    def one_thread_within(self) -> int:
        return self.one_thread_cells - self.one_thread_outside


def medians(quiet: list[dict[str, str]], loaded: list[dict[str, str]], tolerance: float = MEDIAN_TOLERANCE) -> Medians:
    def timed(rows: list[dict[str, str]]) -> dict[tuple[str, str, str], float]:
        return {
            (row["workload"], row["unit"], row["implementation"]): float(row["ns_per_unit_median"])
            for row in rows
            if row["status"] == "ok" and row["ns_per_unit_median"] not in ("", "0")
        }

    before, after = timed(quiet), timed(loaded)
    marked = {
        (row["workload"], row["unit"], row["implementation"])
        for row in loaded
        if MACHINE_DISTURBED in row.get("detail", "")
    }
    one_thread = {(row["workload"], row["unit"], row["implementation"]) for row in loaded if row.get("threads") == "1"}
    result = Medians()
    for key in sorted(before.keys() & after.keys()):
        result.cells += 1
        result.one_thread_cells += key in one_thread
        ratio = after[key] / before[key]
        if abs(ratio - 1) > tolerance:
            result.outside.append((f"{key[0]} / {key[2]}", ratio))
            result.outside_marked += key in marked
            result.one_thread_outside += key in one_thread
    return result


def disturbed_repetitions(rows: list[dict[str, str]]) -> int:
    """results.csv's repetitions_disturbed, summed over the cells."""
    return sum(int(row["repetitions_disturbed"] or 0) for row in rows)


def remeasured_repetitions(stderr: str) -> int:
    """The repetitions the noise gate added, from the run's progress lines."""
    return sum(int(match) for match in DISTURBED_LINE.findall(stderr))


def gate_lines(stderr: str) -> list[str]:
    """What the run said about the machine and its prices: its `warning:` lines, and the noise gate's line
    when its time for measuring again was spent, as the tool wrote them."""
    lines = (line.removeprefix(PROGRESS_PREFIX) for line in stderr.splitlines())
    return [line for line in lines if line.startswith("warning: ") or line.startswith(BUDGET_SPENT)]


@dataclass
class Orderings:
    """Of the pairs the first run separates by at least the band, how many the other run reversed; the same
    for the pairs of cells of one thread, None when the first run's results.csv does not say (no `threads`)."""

    reversed: int
    pairs: int
    reversed_of_one_thread: int | None
    pairs_of_one_thread: int | None


def reversed_pairs(orderings: list[dict[str, str]], band: str = ORDERING_BAND) -> Orderings:
    """The band's row of orderings.csv (`reactive-bench orderings --format csv`)."""

    def count(text: str | None) -> int | None:
        return int(text) if text else None

    for row in orderings:
        if row["separated_by_at_least"] == band:
            return Orderings(int(row["reversed"]), int(row["pairs"]), count(row.get("reversed_of_one_thread")),
                             count(row.get("pairs_of_one_thread")))  # fmt: skip
    raise ValueError(f"orderings.csv has no band {band}")


@dataclass
class Price:
    event: str
    metric: str
    quiet: float | None
    loaded: float | None
    trusted: bool
    reason: str

    @property
    def ratio(self) -> float | None:
        if self.quiet is None or self.loaded is None or self.quiet == 0:
            return None
        return self.loaded / self.quiet

    @property
    def holds(self) -> bool | None:
        """Within the tolerance of the quiet run's price, or marked (left out of the estimate); None when the
        quiet run wrote no such price to compare with (it marked its own)."""
        if not self.trusted:
            return True
        if self.quiet is None:
            return None
        return self.ratio is not None and abs(self.ratio - 1) <= PRICE_TOLERANCE and (self.loaded or 0) > 0


def prices(quiet: list[dict[str, str]], loaded: list[dict[str, str]]) -> list[Price]:
    def number(text: str) -> float | None:
        return float(text) if text not in ("", None) else None

    before = {(row["event"], row["metric"]): number(row["per_event"]) for row in quiet}
    result = []
    for row in loaded:
        key = (row["event"], row["metric"])
        trusted = row.get("trusted", "true") != "false"
        result.append(Price(row["event"], row["metric"], before.get(key), number(row["per_event"]), trusted, row.get("reason", "")))
    return result


def estimate_share(summary: list[dict[str, str]]) -> tuple[int, int]:
    """(within ±20%, cells) of the estimate over all cells, from estimate_summary.csv."""
    for row in summary:
        if row["estimate"] == "estimated_ns_per_unit" and row["grouped_by"] == "all":
            return int(row["within"]), int(row["cells"])
    raise ValueError("estimate_summary.csv has no row for all cells")
