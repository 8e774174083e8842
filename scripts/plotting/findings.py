"""docs/FINDINGS.md, regenerated from a run (the committed reference) by ``python -m plotting.findings
RUN_DIR OUT.md``: the handful of things the numbers say, each with the numbers it rests on and explained
by the cost anatomy of the instruction run in ``RUN_DIR/instructions``.

Every finding is computed from the run's fits.csv (time, allocations) and the instruction run's fits.csv
(instructions and the anatomy counters, per stage) and results.csv; a finding whose numbers the run does
not have, or do not bear it out, is left out rather than written.
"""

from __future__ import annotations

import math
import sys
from functools import cached_property
from pathlib import Path

import pandas as pd

from . import data, estimates, stagefits, summary
from .data import InputError

# The sweep whose slope is "one more operator stage": map stages behind the direct source when the run
# has them (the source and the sink then cost next to nothing), else behind the subject.
STAGE_SERIES = (("pipelineDepth", "direct"), ("pipelineDepth", "subject"), ("pipelineDepth", ""))


class Numbers:
    """What the findings read: the time run's and the instruction run's fits and rows."""

    def __init__(self, directory: Path):
        self.run = data.load_run(directory)
        self.fits = stagefits.load_fits(directory)
        instructions = summary.instruction_run(directory)
        self.instruction_results = data.load_results(instructions / "results.csv") if instructions else None
        self.instruction_fits = stagefits.load_fits(instructions) if instructions else None

    def slope(self, fits: pd.DataFrame | None, scenario: str, source: str, implementation: str, metric: str,
              measured_per: str | None = None) -> float | None:  # fmt: skip
        """The slope of one fit, or None."""
        row = _fit_row(fits, scenario, source, implementation, metric, measured_per)
        return None if row is None else float(row["slope"])

    def stage_series(self) -> tuple[str, str] | None:
        """The (scenario, source) of the sweep the findings call "a stage"."""
        if self.fits is None:
            return None
        present = set(zip(self.fits["scenario"], self.fits["source"].astype(str)))
        return next((series for series in STAGE_SERIES if series in present), None)

    def counted(self, workload: str, implementation: str, column: str) -> float | None:
        """A column of the instruction run's row, or None."""
        if self.instruction_results is None or column not in self.instruction_results.columns:
            return None
        row = data.cell(self.instruction_results, workload, implementation)
        if row is None or row["status"] != data.OK or pd.isna(row.get(column)):
            return None
        return float(row[column])

    @cached_property
    def cost_model(self) -> estimates.CostModel | None:
        """The tool's cost model of the run (``estimates.CostModel``), read once; None without one."""
        return estimates.CostModel.load(self.run.directory)

    def styles(self) -> list[str]:
        """The implementations of the run, but the loop every style is measured against (the schema's baseline)."""
        return [name for name in data.implementations(self.run.results) if name != self.run.baseline]

    @property
    def anatomy(self) -> list[tuple[str, str]]:
        """(counter, title) of every anatomy counter, in the run's schema's order."""
        return [(term.name, term.title) for term in self.run.schema.anatomy_counters]


def number(value: float | None, digits: int = 0) -> str:
    """``1,234``, ``12.5``; ``-`` for None."""
    if value is None:
        return "-"
    return f"{value:,.{digits}f}" if abs(value) >= 10 or digits == 0 else f"{value:.{digits}f}"


def stage_table(numbers: Numbers, series: tuple[str, str]) -> str:
    """One row per style: ns, instructions and every anatomy counter per stage."""
    scenario, source = series
    header = ["style", "ns per stage", "instructions per stage"] + [title for _, title in numbers.anatomy]
    rows = []
    for name in numbers.styles():
        ns = numbers.slope(numbers.fits, scenario, source, name, "ns")
        instructions = numbers.slope(numbers.instruction_fits, scenario, source, name, "instructions", "element")
        anatomy = [numbers.slope(numbers.instruction_fits, scenario, source, name, metric, "element") for metric, _ in numbers.anatomy]
        if ns is None and instructions is None:
            continue
        rows.append([f"`{name}`", number(ns, 1), number(instructions)] + [number(value, 2) for value in anatomy])
    lines = ["| " + " | ".join(header) + " |", "|---" + "|---:" * (len(header) - 1) + "|"]
    return "\n".join(lines + ["| " + " | ".join(row) + " |" for row in rows])


