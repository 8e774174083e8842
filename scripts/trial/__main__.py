"""scripts/trial-time-verdicts: the trial of issue 13's "Done when", run end to end.

1. Builds HEAD twice in worktrees under .build/trial/ (release, the same flags): ``base``, and ``planted``
   with scripts/trial/planted.patch applied (an allocation per element in structBridge's map, a busy
   loop in classSubscription's scan), then calibrates the busy loop to ~10% of scan/classSubscription
   with short ``ab``s of that cell (REACTIVE_BENCH_TRIAL_SPIN); and ``twin``, HEAD again, for part 5.
2. Unchanged reruns: TRIES ``run --quick`` of the base, every pair compared with the default compare
   (expected: no exit of 1) and with ``--gate-time`` (its error rate, for the record).
3. Counts: TRIES ``run --quick`` of the planted build, each compared with an unchanged run by the default
   compare: the allocation must fail it every time, nothing else may.
4. A/B: TRIES ``ab --quick`` of the planted build against the base: the busy loop must be a regression in
   at least 9 of 10, with no change in a cell the plants do not run in.
5. Unchanged A/B: TRIES ``ab --quick`` of the twin build against the base: no cell may be called changed.

``ab`` measures each cell until its time is decided; a time left undecided at its limits is counted apart
(never as unchanged), and TRIAL.md says how many pairs each verdict took.

Writes every run and report under OUTPUT (default results/trials/<time>) and the summary to
OUTPUT/TRIAL.md, which docs/COMPARE.md quotes. --workloads and --implementations narrow every run (a
smoke test of the trial); the trial itself is the default suite.
"""

from __future__ import annotations

import argparse
import datetime
import itertools
import os
import subprocess
import sys
import time
from pathlib import Path

from . import calibration, report, tally

ROOT = Path(__file__).resolve().parents[2]
PATCH = ROOT / "scripts" / "trial" / "planted.patch"
DEFAULT_SPIN = 20


def say(text: str) -> None:
    print(f"==> {text}", flush=True)


def run(arguments: list[str], *, cwd: Path = ROOT, environment: dict[str, str] | None = None,
        capture: bool = False, check: bool = True) -> subprocess.CompletedProcess[str]:  # fmt: skip
    """Runs a command, its stderr passed through; stdout captured when asked."""
    completed = subprocess.run(
        arguments, cwd=cwd, env={**os.environ, **(environment or {})}, text=True,
        stdout=subprocess.PIPE if capture else None, check=False,
    )  # fmt: skip
    if check and completed.returncode != 0:
        sys.exit(f"trial: {' '.join(arguments)} exited with {completed.returncode}")
    return completed


def git(*arguments: str, cwd: Path = ROOT) -> str:
    return run(["git", *arguments], cwd=cwd, capture=True).stdout.strip()


# MARK: - Builds


def build(name: str, commit: str, patch: Path | None) -> Path:
    """A release tool of ``commit`` (plus ``patch``) built in .build/trial/NAME; reused when it was
    built from the same commit and patch."""
    worktree = ROOT / ".build" / "trial" / name
    tool = worktree / ".build" / "release" / "reactive-bench"
    flags = " ".join(os.environ.get(name, "1") for name in ("REACTIVE_BENCH_CMO", "REACTIVE_BENCH_ALIGN"))
    stamp = f"{commit} {flags} {patch.read_text() if patch else ''}"
    marker = worktree / ".trial-built-from"
    if tool.is_file() and marker.is_file() and marker.read_text() == stamp:
        say(f"{name}: reusing {tool}")
        return tool
    # A worktree built with the same flags is moved to the commit, and its build brought up to date (minutes,
    # not the half hour of a fresh one); SwiftPM does not rebuild a module for a changed flag, so other flags
    # get a fresh worktree.
    built_flags = marker.read_text().split(" ")[1:3] if marker.is_file() else None
    if worktree.exists() and built_flags == flags.split(" "):
        say(f"{name}: git checkout --detach {commit[:10]} in {worktree}")
        run(["git", "reset", "--hard", "--quiet"], cwd=worktree)
        run(["git", "checkout", "--detach", "--quiet", commit], cwd=worktree)
    else:
        if worktree.exists():
            run(["git", "worktree", "remove", "--force", str(worktree)])
        say(f"{name}: git worktree add --detach {worktree} {commit[:10]}")
        run(["git", "worktree", "add", "--detach", str(worktree), commit])
    marker.unlink(missing_ok=True)
    if patch:
        say(f"{name}: git apply {patch.relative_to(ROOT)}")
        run(["git", "apply", str(patch)], cwd=worktree)
    say(f"{name}: swift build -c release --product reactive-bench")
    flags = {name: os.environ.get(name, "1") for name in ("REACTIVE_BENCH_CMO", "REACTIVE_BENCH_ALIGN")}
    run(["swift", "build", "-c", "release", "--product", "reactive-bench"], cwd=worktree, environment=flags)
    marker.write_text(stamp)
    return tool


