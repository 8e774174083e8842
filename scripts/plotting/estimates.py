"""What each cell's counts say its time should be: the instruction run's counts per unit priced by the
price list (prices.csv of both runs), beside the time run's measured median. Written by ``scripts/plot``
as RUN_DIR/estimates.csv (docs/CSV.md) and drawn as plots/estimate.png; FINDINGS.md states how well the
estimate does.

One event's price comes from its control (docs/CSV.md, "prices.csv"): ns per event from the time run,
instructions and anatomy counts per event from the instruction run. A cell's estimate is, per unit, each
priced event's count x its ns (an event whose control costs no more than its instructions do at the
independent price is priced as the instructions the cell executes for it instead:
``Prices.as_instructions``), plus every instruction no event accounts for x the ns per instruction of the
control whose instructions do not wait for each other (``independentInstructions``), as most of a
pipeline's do not (``price``; FINDINGS' per-stage split is the same sum over one stage's slopes). Each
frame an element's delivery nests beyond the CPU's return-address predictor (the time run's
``call_depth`` beyond the price list's ``deepFrame`` frames) costs ``deepFrame``'s ns more. Priced at
the dependent chain's ns per instruction instead (``instructions``), the same counts give an upper bound,
``estimated_ns_per_unit_if_dependent``.
"""

from __future__ import annotations

import csv
import math
import statistics
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from . import data
from .data import InputError

# The price list's events (prices.csv), the anatomy counter each one is counted by, and its title.
PRICED_EVENTS = (
    ("retainRelease", "retains", "retain+release"),
    ("exclusivityCheck", "exclusivity_checks", "exclusivity check"),
    ("lock", "lock_acquisitions", "lock"),
    ("metadataLookup", "metadata_lookups", "metadata lookup"),
    ("dynamicCast", "dynamic_casts", "dynamic cast"),
    ("malloc", "mallocs", "malloc+free"),
    ("atomicRMW", "atomic_rmws", "other atomic RMW"),
)
# The frames nested beyond the return-address predictor (prices.csv's deepFrame: ns each beyond an
# ordinary call, and the frames the predictor holds), and their title.
DEEP_FRAME = "deepFrame"
DEEP_CALLS = "calls deeper than the return predictor"
# The arithmetic controls: instructions that can run at once, and a chain of instructions that cannot.
ARITHMETIC = "independentInstructions"
DEPENDENT_ARITHMETIC = "instructions"
# The cells the estimate is for: one thread, measured as a median of repetitions. A hop between threads,
# two threads contending and the asyncSequence row's tasks wait on other threads, which no count prices.
LEFT_OUT_SCENARIOS = ("asyncHop", "contention")
LEFT_OUT_FAMILIES = ("asyncSequence",)
# How near the measured median an estimate must be to count as "within".
WITHIN = 0.20
FILE = "estimates.csv"
HEADER = (
    ["workload", "implementation", "unit", "measured_ns_per_unit", "estimated_ns_per_unit", "estimate_error"]
    + [f"{event}_ns_per_unit" for event, _, _ in PRICED_EVENTS]
    + ["call_depth", f"{DEEP_FRAME}_ns_per_unit"]
    + ["other_instructions_per_unit", "other_instructions_ns_per_unit", "estimated_ns_per_unit_if_dependent"]
    + ["estimated_cycles_per_unit", "iai_estimated_ns_per_unit", "iai_estimate_error"]
)
# iai-callgrind's and CodSpeed's estimate (callgrind's cache simulation, `run --metric instructions
# --simulate`): L1 hits + 5 x last-level hits + 35 x memory accesses, in cycles.
CYCLES = "estimated_cycles_per_unit"


