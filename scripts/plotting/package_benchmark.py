"""Agreement between the package-benchmark suite and ReactiveBench on allocation counts.

``python -m plotting.package_benchmark filters RUN_DIR`` prints one package-benchmark ``--filter``
per cell that ran ``ok`` in a ReactiveBench run, so the suite runs exactly those cells.

``python -m plotting.package_benchmark check RUN_DIR JMH_JSON`` compares, cell by cell, the run's
``allocations_per_unit`` and ``allocations_per_subscription`` with the package-benchmark metrics
``Malloc (total)`` (per iteration, over the units of one iteration) and ``Malloc (per subscription)``
from a ``--format jmh`` export: they agree when ReactiveBench's count lies within the fewest..most that
package-benchmark measured in one iteration (exact p0 and p100), exactly when those are equal, and within
a tolerance of 0.01 allocations per unit for stray allocations on other threads (``TOLERANCE``). Exit status: 0 when every count agrees, 1 when one does not (or a cell
is missing from the export), 2 on bad input, with one ``error:`` line. Standard library only, so it
runs without the plotting virtualenv; which rows' counts cannot agree (their allocations do not repeat) and
which columns name a row come from the run's schema.json. See docs/PACKAGE-BENCHMARK.md.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
from dataclasses import dataclass
from pathlib import Path

from . import schema

TARGET_PREFIX = "package.benchmark.ReactiveBenchSuite."
PER_ITERATION = "Malloc (total)"
PER_SUBSCRIPTION = "Malloc (per subscription)"
# allocations_per_unit is written with 4 decimals, allocations_per_subscription with 2 (docs/CSV.md).
DECIMALS = {"allocations_per_unit": 4, "allocations_per_subscription": 2}
REGEX_SPECIALS = set("\\^$.|?*+()[]{}")
# Threads other than the measuring one (asyncHop's libdispatch workers) allocate now and then: the
# interposer counts them at once, jemalloc when their caches are flushed, so either tool may see one or
# two more in a repetition or iteration. The same tolerance as `reactive-bench compare` (docs/COMPARE.md).
TOLERANCE = {"allocations_per_unit": 0.01, "allocations_per_subscription": 0.0}


class InputError(Exception):
    """A file that cannot be read as what it should be; shown to the user as one line."""


@dataclass(frozen=True)
class Spread:
    """The smallest and largest per-iteration value of one package-benchmark metric."""

    low: float
    high: float

    def over(self, units: int) -> Spread:
        return Spread(self.low / units, self.high / units)

    def text(self) -> str:
        return _number(self.high) if self.low == self.high else f"{_number(self.low)}..{_number(self.high)}"


@dataclass(frozen=True)
class Agreement:
    """One count of one cell, as both tools measured it."""

    cell: str
    column: str
    reactive_bench: float | None
    package_benchmark: Spread | None

    @property
    def agrees(self) -> bool:
        return self.verdict != "DISAGREE"

    @property
    def verdict(self) -> str:
        """``exact``: package-benchmark counted ReactiveBench's value in every iteration. ``in range``: it
        lies within the fewest..most that package-benchmark counted in one iteration. ``tolerated``: it is
        off by at most ``TOLERANCE`` (stray allocations on other threads). Otherwise ``DISAGREE``."""
        if self.reactive_bench is None or self.package_benchmark is None:
            return "DISAGREE"
        decimals = DECIMALS[self.column]
        slack = 0.5 * 10**-decimals
        low = round(self.package_benchmark.low, decimals)
        high = round(self.package_benchmark.high, decimals)
        if low - slack < self.reactive_bench < high + slack:
            return "exact" if low == high else "in range"
        tolerance = TOLERANCE[self.column]
        return "tolerated" if low - tolerance - slack < self.reactive_bench < high + tolerance + slack else "DISAGREE"


def cell_key(row: dict[str, str]) -> str:
    """The cell's stable key, which is also its package-benchmark name: ``workload/implementation``."""
    return f"{row['workload']}/{row['implementation']}"


def jmh_name(key: str) -> str:
    """A cell key as the jmh export spells it: spaces become underscores."""
    return key.replace(" ", "_")


def regex_literal(text: str) -> str:
    """``text`` as a regular expression that matches exactly it."""
    return "".join("\\" + character if character in REGEX_SPECIALS else character for character in text)


def load_rows(run: str) -> tuple[list[dict[str, str]], set[str]]:
    """The rows of a run directory's results.csv (or of a results.csv given directly), and the
    implementations whose allocation counts do not repeat, so that two tools cannot agree on them (the
    run's schema.json says which)."""
    path = Path(run)
    path = path / schema.RESULTS if path.is_dir() else path
    if not (path.parent / schema.FILE).is_file():
        raise InputError(f"{path.parent}: no {schema.FILE} beside results.csv (a run older than it): run it again")
    try:
        run_schema = schema.load(path.parent)
    except schema.SchemaError as error:
        raise InputError(str(error)) from error
    try:
        with path.open(newline="") as file:
            rows = list(csv.DictReader(file))
    except OSError as error:
        raise InputError(f"{path}: {error.strerror}") from error
    naming = {column.name for column in run_schema.columns(schema.RESULTS) if column.names_the_row}
    missing = (naming | set(DECIMALS)) - set(rows[0].keys() if rows else naming)
    if missing:
        raise InputError(f"{path}: not a ReactiveBench results.csv (missing {', '.join(sorted(missing))})")
    return rows, {each.id for each in run_schema.implementations if not each.allocations_repeat}


