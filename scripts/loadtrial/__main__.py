"""scripts/trial-load: does a run beside a busy neighbour cost little more and say the same?

1. Builds the release tool; counts the selection's instructions once (``run --metric instructions --quick``),
   which the estimates of every run use (counts do not depend on load).
2. Runs the selection with ``--prices`` on the machine as it is ("quiet"), a second time so ("quiet-again",
   the control: how well two runs with nothing beside them agree here), then beside 1 busy loop, then
   beside 2 (``--busy``), each into OUTPUT/<condition>, and estimates each (``reactive-bench estimate``).
3. Prints and writes OUTPUT/TRIAL.md: each run's time against the quiet one's, its disturbed and re-measured
   repetitions, the share of cells whose median is within ±5% of the quiet run's (all, and those of one
   thread: results.csv's ``threads``), the pairs the quiet run
   separates by 1.2x or more that it reversed (``reactive-bench orderings``), each price against the quiet
   run's (within ±15%, or marked untrusted and left out of the estimate; never negative), and the estimate's
   share within ±20%.

Run it on a machine with nothing else running: the busy loops are the only neighbours it means to measure.
"""

from __future__ import annotations

import argparse
import csv
import datetime
import signal
import subprocess
import sys
import time
from pathlib import Path

from . import tally

ROOT = Path(__file__).resolve().parents[2]


def say(text: str) -> None:
    print(f"==> {text}", flush=True)


def tool_path() -> Path:
    subprocess.run(["swift", "build", "-c", "release", "--product", "reactive-bench"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)  # fmt: skip
    bin_path = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True,
                              capture_output=True, text=True).stdout.strip()  # fmt: skip
    return Path(bin_path) / "reactive-bench"


def run(tool: Path, output: Path, arguments: list[str]) -> tuple[Path, float, str]:
    """One run into a fresh directory under `output`: its directory, wall seconds and stderr."""
    output.mkdir(parents=True, exist_ok=True)
    start = time.monotonic()
    completed = subprocess.run([str(tool), "run", "--output", str(output), *arguments], capture_output=True, text=True)
    seconds = time.monotonic() - start
    if completed.returncode != 0:
        sys.exit(f"trial-load: run {' '.join(arguments)} exited with {completed.returncode}: {completed.stderr.strip()[-500:]}")
    made = [path for path in output.iterdir() if path.is_dir()]
    if len(made) != 1:
        sys.exit(f"trial-load: {output} holds {len(made)} run directories, not 1")
    return made[0], seconds, completed.stderr


def busy_loops(count: int) -> list[subprocess.Popen[bytes]]:
    return [subprocess.Popen(["sh", "-c", "while :; do :; done"]) for _ in range(count)]


def load_average() -> str:
    return Path("/proc/loadavg").read_text().split()[0]