@dataclass(frozen=True)
class Prices:
    """ns per event (time run), instructions and counts per event (instruction run), and the arithmetic
    controls' ns per instruction: independent (the estimate's) and dependent (its upper bound)."""

    ns: dict[str, float]
    counts: dict[tuple[str, str], float]
    per_instruction: float
    per_dependent_instruction: float
    # deepFrame's ns per frame and the frames the predictor holds; None in a price list without them.
    deep_frame: tuple[float, float] | None = None
    # The events whose control takes no longer than its instructions at the independent price (the low end
    # of its interval at most that): nothing beyond instructions to price, and a count x the control's
    # instructions would charge the control's path through the runtime instead of the cell's own. Their
    # instructions stay among the cell's others.
    as_instructions: frozenset[str] = frozenset()

    @classmethod
    def load(cls, time_run: Path, instruction_run: Path) -> "Prices | None":
        """Both runs' prices.csv, or None when either is missing or lacks an event."""
        ns_prices, counts = load_prices(time_run), load_prices(instruction_run)
        if not ns_prices or not counts:
            return None
        events = [event for event, _, _ in PRICED_EVENTS] + [ARITHMETIC, DEPENDENT_ARITHMETIC]
        if any((event, "ns") not in ns_prices or (event, "instructions") not in counts for event in events):
            return None
        per_instruction, per_dependent = (
            ns_prices[(control, "ns")] / counts[(control, "instructions")] for control in (ARITHMETIC, DEPENDENT_ARITHMETIC)
        )
        if not all(math.isfinite(price) and price > 0 for price in (per_instruction, per_dependent)):
            return None
        deep = (ns_prices.get((DEEP_FRAME, "ns")), ns_prices.get((DEEP_FRAME, "frames")))
        deep_frame = (deep[0], deep[1]) if deep[0] is not None and deep[1] is not None else None
        lows = load_prices(time_run, "low") or {}
        as_instructions = frozenset(
            event for event, _, _ in PRICED_EVENTS
            if lows.get((event, "ns"), ns_prices[(event, "ns")]) <= counts[(event, "instructions")] * per_instruction
        )
        return cls(
            {event: ns_prices[(event, "ns")] for event in events}, counts, per_instruction, per_dependent, deep_frame,
            as_instructions,
        )


@dataclass(frozen=True)
class Priced:
    """Counts priced: ns per priced event, the instructions no event accounts for and their ns."""

    events: dict[str, float]
    instructions_left: float
    rest: float

    @property
    def estimate(self) -> float:
        return sum(self.events.values()) + self.rest


def load_prices(directory: Path, column: str = "per_event") -> dict[tuple[str, str], float] | None:
    """prices.csv of ``directory`` as (event, metric) -> per event (or another ``column``: ``low``, whose
    empty fields, a count's, are left out); None without the file."""
    path = directory / "prices.csv"
    if not path.is_file():
        return None
    prices = {}
    with path.open(newline="", encoding="utf-8") as file:
        for line, row in enumerate(csv.DictReader(file), start=2):
            field = row.get(column) or ""
            if not field and column != "per_event":
                continue
            if not data.DECIMAL.fullmatch(field) or not math.isfinite(float(field)):
                raise InputError(f"{path}: line {line}, column {column}: '{field}' is not a number")
            prices[(row.get("event") or "", row.get("metric") or "")] = float(field)
    return prices


def deep_frames(call_depth: float | None, prices: Prices) -> float:
    """The frames of a delivery ``call_depth`` frames deep that the return-address predictor does not
    hold (0 without a depth or a deepFrame price)."""
    if call_depth is None or math.isnan(call_depth) or prices.deep_frame is None:
        return 0.0
    return max(0.0, call_depth - prices.deep_frame[1])


def price(instructions: float, counts: dict[str, float], prices: Prices, beyond_predictor: float = 0.0) -> Priced:
    """``instructions`` and the anatomy ``counts`` (by counter: ``retains``, ...) of one unit or one stage,
    priced. An event of ``Prices.as_instructions`` is left among the instructions. A retain+release pair
    is priced only as often as the counts hold its atomics (a retain of an object that needs none, a nil
    context or an immortal object, costs instructions only); the atomics no pair made at the atomic's
    price; each of the ``beyond_predictor`` frames (``deep_frames``) at deepFrame's price, on top of its
    instructions; every instruction no event accounts for at the independent arithmetic control's ns per
    instruction."""
    events, left, atomics = {}, instructions, counts.get("atomic_rmws", 0.0)
    for event, metric, title in PRICED_EVENTS:
        if event in prices.as_instructions:
            events[title] = 0.0
            continue
        own_atomics = prices.counts.get((event, "atomic_rmws"), 0.0)
        if event == "atomicRMW":
            count = max(0.0, atomics)
        else:
            count = max(0.0, counts.get(metric, 0.0))
            if own_atomics > 0:
                count = min(count, max(0.0, atomics) / own_atomics)
            atomics -= count * own_atomics
        events[title] = count * prices.ns[event]
        left -= count * prices.counts[(event, "instructions")]
    events[DEEP_CALLS] = beyond_predictor * (prices.deep_frame[0] if prices.deep_frame else 0.0)
    return Priced(events, max(0.0, left), max(0.0, left) * prices.per_instruction)