def calibrate(base: Path, planted: Path, output: Path) -> int:
    """Busy-loop iterations worth ~10% of scan/classSubscription: ab on that cell, with as many pairs as the
    trial's own ab (the default of ``ab --quick``), until a count measures within the window
    (calibration.LOW-HIGH), each next count from the tries so far (``calibration.calibrate``: the loop's cost is
    not proportional to its iterations)."""
    attempts = iter(range(1, 7))

    def measure(spin: int) -> float:
        rows = ab(base, planted, output / "calibration", f"calibration-{next(attempts)}", spin,
                  ["--workloads", "scan", "--implementations", "classSubscription"])  # fmt: skip
        measured = tally.ab_try(rows).busy_loop_percent
        if measured is None:
            sys.exit("trial: the calibration's ab measured no time for scan / classSubscription")
        say(f"calibration: {spin} iterations measured {measured:+.1f}%")
        return measured

    spin, tries = calibration.calibrate(measure, DEFAULT_SPIN)
    measured = dict(tries)[spin]
    if not calibration.within(measured):
        say(f"calibration: {spin} iterations, which measured {measured:+.1f}% (none of {len(tries)} tries within "
            f"{calibration.LOW:g}-{calibration.HIGH:g}%: the machine is too noisy)")
    return spin


# MARK: - The parts


def quick_run(tool: Path, output: Path, label: str, selection: list[str]) -> Path:
    """One ``run --quick`` (its exit status 0 or 1 both give a run); the new run directory."""
    before = set(output.glob("*")) if output.exists() else set()
    say(f"{tool.parents[2].name}: run --quick --label {label}")
    run([str(tool), "run", "--quick", "--output", str(output), "--label", label, *selection],
        capture=True, check=False)  # fmt: skip
    made = sorted(set(output.glob("*")) - before)
    if len(made) != 1:
        sys.exit(f"trial: run --label {label} made {len(made)} run directories")
    return made[0]


def compare(tool: Path, base: Path, new: Path, *options: str) -> tuple[int, list[tally.Row]]:
    completed = run([str(tool), "compare", str(base), str(new), "--format", "csv", *options], capture=True, check=False)
    if completed.returncode not in (0, 1):
        sys.exit(f"trial: compare {base} {new} exited with {completed.returncode}")
    return completed.returncode, tally.parse(completed.stdout)


def ab(base: Path, new: Path, output: Path, label: str, spin: int, selection: list[str]) -> list[tally.Row]:
    say(f"ab --quick --label {label} --new {new.parents[2].name} (busy loop {spin} iterations)")
    completed = run(
        [str(base), "ab", "--base", str(base), "--new", str(new), "--quick", "--format", "csv", "--output",
         str(output), "--label", label, *selection],
        environment={"REACTIVE_BENCH_TRIAL_SPIN": str(spin)}, capture=True, check=False,
    )  # fmt: skip
    if completed.returncode not in (0, 1, tally.AB_UNDECIDED_EXIT_STATUS):
        sys.exit(f"trial: ab --label {label} exited with {completed.returncode}")
    return tally.parse(completed.stdout)


def reruns(tool: Path, output: Path, tries: int, selection: list[str]) -> tuple[list[Path], list[tally.RerunPair]]:
    runs = [quick_run(tool, output / "reruns", f"rerun-{index + 1}", selection) for index in range(tries)]
    pairs = []
    for first, second in itertools.combinations(runs, 2):
        status, rows = compare(tool, first, second)
        gated, _ = compare(tool, first, second, "--gate-time")
        pairs.append(tally.RerunPair(status, gated, tally.informational_changes(rows)))
    say(f"{len(pairs)} pairs of unchanged runs: {sum(p.exit_status == 1 for p in pairs)} exits of 1")
    return runs, pairs