def time_split(numbers: Numbers, series: tuple[str, str]) -> list[dict] | None:
    """Per style, one stage's measured ns against what the price list says its counted events cost
    (stage_estimates.csv's row of the series). None without the tool's cost model or a row of the series."""
    model = numbers.cost_model
    if model is None:
        return None
    scenario, source = series
    stages = model.stages[(model.stages["scenario"] == scenario) & (model.stages["source"] == source)]
    # A swept stage does no slow consumer's work: its column is 0 in every row.
    stage_parts = model.priced[model.priced["part"] != estimates.CONSUMER_WORK]
    rows = []
    for name in numbers.styles():
        own = stages[stages["implementation"] == name]
        if own.empty:
            continue
        row = own.iloc[0]
        rows.append({"style": name, "measured": row["measured_ns_per_unit"], "estimate": row["estimated_ns_per_unit"],
                     "events": {part.title: row[part.column] for part in stage_parts.itertuples()},
                     "instructions_left": row["other_instructions_per_unit"], "rest": row["other_instructions_ns_per_unit"],
                     "unexplained": row["unexplained"], "per_instruction": model.per_instruction,
                     "rest_title": model.other_instructions["title"]})  # fmt: skip
    return rows or None


def time_split_table(rows: list[dict], per_instruction: str) -> str:
    """The time split as a Markdown table: ns per stage by priced event, and what is left unexplained."""
    titles = list(rows[0]["events"])
    header = ["style", "measured ns"] + [f"{title} ns" for title in titles] + [
        f"other instructions x {per_instruction} ns", "estimate ns", "unexplained"]  # fmt: skip
    lines = ["| " + " | ".join(header) + " |", "|---" + "|---:" * (len(header) - 1) + "|"]
    for row in rows:
        unexplained = row["unexplained"]
        cells = [f"`{row['style']}`", number(row["measured"], 1)] + [number(row["events"][title], 1) for title in titles]
        cells += [f"{number(row['rest'], 1)} ({number(row['instructions_left'])})", number(row["estimate"], 1),
                  f"{unexplained:+.0%}" if math.isfinite(unexplained) else "-"]  # fmt: skip
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def findings(numbers: Numbers) -> list[str]:
    """Every finding the numbers bear out, in order."""
    series = numbers.stage_series()
    found = [finding for finding in (
        _source_and_sink(numbers),
        _where_an_element_executes(numbers),
        _cheapest_and_costliest_stage(numbers, series),
        _chains_that_bend(numbers, series),
        _fewer_instructions_more_time(numbers, series),
        _costliest_stage(numbers, series),
        _locks_per_stage(numbers, series),
        _subscription_stage(numbers),
    ) if finding]  # fmt: skip
    return found


def _source_and_sink(numbers: Numbers) -> str | None:
    """How much of an element the subject and the sink were, from floor under both sources."""
    rows = []
    for name in numbers.styles():
        subject = numbers.counted("floor", name, "instructions_per_unit")
        direct = numbers.counted("floor [direct]", name, "instructions_per_unit")
        mapped = numbers.counted("map", name, "instructions_per_unit")
        if subject is not None and direct is not None:
            rows.append((name, subject, direct, mapped))
    if not rows:
        return None
    text = ", ".join(f"`{name}` {number(subject)} -> {number(direct)}" for name, subject, direct, _ in rows)
    shares = [subject / mapped for _, subject, _, mapped in rows if mapped]
    share = f" That is {min(shares):.0%} to {max(shares):.0%} of a `map` element behind the subject." if shares else ""
    return (
        "**The source, not the operator, was most of an element.** Instructions per element of `floor` "
        f"(source -> sink, no operator), subject -> direct source: {text}.{share} Behind the subject, every "
        "style's operator is a small difference between two large numbers; behind the direct source the "
        "per-stage slopes below are what each style's operator costs."
    )