def estimate_run(
    directory: Path, timed: pd.DataFrame | None = None, counted: pd.DataFrame | None = None
) -> pd.DataFrame | None:
    """One row per single-thread cell that is ok in both the run and its instruction run (HEADER's
    columns); None when the run has no instruction run, its instruction run has no anatomy counts, or
    either has no price list. ``timed`` and ``counted``: the run's and its instruction run's results.csv
    when the caller has read them already (``findings.Numbers``)."""
    instructions = directory / "instructions"
    if not (instructions / "results.csv").is_file():
        return None
    prices = Prices.load(directory, instructions)
    if prices is None:
        return None
    timed = data.load_results(directory / "results.csv") if timed is None else timed
    counted = data.load_results(instructions / "results.csv") if counted is None else counted
    if any(counted[column].isna().all() for column in data.COUNT_COLUMNS):
        return None  # counted without the anatomy (a perf counter's run): nothing to price
    counted = counted[counted["status"] == data.OK].drop_duplicates(["workload", "implementation"])
    rows = []
    for _, row in timed.drop_duplicates(["workload", "implementation"]).iterrows():
        if not is_estimated(row) or not data.is_ok(row):
            continue
        match = counted[(counted["workload"] == row["workload"]) & (counted["implementation"] == row["implementation"])]
        if match.empty or pd.isna(match.iloc[0]["instructions_per_unit"]):
            continue
        count = match.iloc[0]
        depth = row.get("call_depth")
        depth = None if depth is None or pd.isna(depth) else float(depth)
        priced = price(
            float(count["instructions_per_unit"]),
            {metric: _number(count[f"{metric}_per_unit"]) for _, metric, _ in PRICED_EVENTS},
            prices,
            deep_frames(depth, prices),
        )
        measured = float(row["ns_per_unit_median"])
        rows.append(
            [row["workload"], row["implementation"], row["unit"], measured, priced.estimate, priced.estimate / measured - 1]
            + [priced.events[title] for _, _, title in PRICED_EVENTS]
            + [math.nan if depth is None else depth, priced.events[DEEP_CALLS]]
            + [priced.instructions_left, priced.rest,
               priced.estimate + priced.instructions_left * (prices.per_dependent_instruction - prices.per_instruction)]
            + [_number_or_nan(count.get(CYCLES)), math.nan, math.nan]
        )  # fmt: skip
    if not rows:
        return None
    found = pd.DataFrame(rows, columns=HEADER)
    cycles = found[CYCLES]
    known = cycles.notna() & (cycles > 0)
    # The formula gives cycles; a cycle's ns is the one factor that fits these cells best (the median of
    # measured over cycles), the kindest reading of it: no machine's clock is in the formula.
    per_cycle = (found.loc[known, "measured_ns_per_unit"] / cycles[known]).median() if known.any() else math.nan
    found["iai_estimated_ns_per_unit"] = cycles.where(known) * per_cycle
    found["iai_estimate_error"] = found["iai_estimated_ns_per_unit"] / found["measured_ns_per_unit"] - 1
    return found


def iai_distribution(estimates: pd.DataFrame) -> tuple[Distribution, float] | None:
    """How far iai-callgrind's and CodSpeed's estimate falls from the measured medians, and the ns per
    cycle it was read at; None without simulated cycles (an instruction run without `--simulate`)."""
    known = estimates[estimates["iai_estimate_error"].notna()]
    if known.empty:
        return None
    per_cycle = float((known["iai_estimated_ns_per_unit"] / known[CYCLES]).iloc[0])
    return distribution(known.assign(estimate_error=known["iai_estimate_error"])), per_cycle


