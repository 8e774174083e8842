"""The tool's cost model of a run, read and drawn. ``reactive-bench estimate RUN_DIR`` (scripts/plot runs it
first, for a run with an instruction run) writes beside results.csv: estimates.csv (each single-thread
cell's counts priced by the price list, beside its measured median), stage_estimates.csv (one more stage
of each swept pipeline, split by priced event), estimate_summary.csv (how well each estimate does, over
all cells and per implementation, scenario, source and parameter) and estimate_parts.csv (the parts an
estimate adds up, and how each is priced); docs/CSV.md describes every column. Nothing here computes a
number: plots/estimate.png, FINDINGS.md and the README show the tool's.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from . import data
from .data import InputError

# What `reactive-bench estimate` writes, in its order; a run has the set or none of it.
FILES = ("estimates.csv", "stage_estimates.csv", "estimate_summary.csv", "estimate_parts.csv")
FILE, STAGES_FILE, SUMMARY_FILE, PARTS_FILE = FILES
# estimate_summary.csv's estimates, each named by the estimates.csv column it is of.
PRICES = "estimated_ns_per_unit"
IF_DEPENDENT = "estimated_ns_per_unit_if_dependent"
CYCLES = "iai_estimated_ns_per_unit"
# The row of estimate_summary.csv over every cell.
ALL = "all"
# The count of the instructions no event accounts for: estimate_parts.csv's part that prices them.
OTHER_INSTRUCTIONS = "other_instructions_per_unit"
# estimate_parts.csv's part of a slow consumer's own work, priced at the dependent chain's price (a run written
# before it has none).
CONSUMER_WORK = "consumerWork"


@dataclass(frozen=True)
class CostModel:
    """The four files of one run directory: every column whose fields are all numbers (or empty) as floats,
    the others as text."""

    directory: Path
    estimates: pd.DataFrame
    stages: pd.DataFrame
    summary: pd.DataFrame
    parts: pd.DataFrame

    @classmethod
    def load(cls, directory: Path) -> "CostModel | None":
        """The files of ``directory``, or None when it has none of them; InputError when it has some only,
        or one cannot be read."""
        paths = [directory / name for name in FILES]
        present = [path.is_file() for path in paths]
        if not any(present):
            return None
        if not all(present):
            missing = ", ".join(path.name for path, found in zip(paths, present) if not found)
            raise InputError(f"{directory}: {FILE} without {missing}: run `reactive-bench estimate {directory}` again")
        return cls(directory, *(_read(path) for path in paths))

    def spread(self, estimate: str = PRICES, grouped_by: str = ALL, group: str = "") -> pd.Series | None:
        """estimate_summary.csv's row of ``estimate`` over the cells whose ``grouped_by`` is ``group``."""
        rows = self.groups(estimate, grouped_by)
        rows = rows[rows["group"] == group]
        return None if rows.empty else rows.iloc[0]

    def groups(self, estimate: str, grouped_by: str) -> pd.DataFrame:
        """estimate_summary.csv's rows of ``estimate`` by ``grouped_by``, in the file's order."""
        summary = self.summary
        return summary[(summary["estimate"] == estimate) & (summary["grouped_by"] == grouped_by)]

    @property
    def tolerance(self) -> float:
        """How near the measured median an estimate must be to count as within."""
        return float(self.spread()["tolerance"])

    @property
    def priced(self) -> pd.DataFrame:
        """estimate_parts.csv's parts with a column of ns of their own, in the estimate's order: each priced
        event and the frames beyond the return-address predictor (all but the other instructions)."""
        return self.parts[self.parts["counted_by"] != OTHER_INSTRUCTIONS]

    @property
    def other_instructions(self) -> pd.Series:
        """estimate_parts.csv's part of the instructions no event accounts for."""
        return self.parts[self.parts["counted_by"] == OTHER_INSTRUCTIONS].iloc[0]

    @property
    def consumer_work(self) -> pd.Series | None:
        """estimate_parts.csv's part of a slow consumer's own work, or None in a run written before it."""
        rows = self.parts[self.parts["part"] == CONSUMER_WORK]
        return None if rows.empty else rows.iloc[0]

    @property
    def consumer_work_clause(self) -> str:
        """' <title> at <ns> ns per instruction,' for the part of a slow consumer's own work, as a sentence listing
        the parts has it; empty in a run without it."""
        part = self.consumer_work
        if part is None:
            return ""
        return f" {part['title']} at {float(part['ns_per_count']):.3f} ns per instruction,"

    @property
    def per_instruction(self) -> float:
        """ns per instruction no event accounts for."""
        return float(self.other_instructions["ns_per_count"])

    @property
    def as_instructions(self) -> list[str]:
        """The titles of the priced events that cost no more than their instructions: priced as those."""
        priced = self.priced
        return list(priced.loc[priced["priced_as_instructions"] == "true", "title"])