def _cheapest_and_costliest_stage(numbers: Numbers, series) -> str | None:
    if series is None:
        return None
    scenario, source = series
    slopes = {name: numbers.slope(numbers.fits, scenario, source, name, "ns") for name in numbers.styles()}
    slopes = {name: value for name, value in slopes.items() if value is not None and value > 0}
    if len(slopes) < 2:
        return None
    order = sorted(slopes, key=slopes.get)
    label = stagefits.series_label(scenario, source)
    listing = ", ".join(f"`{name}` {number(slopes[name], 1)} ns" for name in order)
    return (
        f"**One more map stage (`{label}`) costs {slopes[order[-1]] / slopes[order[0]]:.1f}x as much in "
        f"`{order[-1]}` as in `{order[0]}`.** Per stage, fastest first: {listing}."
    )


def _chains_that_bend(numbers: Numbers, series) -> str | None:
    """The styles whose stage sweep is not a line in time while their instructions are: how far the last
    point lies above the line through the first two."""
    if series is None or numbers.fits is None or numbers.instruction_fits is None:
        return None
    scenario, source = series
    rows = []
    for name in numbers.styles():
        time_fit = _fit_row(numbers.fits, scenario, source, name, "ns")
        instruction_fit = _fit_row(numbers.instruction_fits, scenario, source, name, "instructions", "element")
        if time_fit is None or instruction_fit is None or time_fit["shape"] == "linear" or instruction_fit["shape"] != "linear":
            continue
        stages = sorted(int(value) for value in str(time_fit["parameters"]).split(";") if value.isdigit())
        medians = [_median(numbers, stagefits.series_label(f"{scenario} ({count})", source), name) for count in stages]
        if len(stages) < 3 or None in medians:
            continue
        slope = (medians[1] - medians[0]) / (stages[1] - stages[0])
        line = medians[0] + slope * (stages[-1] - stages[0])
        rows.append(f"`{name}` {number(medians[-1], 1)} ns at {stages[-1]} stages against {number(line, 1)} on the line "
                    f"through {stages[0]} and {stages[1]} ({number(medians[-1] - line)} ns above)")  # fmt: skip
    if not rows:
        return None
    return (
        f"**Some chains grow faster than linear in time while their instructions grow linearly** "
        f"(`{stagefits.series_label(scenario, source)}`): {'; '.join(rows)}. docs/PROFILES.md measures why: their "
        "calls nest deeper than the CPU's return-address predictor, and a control of the same depth "
        "(`callChainControl`) bends the same way."
    )


def _fit_row(fits: pd.DataFrame | None, scenario: str, source: str, implementation: str, metric: str,
             measured_per: str | None = None):  # fmt: skip
    """One fit's row, or None."""
    if fits is None:
        return None
    rows = fits[(fits["scenario"] == scenario) & (fits["source"].astype(str) == source)
                & (fits["implementation"] == implementation) & (fits["metric"] == metric)]  # fmt: skip
    if measured_per is not None:
        rows = rows[rows["measured_per"] == measured_per]
    return None if rows.empty else rows.iloc[0]


def _median(numbers: Numbers, workload: str, implementation: str) -> float | None:
    """The time run's median ns of one ok cell, or None."""
    row = data.cell(numbers.run.results, workload, implementation)
    return float(row["ns_per_unit_median"]) if data.is_ok(row) and not pd.isna(row["ns_per_unit_median"]) else None


