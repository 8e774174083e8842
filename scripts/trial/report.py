"""TRIAL.md: what the trial measured, in the form docs/COMPARE.md quotes."""

from __future__ import annotations

import datetime
import os
import statistics
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from .tally import ABTry, CountsTry, RerunPair, TimeVerdict, UnchangedABTry


@dataclass
class Context:
    """Where and when the trial ran, and how loaded the machine was (the 1-minute load average, sampled
    every 10 s while it ran: on a shared 2-core VM the other users' builds are the noise)."""

    started: str
    cpu: str
    cores: int
    tries: int
    selection: list[str]
    loads: list[float] = field(default_factory=list)
    finished: str = ""
    _stop: threading.Event = field(default_factory=threading.Event)

    @classmethod
    def capture(cls, root: Path, tries: int, selection: list[str]) -> "Context":
        context = cls(now(), cpu_model(), os.cpu_count() or 0, tries, selection)
        threading.Thread(target=context._sample, daemon=True).start()
        return context

    def _sample(self) -> None:
        while not self._stop.is_set():
            self.loads.append(os.getloadavg()[0])
            self._stop.wait(10)

    def finish(self) -> None:
        self._stop.set()
        self.finished = now()

    @property
    def load(self) -> str:
        if not self.loads:
            return "not sampled"
        return (f"1-minute load average {min(self.loads):.1f} to {max(self.loads):.1f}, "
                f"median {statistics.median(self.loads):.1f} ({len(self.loads)} samples)")  # fmt: skip


def now() -> str:
    return datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown"


def render(context: Context, commit: str, spin: int, reruns: list[RerunPair], counts: list[CountsTry],
           ab: list[ABTry], unchanged_ab: list[UnchangedABTry] | None = None) -> str:  # fmt: skip
    scope = " ".join(context.selection) if context.selection else "the default suite"
    lines = [
        "## Trial of the time verdicts (scripts/trial-time-verdicts)",
        "",
        f"Commit {commit[:10]}, {scope}, {context.tries} tries; {context.started} to {context.finished}; "
        f"{context.cpu}, {context.cores} cores; {context.load}.",
        "",
        "| part | expected | measured |",
        "|---|---|---|",
    ]
    if reruns:
        failed = sum(pair.exit_status == 1 for pair in reruns)
        gated = sum(pair.gated_exit_status == 1 for pair in reruns)
        informed = [pair.informational_changes for pair in reruns]
        lines += [
            f"| unchanged `--quick` reruns, every pair compared by the default `compare` | 0 exits of 1 | "
            f"{failed} of {len(reruns)} |",
            f"| the same pairs, `compare --gate-time` (for the record) | - | {gated} of {len(reruns)} exited 1 |",
            f"| cells whose time only informed (slower, faster) per pair | - | median {statistics.median(informed):g}, "
            f"at most {max(informed)} |",
        ]
    if counts:
        caught = sum(t.allocation_caught for t in counts)
        alarms = sum(len(t.false_alarms) for t in counts)
        lines.append(
            f"| the planted build's `--quick` runs against unchanged ones, default `compare` (counts gate) | "
            f"allocation caught {len(counts)} of {len(counts)}, no false alarm | caught {caught} of {len(counts)}, "
            f"{alarms} false alarms |"
        )
    if ab:
        caught = sum(t.busy_loop_caught for t in ab)
        allocations = sum(t.allocation_caught for t in ab)
        alarms = [alarm for t in ab for alarm in t.false_alarms]
        measured = [t.busy_loop_percent for t in ab if t.busy_loop_percent is not None]
        spread = f" (measured {min(measured):+.1f}% to {max(measured):+.1f}%)" if measured else ""
        undecided_loop = sum(t.busy_loop_verdict == "undecided" for t in ab)
        left = f", undecided in {undecided_loop}" if undecided_loop else ""
        lines += [
            f"| `ab --quick` of the planted build: busy loop in scan / classSubscription ({spin} iterations) | "
            f"caught in at least 9 of 10 | {caught} of {len(ab)}{spread}{left} |",
            f"| the same `ab`: allocation in map / structBridge | - | caught {allocations} of {len(ab)} |",
            f"| the same `ab`: changes in cells the plants do not run in | none | {len(alarms)} |",
            f"| the same `ab`: times left undecided (never unchanged) | - | {undecided_count(ab)} |",
            f"| the same `ab`: what each took | - | {cost(ab)} |",
        ]
    if unchanged_ab:
        unchanged_alarms = [alarm for t in unchanged_ab for alarm in t.false_alarms]
        tries_with_alarms = sum(bool(t.false_alarms) for t in unchanged_ab)
        lines += [
            f"| `ab --quick` of two unchanged builds of the commit: cells called changed | none | "
            f"{len(unchanged_alarms)} (in {tries_with_alarms} of {len(unchanged_ab)} tries) |",
            f"| the same `ab`s: times left undecided | - | {undecided_count(unchanged_ab)} |",
            f"| the same `ab`s: what each took | - | {cost(unchanged_ab)} |",
        ]
    planted_alarms = [alarm for t in ab for alarm in t.false_alarms]
    if planted_alarms:
        lines += ["", "False alarms (planted build): " + "; ".join(planted_alarms) + "."]
    unchanged_alarms = [alarm for t in unchanged_ab or [] for alarm in t.false_alarms]
    if unchanged_alarms:
        lines += ["", "False alarms (unchanged builds): " + "; ".join(unchanged_alarms) + "."]
    for name, tries in (("planted build", ab), ("unchanged builds", unchanged_ab or [])):
        left = [f"{time.cell} ({time.pairs} pairs)" for t in tries for time in t.undecided]
        if left:
            lines += ["", f"Undecided times ({name}): " + "; ".join(left) + "."]
    lines += pairs_section(ab, unchanged_ab or [])
    return "\n".join(lines) + "\n"