def load_spreads(export: str) -> dict[str, dict[str, Spread]]:
    """Per benchmark name, per metric: the p0 and p100 of a package-benchmark ``--format jmh`` export."""
    try:
        elements = json.loads(Path(export).read_text())
        spreads = {}
        for element in elements:
            name = jmh_name(element["benchmark"].removeprefix(TARGET_PREFIX))
            spreads[name] = {
                metric: Spread(values["scorePercentiles"]["0.0"], values["scorePercentiles"]["100.0"])
                for metric, values in element["secondaryMetrics"].items()
            }
        return spreads
    except OSError as error:
        raise InputError(f"{export}: {error.strerror}") from error
    except (ValueError, KeyError, TypeError, AttributeError) as error:
        raise InputError(f"{export}: not a package-benchmark jmh export ({error!r})") from error


def compare(
    rows: list[dict[str, str]], spreads: dict[str, dict[str, Spread]], units: int, unrepeatable: set[str] = frozenset()
) -> list[Agreement]:
    """Every count of every ``ok`` cell but those of the ``unrepeatable`` implementations (whose counts do
    not repeat: the schema's ``allocationsRepeat``): per unit, and for element workloads per subscription."""
    agreements = []
    for row in rows:
        if row["status"] != "ok" or row["implementation"] in unrepeatable:
            continue
        key = cell_key(row)
        metrics = spreads.get(jmh_name(key), {})
        per_iteration = metrics.get(PER_ITERATION)
        agreements.append(
            Agreement(key, "allocations_per_unit", _float(row["allocations_per_unit"]),
                      per_iteration.over(units) if per_iteration else None)  # fmt: skip
        )
        # For `subscription` workloads the unit is the subscription: the per-unit count is the one.
        if row["unit"] == "element":
            agreements.append(
                Agreement(key, "allocations_per_subscription", _float(row["allocations_per_subscription"]),
                          metrics.get(PER_SUBSCRIPTION))  # fmt: skip
            )
    return agreements


def render(agreements: list[Agreement]) -> str:
    """An aligned table, disagreements first, then counts within a range, then a verdict line."""
    header = ("verdict", "cell", "count", "reactive-bench", "package-benchmark")
    order = ("DISAGREE", "tolerated", "in range", "exact")
    ordered = sorted(agreements, key=lambda agreement: order.index(agreement.verdict))
    lines = [header] + [
        (
            agreement.verdict,
            agreement.cell,
            agreement.column,
            _number(agreement.reactive_bench) if agreement.reactive_bench is not None else "-",
            agreement.package_benchmark.text() if agreement.package_benchmark else "missing",
        )
        for agreement in ordered
    ]
    widths = [max(len(line[column]) for line in lines) for column in range(len(header))]
    text = ["  ".join(field.ljust(width) for field, width in zip(line, widths)).rstrip() for line in lines]
    if any(agreement.package_benchmark is None for agreement in agreements):
        text.append("missing: no result in the export: package-benchmark failed the cell (a checksum "
                    "mismatch or a failed set-up, printed above) or did not register it")  # fmt: skip
    counts = {verdict: sum(agreement.verdict == verdict for agreement in agreements) for verdict in order}
    cells = len({agreement.cell for agreement in agreements})
    text.append(
        f"{len(agreements) - counts['DISAGREE']} agree ({counts['exact']} exactly, {counts['in range']} within "
        f"package-benchmark's range over iterations, {counts['tolerated']} within the tolerance), "
        f"{counts['DISAGREE']} disagree ({cells} cells)"
    )
    return "\n".join(text)


def parse_arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m plotting.package_benchmark", description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    filters = commands.add_parser("filters", help="print a --filter regex per ok cell of RUN_DIR")
    filters.add_argument("run", metavar="RUN_DIR")
    check = commands.add_parser("check", help="compare allocation counts; exit 1 on disagreement")
    check.add_argument("run", metavar="RUN_DIR")
    check.add_argument("export", metavar="JMH_JSON")
    check.add_argument("--units-per-iteration", type=int, default=1000,
                       help="units one package-benchmark iteration measures (the suite's scalingFactor)")  # fmt: skip
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    arguments = parse_arguments(argv)
    try:
        if arguments.command == "check" and arguments.units_per_iteration < 1:
            raise InputError(f"--units-per-iteration must be at least 1, not {arguments.units_per_iteration}")
        rows, unrepeatable = load_rows(arguments.run)
        if not any(row["status"] == "ok" for row in rows):
            raise InputError(f"{arguments.run}: no cell ran ok: nothing to compare")
        if arguments.command == "filters":
            for row in rows:
                if row["status"] == "ok" and row["implementation"] not in unrepeatable:
                    print(f"^{regex_literal(cell_key(row))}$")
            return 0
        agreements = compare(rows, load_spreads(arguments.export), arguments.units_per_iteration, unrepeatable)
    except InputError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(render(agreements))
    return 0 if all(agreement.agrees for agreement in agreements) else 1


def _float(text: str) -> float | None:
    return float(text) if text else None


def _number(value: float) -> str:
    return f"{value:.4f}".rstrip("0").rstrip(".")


if __name__ == "__main__":
    sys.exit(main())