def counts(base: Path, planted: Path, unchanged: list[Path], output: Path, selection: list[str]) -> list[tally.CountsTry]:
    tries = []
    for index, baseline in enumerate(unchanged):
        run_directory = quick_run(planted, output / "planted-runs", f"planted-{index + 1}", selection)
        status, rows = compare(base, baseline, run_directory)
        tries.append(tally.counts_try(status, rows))
    return tries


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="scripts/trial-time-verdicts", description=__doc__.split("\n\n")[0])
    parser.add_argument("--tries", type=int, default=10, help="reruns, planted runs and ab runs (default 10)")
    parser.add_argument("--output", type=Path, help="where the runs go (default results/trials/<time>)")
    parser.add_argument("--spin", type=int, help="busy-loop iterations instead of calibrating them")
    parser.add_argument("--workloads", help="narrow every run (a smoke test; the trial is the default suite)")
    parser.add_argument("--implementations", help="narrow every run")
    parser.add_argument("--skip", action="append", default=[], choices=["reruns", "counts", "ab", "unchanged-ab"],
                        help="leave a part out (repeatable)")  # fmt: skip
    arguments = parser.parse_args(argv)
    if arguments.tries < 2:
        parser.error("--tries must be at least 2")
    selection = []
    if arguments.workloads:
        selection += ["--workloads", arguments.workloads]
    if arguments.implementations:
        selection += ["--implementations", arguments.implementations]
    stamp = datetime.datetime.now(datetime.timezone.utc).strftime("%Y%m%d-%H%M%S")
    output = (arguments.output or ROOT / "results" / "trials" / stamp).resolve()
    output.mkdir(parents=True, exist_ok=True)

    context = report.Context.capture(ROOT, arguments.tries, selection)
    commit = git("rev-parse", "HEAD")
    base = build("base", commit, None)
    # The planted build is for the counts and ab parts, its calibration for ab: a trial of the reruns alone
    # builds neither.
    planted = build("planted", commit, PATCH) if not {"counts", "ab"} <= set(arguments.skip) else None
    twin = build("twin", commit, None) if "unchanged-ab" not in arguments.skip else None
    spin = arguments.spin or (calibrate(base, planted, output) if planted and "ab" not in arguments.skip else 0)

    unchanged, rerun_pairs = reruns(base, output, arguments.tries, selection) if "reruns" not in arguments.skip else ([], [])
    counts_tries = []
    if "counts" not in arguments.skip:
        if not unchanged:
            unchanged = [quick_run(base, output / "reruns", f"rerun-{i + 1}", selection) for i in range(arguments.tries)]
        counts_tries = counts(base, planted, unchanged, output, selection)
    ab_tries = []
    if "ab" not in arguments.skip:
        for index in range(arguments.tries):
            started = time.monotonic()
            attempt = tally.ab_try(ab(base, planted, output / "ab", f"ab-{index + 1}", spin, selection))
            attempt.seconds = time.monotonic() - started
            say(f"ab-{index + 1}: busy loop {attempt.busy_loop_verdict or 'not timed'} after {attempt.busy_loop_pairs} pairs; "
                f"{len(attempt.undecided)} times undecided, {len(attempt.false_alarms)} false alarms; "
                f"{attempt.pairs} pairs in {attempt.seconds:.0f} s")  # fmt: skip
            ab_tries.append(attempt)

    unchanged_ab_tries = []
    if twin:
        for index in range(arguments.tries):
            started = time.monotonic()
            attempt = tally.unchanged_ab_try(ab(base, twin, output / "unchanged-ab", f"unchanged-ab-{index + 1}", spin, selection))
            attempt.seconds = time.monotonic() - started
            say(f"unchanged-ab-{index + 1}: {len(attempt.false_alarms)} cells called changed, {len(attempt.undecided)} times "
                f"undecided; {attempt.pairs} pairs in {attempt.seconds:.0f} s")  # fmt: skip
            unchanged_ab_tries.append(attempt)
    context.finish()
    text = report.render(context, commit, spin, rerun_pairs, counts_tries, ab_tries, unchanged_ab_tries)
    (output / "TRIAL.md").write_text(text, encoding="utf-8")
    print(text)
    say(f"wrote {output / 'TRIAL.md'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