def is_estimated(row: pd.Series) -> bool:
    """Whether a cell is one the estimate is for (single-thread: ``LEFT_OUT_SCENARIOS``, ``LEFT_OUT_FAMILIES``)."""
    scenario = row.get("scenario")
    if not isinstance(scenario, str) or not scenario:
        scenario = data.scenario(str(row["workload"]))
    return scenario not in LEFT_OUT_SCENARIOS and row.get("family") not in LEFT_OUT_FAMILIES


def _number(value) -> float:
    return 0.0 if pd.isna(value) else float(value)


def _number_or_nan(value) -> float:
    return math.nan if value is None or pd.isna(value) else float(value)


def write(estimates: pd.DataFrame, path: Path) -> None:
    """estimates.csv: HEADER, numbers as the tool writes them (up to 4 decimals)."""
    with path.open("w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file, lineterminator="\n")
        writer.writerow(HEADER)
        for row in estimates.itertuples(index=False):
            writer.writerow([_field(value) for value in row])


def _field(value) -> str:
    if isinstance(value, float) and math.isnan(value):
        return ""  # no call depth (the sink received on another thread, or recorded no latency), no cycles
    if isinstance(value, float):
        return f"{value:.4f}".rstrip("0").rstrip(".")
    return str(value)


@dataclass(frozen=True)
class Distribution:
    """How far the estimates fall from the measured medians."""

    cells: int
    within: int
    median_error: float
    quartiles: tuple[float, float]

    @property
    def share_within(self) -> float:
        return self.within / self.cells if self.cells else math.nan


def distribution(estimates: pd.DataFrame) -> Distribution:
    """The number of cells, how many are within ``WITHIN``, the median absolute error and the quartiles
    of the signed error."""
    errors = list(estimates["estimate_error"])
    if not errors:
        return Distribution(0, 0, math.nan, (math.nan, math.nan))
    quartiles = statistics.quantiles(errors, n=4) if len(errors) > 1 else [errors[0]] * 3
    return Distribution(
        len(errors),
        sum(abs(error) <= WITHIN for error in errors),
        statistics.median(abs(error) for error in errors),
        (quartiles[0], quartiles[2]),
    )


# MARK: - The chart

STEM = "estimate"


def plot(run: data.Run, estimated: pd.DataFrame | None, colours: dict[str, str], directory: Path) -> Path | None:
    """Each estimated cell's estimate against its measured median, log-log, one colour per style, with the
    line where they agree and the band of ``WITHIN``; None without estimates."""
    if estimated is None or estimated.empty:
        return None
    import matplotlib.pyplot as plt

    from . import style

    figure, axes = plt.subplots(figsize=(8.5, 6.5), layout="constrained")
    for name in data.implementations(estimated):
        own = estimated[estimated["implementation"] == name]
        axes.scatter(own["measured_ns_per_unit"], own["estimated_ns_per_unit"], s=14, color=colours.get(name, "black"),
                     label=name, alpha=0.8, linewidths=0)  # fmt: skip
    values = pd.concat([estimated["measured_ns_per_unit"], estimated["estimated_ns_per_unit"]])
    low, high = values[values > 0].min() / 1.5, values.max() * 1.5
    line = [low, high]
    axes.plot(line, line, color="black", linewidth=0.8)
    axes.fill_between(line, [v * (1 - WITHIN) for v in line], [v * (1 + WITHIN) for v in line], color="#d0d0d0",
                      alpha=0.5, linewidth=0, label=f"within ±{WITHIN:.0%}")  # fmt: skip
    axes.set_xscale("log")
    axes.set_yscale("log")
    axes.set_xlim(low, high)
    axes.set_ylim(low, high)
    axes.set_xlabel("measured median, ns per unit (time run)")
    axes.set_ylabel("estimate from counts x prices, ns per unit")
    axes.grid(color="#e0e0e0", linewidth=0.6, which="major")
    found = distribution(estimated)
    axes.set_title(
        f"{found.within} of {found.cells} cells within ±{WITHIN:.0%}; median error {found.median_error:.0%}",
        fontsize=style.VALUE_LABEL_SIZE + 2,
    )
    axes.legend(loc="upper left", frameon=False, fontsize=style.VALUE_LABEL_SIZE + 1)
    style.suptitle(figure, f"{run.name}: each single-thread cell's time as its counts and this machine's prices say")
    return style.save(figure, directory, STEM)