def _fewer_instructions_more_time(numbers: Numbers, series) -> str | None:
    """A style that executes fewer instructions per stage than another yet takes longer, behind either
    source: the anatomy says what its instructions do."""
    if numbers.fits is None or numbers.instruction_fits is None:
        return None
    present = set(zip(numbers.fits["scenario"], numbers.fits["source"].astype(str)))
    for scenario, source in (candidate for candidate in STAGE_SERIES if candidate in present):
        styles = numbers.styles()
        per = {name: (numbers.slope(numbers.fits, scenario, source, name, "ns"),
                      numbers.slope(numbers.instruction_fits, scenario, source, name, "instructions", "element"))
               for name in styles}  # fmt: skip
        for slow in styles:
            for fast in styles:
                (slow_ns, slow_instructions), (fast_ns, fast_instructions) = per[slow], per[fast]
                if None in (slow_ns, slow_instructions, fast_ns, fast_instructions) or slow == fast:
                    continue
                if slow_instructions < fast_instructions and slow_ns > 1.25 * fast_ns:
                    anatomy = "; ".join(
                        f"{title} {number(numbers.slope(numbers.instruction_fits, scenario, source, slow, metric, 'element'), 2)}"
                        f" vs {number(numbers.slope(numbers.instruction_fits, scenario, source, fast, metric, 'element'), 2)}"
                        for metric, title in numbers.anatomy
                    )  # fmt: skip
                    return (
                        f"**`{slow}` executes fewer instructions per stage than `{fast}` "
                        f"(`{stagefits.series_label(scenario, source)}`: {number(slow_instructions)} vs "
                        f"{number(fast_instructions)}) yet takes longer ({number(slow_ns, 1)} vs {number(fast_ns, 1)} ns).** "
                        f"Per stage and element: {anatomy}. {_priced(numbers, (scenario, source), slow)}"
                    )
    return None


def _priced(numbers: Numbers, series: tuple[str, str], name: str) -> str:
    """What the price list says of one style's stage: the ns of its counted events, and of the rest."""
    split = time_split(numbers, series) or []
    row = next((row for row in split if row["style"] == name), None)
    if row is None:
        return "What its instructions do costs more than their number; the price list (prices.csv) would say how much."
    events = [(ns, title) for title, ns in row["events"].items() if ns >= 0.05]
    listed = ", ".join(f"{title} {number(ns, 1)} ns" for ns, title in sorted(events, reverse=True))
    return (
        f"At this machine's prices its counted events cost {number(sum(ns for ns, _ in events), 1)} ns of the "
        f"{number(row['measured'], 1)} ({listed or 'none'}), and its {number(row['instructions_left'])} other "
        f"instructions {number(row['rest'], 1)} ns at the independent arithmetic control's price: what its "
        "instructions do, not their number, is the cost."
    )


def _costliest_stage(numbers: Numbers, series) -> str | None:
    """What the costliest style's stage does per element, and which of its calls explain its cost."""
    if series is None or numbers.fits is None:
        return None
    scenario, source = series
    slopes = {name: numbers.slope(numbers.fits, scenario, source, name, "ns") for name in numbers.styles()}
    slopes = {name: value for name, value in slopes.items() if value is not None}
    if not slopes:
        return None
    name = max(slopes, key=slopes.get)
    values = {metric: numbers.slope(numbers.instruction_fits, scenario, source, name, metric, "element") for metric, _ in numbers.anatomy}
    instructions = numbers.slope(numbers.instruction_fits, scenario, source, name, "instructions", "element")
    if instructions is None:
        return None
    anatomy = ", ".join(f"{number(values[metric], 2)} {title}" for metric, title in numbers.anatomy if values[metric])
    reasons = []
    if (values["lock_acquisitions"] or 0) >= 0.5:
        reasons.append("it takes a lock per element")
    if (values["metadata_lookups"] or 0) >= 0.5:
        reasons.append("its values pass through generic code the compiler did not specialise, which looks metadata "
                       "up at run time")  # fmt: skip
    why = f" {'; '.join(reasons)[:1].upper()}{'; '.join(reasons)[1:]} (docs/PROFILES.md follows its calls)." if reasons else ""
    return (
        f"**The costliest stage, `{name}`'s, costs {number(slopes[name], 1)} ns and {number(instructions)} instructions "
        f"per element.** Per stage and element it makes {anatomy or 'none of the counted calls'}.{why}"
    )