def main() -> None:
    parser = argparse.ArgumentParser(prog="scripts/trial-load", description=__doc__.split("\n\n")[0])
    parser.add_argument("--workloads", help="narrow every run (default: the default selection)")
    parser.add_argument("--implementations", help="narrow every run")
    parser.add_argument("--busy", default="1,2", help="busy-loop counts to run beside, comma-separated (default 1,2)")
    parser.add_argument("--output", type=Path, help="default results/trials/load-<time>")
    options = parser.parse_args()
    selection = [*(["--workloads", options.workloads] if options.workloads else []),
                 *(["--implementations", options.implementations] if options.implementations else [])]  # fmt: skip
    output = options.output or ROOT / "results" / "trials" / f"load-{datetime.datetime.now():%Y%m%d-%H%M%S}"
    busy = [int(count) for count in options.busy.split(",") if count]
    tool = tool_path()

    say(f"instruction counts of the selection (run --metric instructions --quick --prices) into {output}/instructions")
    instructions, _, _ = run(tool, output / "instructions", ["--metric", "instructions", "--quick", "--prices", *selection])

    conditions: list[tuple[str, int]] = [("quiet", 0), ("quiet-again", 0), *((f"busy-{count}", count) for count in busy)]
    measured = {}
    for name, count in conditions:
        loops = busy_loops(count)
        try:
            time.sleep(2 if count else 0)
            say(f"{name}: run --prices beside {count} busy loop{'s' if count != 1 else ''} (load {load_average()})")
            directory, seconds, stderr = run(tool, output / name, ["--prices", *selection])
        finally:
            for loop in loops:
                loop.send_signal(signal.SIGKILL)
                loop.wait()
        estimated = subprocess.run([str(tool), "estimate", str(directory), "--instructions", str(instructions)],
                                   capture_output=True, text=True)  # fmt: skip
        # A refusal (a price the estimate needs is not trusted) is the trial's finding, not its failure.
        refusal = estimated.stderr.strip().splitlines()[-1] if estimated.returncode != 0 else None
        measured[name] = (directory, seconds, stderr, refusal)
        say(f"{name}: {seconds:.0f} s -> {directory}")

    lines = report(tool, measured, conditions)
    (output / "TRIAL.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


def report(tool: Path, measured: dict, conditions: list[tuple[str, int]]) -> list[str]:
    quiet_directory, quiet_seconds, _, _ = measured["quiet"]
    quiet_rows = tally.read(quiet_directory / "results.csv")
    environment = {row["key"]: row["value"] for row in tally.read(quiet_directory / "environment.csv")}
    lines = [
        "# Load trial",
        "",
        f"Machine: {environment.get('cpu_model', '?')} (cpu_family {environment.get('cpu_family', '?')}, "
        f"cpu_model_number {environment.get('cpu_model_number', '?')}), {environment.get('core_count', '?')} cores; "
        f"commit {environment.get('git_commit', '?')[:10]}.",
        "",
        "| run | time | x quiet | disturbed repetitions | re-measured repetitions | medians within ±5% of quiet | cells of one thread within ±5% | pairs ≥1.2x reversed | prices that hold | estimate within ±20% |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    legend = [
        "",
        "quiet-again is the control: a second run with nothing beside it, so that each busy row can be read against "
        "how well two quiet runs agree on this machine. Cells of one thread: those whose row says `threads` 1; a "
        "cell of two needs both CPUs, and beside a busy loop runs as on one. "
        "Prices that hold: of the prices both runs wrote, each either within ±15% of the quiet run's and above 0, or "
        "marked not trusted (prices.csv's `trusted`), which the estimate leaves out; the quiet row counts its "
        "trusted prices. Pairs reversed: of the pairs of implementations the quiet run separates by 1.2x or more "
        "(`reactive-bench orderings`), and of those the pairs of two cells of one thread.",
    ]
    notes = []
    for name, _ in conditions:
        directory, seconds, stderr, refusal = measured[name]
        rows = tally.read(directory / "results.csv")
        if refusal:
            estimate_text = "refused"
            notes.append(f"- {name}: `reactive-bench estimate` refused: {refusal}")
        else:
            within, cells = tally.estimate_share(tally.read(directory / "estimate_summary.csv"))
            estimate_text = f"{within} of {cells} ({100 * within / max(1, cells):.0f}%)"
        prices = tally.prices(tally.read(quiet_directory / "prices.csv"), tally.read(directory / "prices.csv"))
        if name == "quiet":
            prices_text = f"{sum(price.trusted for price in prices)} of {len(prices)} trusted"
            medians_text = one_thread_text = reversed_text = "-"
        else:
            prices_text = f"{sum(price.holds is True for price in prices)} of {sum(price.holds is not None for price in prices)}"
            medians = tally.medians(quiet_rows, rows)
            medians_text = f"{medians.within} of {medians.cells} ({100 * medians.within / max(1, medians.cells):.0f}%)"
            one_thread_text = (f"{medians.one_thread_within} of {medians.one_thread_cells} "
                               f"({100 * medians.one_thread_within / medians.one_thread_cells:.0f}%)"
                               if medians.one_thread_cells else "-")  # fmt: skip
            if medians.outside:
                medians_text += f"; of the {len(medians.outside)} others, {medians.outside_marked} say machine disturbed"
            orderings = subprocess.run([str(tool), "orderings", str(quiet_directory), str(directory), "--format", "csv"],
                                       capture_output=True, text=True)  # fmt: skip
            if orderings.returncode == 0:
                counted = tally.reversed_pairs(list(csv.DictReader(orderings.stdout.splitlines())))
                reversed_text = f"{counted.reversed} of {counted.pairs}"
                if counted.pairs_of_one_thread is not None:
                    reversed_text += f"; of one thread {counted.reversed_of_one_thread} of {counted.pairs_of_one_thread}"
            else:
                reversed_text = "-"
                notes.append(f"- {name}: no orderings: {orderings.stderr.strip()}")
            worst = sorted(medians.outside, key=lambda item: abs(item[1] - 1), reverse=True)[:5]
            if worst:
                notes.append(f"- {name}: medians furthest from quiet: " + ", ".join(f"{cell} {ratio:.2f}x" for cell, ratio in worst))
            for price in prices:
                if price.holds is False:
                    notes.append(f"- {name}: price `{price.event}` ({price.metric}) {price.loaded} against {price.quiet}, written as trusted")
        for price in prices:
            if not price.trusted:
                notes.append(f"- {name}: price `{price.event}` ({price.metric}) marked: {price.reason}")
        notes += [f"- {name} said: {line}" for line in tally.gate_lines(stderr)]
        lines.append(
            f"| {name} | {seconds:.0f} s | {seconds / quiet_seconds:.2f} | {tally.disturbed_repetitions(rows)} | "
            f"{tally.remeasured_repetitions(stderr)} | {medians_text} | {one_thread_text} | {reversed_text} | {prices_text} | "
            f"{estimate_text} |"
        )
    return lines + legend + ([""] + notes if notes else [])


if __name__ == "__main__":
    main()