def undecided_count(tries: list[ABTry] | list[UnchangedABTry]) -> str:
    """``N (in K of M tries)``: the times ``ab`` left undecided."""
    left = [len(t.undecided) for t in tries]
    return f"{sum(left)} (in {sum(bool(n) for n in left)} of {len(tries)} tries)"


def cost(tries: list[ABTry] | list[UnchangedABTry]) -> str:
    """The pairs each ``ab`` took in all (every cell's time), and its seconds: median and most."""
    pairs = [t.pairs for t in tries]
    text = f"pairs: median {statistics.median(pairs):g}, most {max(pairs)}"
    seconds = [t.seconds for t in tries if t.seconds is not None]
    return text + (f"; seconds: median {statistics.median(seconds):.0f}, most {max(seconds):.0f}" if seconds else "")


def pairs_section(ab: list[ABTry], unchanged_ab: list[UnchangedABTry]) -> list[str]:
    """How many pairs each time verdict took: the busy loop's try by try, then every cell's time of each
    part's ``ab``s, by verdict (the pairs' median and most). Empty for reports without pairs."""
    rows = []
    loop = [TimeVerdict("busy loop", t.busy_loop_verdict, t.busy_loop_pairs) for t in ab if t.busy_loop_verdict]
    for name, times in (("planted build, busy loop", loop), ("planted build, every time", [x for t in ab for x in t.times]),
                        ("unchanged builds, every time", [x for t in unchanged_ab for x in t.times])):  # fmt: skip
        for verdict in sorted({time.verdict for time in times}):
            pairs = [time.pairs for time in times if time.verdict == verdict and time.pairs is not None]
            if pairs:
                rows.append(f"| {name} | {verdict} | {len(pairs)} | {statistics.median(pairs):g} | {max(pairs)} |")
    if not rows:
        return []
    lines = [
        "", "Pairs each time verdict took (`ab` measures a cell until its verdict is decided):", "",
        "| `ab` | verdict | times | pairs, median | pairs, most |", "|---|---|---|---|---|", *rows,
    ]
    if loop:
        lines += ["", "The busy loop, try by try: " + ", ".join(f"{time.verdict} ({time.pairs})" for time in loop) + "."]
    return lines