def _locks_per_stage(numbers: Numbers, series) -> str | None:
    """Locks and atomics per element per stage."""
    if series is None or numbers.instruction_fits is None:
        return None
    scenario, source = series
    rows = []
    for name in numbers.styles():
        locks = numbers.slope(numbers.instruction_fits, scenario, source, name, "lock_acquisitions", "element")
        atomics = numbers.slope(numbers.instruction_fits, scenario, source, name, "atomic_rmws", "element")
        if locks is not None or atomics is not None:
            rows.append(f"`{name}` {number(locks, 2)} locks, {number(atomics, 2)} atomic RMWs")
    if not rows:
        return None
    return (
        f"**Locks and atomics per stage and element** (`{stagefits.series_label(scenario, source)}`): "
        f"{'; '.join(rows)}. A lock the compiler inlines (`Synchronization.Mutex`) has no function to count "
        "and shows only as atomics; glibc's mutex in a one-thread process takes no atomic."
    )


def _first_slope(numbers: Numbers, scenario: str, sources: tuple[str, ...], name: str, metric: str) -> float | None:
    """The slope of the first of ``sources`` that the run fitted."""
    for source in sources:
        value = numbers.slope(numbers.fits, scenario, source, name, metric)
        if value is not None:
            return value
    return None


def _where_an_element_executes(numbers: Numbers) -> str | None:
    """Where a `map` element's instructions execute, per style: its three largest components."""
    rows = []
    for name in numbers.styles():
        total = numbers.counted("map", name, "instructions_per_unit")
        parts = [(numbers.counted("map", name, column), title)
                 for title, column in ((term.title, term.columns[0]) for term in numbers.run.schema.instruction_components)]  # fmt: skip
        parts = sorted(((value, title) for value, title in parts if value), reverse=True)
        if total and parts:
            largest = ", ".join(f"{title} {value / total:.0%}" for value, title in parts[:3])
            rows.append(f"`{name}` ({number(total)}): {largest}")
    if not rows:
        return None
    return (
        "**Where a `map` element's instructions execute** (over the subject; each function's own instructions "
        f"by the library or module that holds it, docs/CSV.md), the three largest parts: {'; '.join(rows)}. "
        "The library core is the reactive library the pipeline runs on: the subject, and the operators of a style "
        "that uses the library's own; the operator stages are the style's own module."
    )


def _subscription_stage(numbers: Numbers) -> str | None:
    """What subscribing and cancelling one more stage costs, and allocates."""
    if numbers.fits is None:
        return None
    rows, free = [], []
    for name in numbers.styles():
        ns = _first_slope(numbers, "subscribeChurn", ("subject", ""), name, "ns")
        allocations = _first_slope(numbers, "pipelineDepth", ("subject", ""), name, "allocations")
        if ns is None and allocations is None:
            continue
        rows.append((f"`{name}` {number(ns)} ns, " if ns is not None else f"`{name}` ") + f"{number(allocations, 1)} allocations")
        if allocations is not None and abs(allocations) < 0.05:
            free.append(f"`{name}`")
    if not rows:
        return None
    text = (
        "**Subscribing one more stage, and cancelling it,** per style (`subscribeChurn` and "
        f"`pipelineDepth` set-up slopes): {'; '.join(rows)}."
    )
    if free:
        text += f" {', '.join(free)} allocate nothing per stage."
    return text