def share(count: float, cells: float) -> float:
    """``count`` of ``cells`` as a fraction (NaN of none)."""
    return count / cells if cells else math.nan


def _read(path: Path) -> pd.DataFrame:
    """One of the files: a column whose every field is a decimal or empty as floats (an empty field NaN),
    any other as text; InputError when the file is not a readable CSV."""
    try:
        frame = pd.read_csv(path, dtype=str, keep_default_na=False)
    except (pd.errors.ParserError, pd.errors.EmptyDataError, UnicodeDecodeError) as error:
        first = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        raise InputError(f"{path}: not a readable CSV ({first})") from error
    lines = data.row_lines(path, len(frame))
    for column in frame.columns:
        fields = frame[column]
        filled = fields[fields != ""]
        if not filled.empty and filled.map(lambda field: bool(data.DECIMAL.fullmatch(field))).all():
            frame[column] = data.numbers(path, column, fields, lines, signed=True)
    return frame


# MARK: - The chart

STEM = "estimate"


def plot(run: data.Run, model: CostModel | None, colours: dict[str, str], directory: Path) -> Path | None:
    """Each estimated cell's estimate against its measured median, log-log, one colour per style, with the
    line where they agree and the band of the tolerance; None without estimates."""
    if model is None or model.estimates.empty:
        return None
    import matplotlib.pyplot as plt

    from . import style

    estimated = model.estimates
    within = model.tolerance
    figure, axes = plt.subplots(figsize=(8.5, 6.5), layout="constrained")
    for name in data.implementations(estimated):
        own = estimated[estimated["implementation"] == name]
        axes.scatter(own["measured_ns_per_unit"], own["estimated_ns_per_unit"], s=14, color=colours.get(name, "black"),
                     label=name, alpha=0.8, linewidths=0)  # fmt: skip
    values = pd.concat([estimated["measured_ns_per_unit"], estimated["estimated_ns_per_unit"]])
    low, high = values[values > 0].min() / 1.5, values.max() * 1.5
    line = [low, high]
    axes.plot(line, line, color="black", linewidth=0.8)
    axes.fill_between(line, [v * (1 - within) for v in line], [v * (1 + within) for v in line], color="#d0d0d0",
                      alpha=0.5, linewidth=0, label=f"within ±{within:.0%}")  # fmt: skip
    axes.set_xscale("log")
    axes.set_yscale("log")
    axes.set_xlim(low, high)
    axes.set_ylim(low, high)
    axes.set_xlabel("measured median, ns per unit (time run)")
    axes.set_ylabel("estimate from counts x prices, ns per unit")
    axes.grid(color="#e0e0e0", linewidth=0.6, which="major")
    found = model.spread()
    axes.set_title(
        f"{found['within']:.0f} of {found['cells']:.0f} cells within ±{within:.0%}; "
        f"median error {found['median_abs_error']:.0%}",
        fontsize=style.VALUE_LABEL_SIZE + 2,
    )
    axes.legend(loc="upper left", frameon=False, fontsize=style.VALUE_LABEL_SIZE + 1)
    style.suptitle(figure, f"{run.name}: each single-thread cell's time as its counts and this machine's prices say")
    return style.save(figure, directory, STEM)