def document(numbers: Numbers) -> str:
    """The whole FINDINGS.md."""
    environment = numbers.run.keys
    parts = [
        "# What the numbers say",
        f"Generated by `scripts/reference` (`python -m plotting.findings`) from `results/{numbers.run.name}` "
        f"(commit `{environment.get('git_commit', '?')}`, {numbers.run.processor}) and its "
        "instruction run; do not edit by hand. Every number is a fit of that run (fits.csv: the slope of cost "
        "against stages, least squares over the repetitions) or one of its rows.",
    ]
    series = numbers.stage_series()
    if series is not None:
        parts += [
            f"## One stage, per style (`{stagefits.series_label(*series)}`)",
            stage_table(numbers, series),
        ]
        split = time_split(numbers, series)
        if split:
            per_instruction = split[0]["per_instruction"]
            parts += [
                f"## Where one stage's time goes (`{stagefits.series_label(*series)}`)",
                "Each counted event of one stage (the instruction run's per-stage slopes) at its price on this "
                "machine (prices.csv of both runs: ns per event from the time run, instructions and counts per "
                "event from the instruction run; a retain+release pair only as often as the stage executes its "
                "two atomics, since a retain that needs none costs instructions only), the atomics no pair made "
                f"at the atomic's price{_as_instructions(numbers)}, "
                "and the instructions no event accounts for at the independent arithmetic control's "
                f"{per_instruction:.3f} ns per instruction (four streams of xorshifts side by side, none "
                "waiting for another: `independentInstructions`). Unexplained: measured minus estimate, over "
                "measured; below 0 the estimate is too high.",
                time_split_table(split, f"{per_instruction:.3f}"),
            ]
    parts += estimate_section(numbers)
    parts.append("## Findings")
    parts += [f"{index}. {text}" for index, text in enumerate(findings(numbers), start=1)]
    return "\n\n".join(parts) + "\n"


def estimate_section(numbers: Numbers) -> list[str]:
    """How well each single-thread cell's counts, priced, give its measured median (the tool's
    estimate_summary.csv): the distribution, per style, and what the cells it misses have in common. Empty
    without an estimate."""
    model = numbers.cost_model
    if model is None or model.estimates.empty:
        return []
    spread, dependent = model.spread(), model.spread(estimates.IF_DEPENDENT)
    within, cells = f"±{model.tolerance:.0%}", int(spread["cells"])
    lines = [
        "## How well the counts explain each cell's time",
        f"Every single-thread cell of the run ({cells}{_left_out(model)}) estimated from its counts per unit: each "
        f"priced event at its price, as above,{model.consumer_work_clause} and every other instruction at the independent "
        "arithmetic control's "
        f"price (`estimates.csv`, `plots/estimate.png`){_as_instructions(numbers)}. **{spread['within']:.0f} of "
        f"{cells} cells ({estimates.share(spread['within'], cells):.0%}) are within {within} of their measured "
        f"median**; the median error is {spread['median_abs_error']:.0%}, and half the estimates lie between "
        f"{spread['error_lower_quartile']:+.0%} and {spread['error_upper_quartile']:+.0%} of the median. At the "
        f"dependent chain's price per instruction instead, {dependent['within']:.0f} are within {within}. The "
        f"measured median lies between the events alone and the dependent bound ({within} either side) in "
        f"{spread['bracketed']:.0f} of {cells}.",
        _estimate_table(model),
    ]
    iai = model.spread(estimates.CYCLES)
    if iai is not None and iai["cells"] > 0:
        lines.append(
            "Beside it, iai-callgrind's and CodSpeed's estimate from callgrind's cache simulation (L1 hits + 5 x "
            "last-level hits + 35 x memory accesses, in cycles; the instruction run's `--simulate`), read at the "
            f"one ns per cycle that fits these cells best ({iai['ns_per_cycle']:.3f}): **{iai['within']:.0f} of "
            f"{iai['cells']:.0f} cells ({estimates.share(iai['within'], iai['cells']):.0%}) within {within}**, "
            f"median error {iai['median_abs_error']:.0%}."
        )
    misses = _misses(model, within)
    if misses:
        lines.append(misses)
    return lines


def _left_out(model: estimates.CostModel) -> str:
    """': all but' the scenarios and the rows whose every cell the estimate leaves out (a second thread
    busy), from estimate_summary.csv; empty when it leaves none out."""
    names = []
    for grouped_by, name in (("scenario", "`{}`"), ("implementation", "the `{}` row")):
        rows = model.groups(estimates.PRICES, grouped_by)
        names += [name.format(group) for group in rows.loc[(rows["cells"] == 0) & (rows["left_out"] > 0), "group"]]
    if not names:
        return ""
    return ": all but " + (", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0])


def _misses(model: estimates.CostModel, within: str) -> str | None:
    """The cells outside the tolerance, too high and too low: by scenario, by style, over the direct source, at
    16 stages (estimate_summary.csv's counts), and the five worst (estimates.csv)."""
    outside = model.spread()
    if outside["above"] + outside["below"] == 0:
        return None
    parts = []
    for label, column in (("too high", "above"), ("too low", "below")):
        if outside[column] == 0:
            continue
        scenarios, styles = (_most(model.groups(estimates.PRICES, grouped_by), column, count)
                             for grouped_by, count in (("scenario", 4), ("implementation", 3)))  # fmt: skip
        direct, deepest = (model.spread(estimates.PRICES, grouped_by, group)
                           for grouped_by, group in (("source", "direct"), ("parameter", "16")))  # fmt: skip
        parts.append(
            f"{outside[column]:.0f} {label} (by scenario: {scenarios}; by style: {styles}; "
            f"{0 if direct is None else direct[column]:.0f} over the direct source, "
            f"{0 if deepest is None else deepest[column]:.0f} at 16 stages)"
        )
    found = model.estimates
    size = found["estimate_error"].abs()
    worst = found[size > model.tolerance].assign(size=size).sort_values("size", ascending=False, kind="stable").head(5)
    listed = ", ".join(f"`{row.workload}` / `{row.implementation}` ({row.estimate_error:+.0%})" for row in worst.itertuples())
    missed = f"{outside['above'] + outside['below']:.0f}"
    return f"**The {missed} cells outside {within}:** " + "; ".join(parts) + f". Worst: {listed}."


def _most(groups, column: str, count: int) -> str:
    """The ``count`` groups with the most cells in ``column``, most first (ties in the file's order)."""
    rows = groups[groups[column] > 0].sort_values(column, ascending=False, kind="stable").head(count)
    return ", ".join(f"`{group}` {value:.0f}" for group, value in zip(rows["group"], rows[column]))


def _as_instructions(numbers: Numbers) -> str:
    """The clause naming the events priced as their instructions (estimate_parts.csv)."""
    model = numbers.cost_model
    titles = model.as_instructions if model is not None else []
    if not titles:
        return ""
    return ("; " + ", ".join(titles) + " cost no more here than their controls' instructions at the independent "
            "price, and are priced as the instructions each cell executes for them")


def _estimate_table(model: estimates.CostModel) -> str:
    """Per style: cells, how many within, and the median signed error."""
    header = ["style", "cells", f"within ±{model.tolerance:.0%}", "median error"]
    lines = ["| " + " | ".join(header) + " |", "|---|---:|---:|---:|"]
    rows = model.groups(estimates.PRICES, "implementation")
    for row in rows[rows["cells"] > 0].itertuples():
        lines.append(f"| `{row.group}` | {row.cells:.0f} | {row.within:.0f} | {row.median_error:+.0%} |")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    """RUN_DIR OUT.md: writes the findings; exit status 2 with one line on bad input."""
    if len(argv) != 2:
        print("findings: error: usage: python -m plotting.findings RUN_DIR OUT.md", file=sys.stderr)
        return 2
    try:
        text = document(Numbers(Path(argv[0])))
        Path(argv[1]).write_text(text, encoding="utf-8")
    except (InputError, OSError) as error:
        print(f"findings: error: {error}", file=sys.stderr)
        return 2
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
