"""The charts and REPORT.md of a run are one set: a plot that fails leaves the previous set byte for byte,
and a plot that succeeds replaces it whole, removing the charts it no longer draws and nothing else."""

from __future__ import annotations

import errno
import os
import shutil
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path
from unittest import mock

from plotting import demand, latency, scaling, verdictchart, verdicts

from .running import run_plot
from .synthetic import row_count, set_field, write_run


def snapshot(directory: Path) -> dict[str, bytes]:
    """Every file under ``directory``, by its path relative to it, with its bytes."""
    return {path.relative_to(directory).as_posix(): path.read_bytes() for path in sorted(directory.rglob("*")) if path.is_file()}  # fmt: skip


def dead_pid() -> int:
    """The id of a process that has exited (and been reaped), for an abandoned staging directory."""
    finished = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True, check=True)  # fmt: skip
    return int(finished.stdout)


class OutputSetTests(unittest.TestCase):
    def setUp(self) -> None:
        self.directory = Path(tempfile.mkdtemp(prefix="plot-tests-"))
        self.addCleanup(shutil.rmtree, self.directory, True)
        self.run_dir = write_run(self.directory / "run")

    def plot(self, *arguments: str) -> None:
        """``scripts/plot RUN ARGUMENTS``, which must succeed without a word on stderr."""
        outcome = run_plot([str(self.run_dir), *arguments])
        self.assertEqual((outcome.status, outcome.stderr), (0, []), outcome)

    def assert_unchanged(self, before: dict[str, bytes], status: int) -> None:
        """A plot of RUN fails with ``status`` and one line, and leaves every file as it was, and no
        staging directory."""
        outcome = run_plot([str(self.run_dir)])
        self.assertEqual(outcome.status, status, outcome)
        self.assertEqual(len(outcome.stderr), 1, outcome)
        self.assertEqual(snapshot(self.run_dir), before)
        self.assertEqual(list(self.run_dir.glob(".plot-staging-*")), [])

    def test_a_bad_row_planted_after_a_plot_leaves_the_charts_and_report_as_they_were(self) -> None:
        self.plot()
        before = snapshot(self.run_dir)
        self.assertIn("REPORT.md", before)
        self.assertIn("plots/ns_per_unit.png", before)
        set_field(self.run_dir, "ns_per_unit_median", "nan", rows=[5])
        before["results.csv"] = (self.run_dir / "results.csv").read_bytes()
        self.assert_unchanged(before, 2)

    def test_a_plot_failing_after_its_first_chart_leaves_the_previous_set_as_it_was(self) -> None:
        # The first chart (stage_fits) is drawn before the anatomy chart reads the instruction run's rows.
        instructions = write_run(self.run_dir / "instructions")
        self.plot()
        set_field(instructions, "ns_per_unit_median", "1e400", rows=[2])
        self.assert_unchanged(snapshot(self.run_dir), 2)

    def test_a_bug_in_a_late_chart_is_one_line_and_leaves_the_previous_set_as_it_was(self) -> None:
        self.plot()
        with mock.patch.object(demand, "plot", side_effect=ZeroDivisionError("float division by zero")):
            self.assert_unchanged(snapshot(self.run_dir), 1)
            outcome = run_plot([str(self.run_dir)])
        self.assertEqual(outcome.stderr, [
            "plot: error: ZeroDivisionError: float division by zero (a bug in scripts/plotting; PLOTTING_DEBUG=1 shows where)"
        ])  # fmt: skip

    def test_plotting_debug_shows_the_traceback(self) -> None:
        with mock.patch.object(demand, "plot", side_effect=ZeroDivisionError("float division by zero")):
            with mock.patch.dict(os.environ, {"PLOTTING_DEBUG": "1"}), self.assertRaises(ZeroDivisionError):
                run_plot([str(self.run_dir)])
        self.assertEqual(list(self.run_dir.glob(".plot-staging-*")), [])

    def test_an_interrupted_plot_leaves_the_previous_set_as_it_was(self) -> None:
        self.plot()
        with mock.patch.object(latency, "plot", side_effect=KeyboardInterrupt):
            self.assert_unchanged(snapshot(self.run_dir), 130)

    def test_a_chart_that_cannot_be_written_is_one_line(self) -> None:
        self.plot()
        full = OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), "scaling.png")
        with mock.patch.object(scaling, "plot", side_effect=full):
            self.assert_unchanged(snapshot(self.run_dir), 2)
            outcome = run_plot([str(self.run_dir)])
        self.assertEqual(outcome.stderr[0].replace(str(self.run_dir), "RUN"),
                         "plot: error: cannot draw the charts of RUN: scaling.png: No space left on device")  # fmt: skip

    def test_a_new_set_removes_the_charts_it_no_longer_draws_and_nothing_else(self) -> None:
        other = write_run(self.directory / "other")
        self.plot("--compare", str(other))
        plots = self.run_dir / "plots"
        self.assertTrue((plots / "compare_vs_other.png").is_file())
        (plots / "notes.txt").write_text("mine\n", encoding="utf-8")
        (plots / "my-chart.png").write_bytes(b"mine")
        set_field(self.run_dir, "demand_overhead_percent", "", rows=range(row_count(self.run_dir)))
        self.plot()
        names = sorted(path.name for path in plots.iterdir())
        self.assertNotIn("compare_vs_other.png", names)
        self.assertNotIn("demand_overhead.svg", names)
        self.assertIn("notes.txt", names)
        self.assertIn("my-chart.png", names)
        self.assertIn("ns_per_unit.svg", names)
        report = (self.run_dir / "REPORT.md").read_text(encoding="utf-8")
        self.assertIn("](plots/ns_per_unit.png)", report)
        self.assertNotIn(".plot-staging", report)
        self.assertNotIn("compare_vs_other", report)

    def test_an_abandoned_staging_directory_is_removed_and_no_other(self) -> None:
        abandoned = self.run_dir / f".plot-staging-{dead_pid()}"
        (abandoned / "plots").mkdir(parents=True)
        not_ours = self.run_dir / ".plot-staging-mine"
        not_ours.mkdir()
        self.plot()
        self.assertFalse(abandoned.exists())
        self.assertTrue(not_ours.is_dir())

    def test_compare_out_is_one_set_too(self) -> None:
        other = write_run(self.directory / "other")
        out = self.directory / "out"
        # What reactive-bench compare says, as the tool's CSV (the synthetic runs hold only the charts' columns).
        said = ("cell_verdict,workload,implementation,metric,metric_verdict,base,new,change,p_value\n"
                "regression,map,builtin,ns_per_unit,regression,100,120,+20.0% (p=0.0079),0.0079\n", 1)  # fmt: skip
        arguments = ["--compare", str(other), str(self.run_dir), str(out)]
        with mock.patch.object(verdicts, "run_compare", return_value=said):
            self.assertEqual(run_plot(arguments).status, 0)
            before = snapshot(out)
            self.assertEqual(sorted(before), ["COMPARE.md", "compare.png", "compare.svg"])
        # A new chart is drawn (another verdict, another colour), then its report cannot be written: nothing of it shows.
        changed = (said[0].replace("regression", "unchanged"), 1)
        full = OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), "COMPARE.md")
        with mock.patch.object(verdicts, "run_compare", return_value=changed), \
                mock.patch.object(Path, "write_text", side_effect=full):  # fmt: skip
            outcome = run_plot(arguments)
        self.assertEqual(outcome.status, 2, outcome)
        self.assertEqual(len(outcome.stderr), 1, outcome)
        self.assertEqual(snapshot(out), before, "a failed compare leaves the previous chart and report")
        self.assertEqual(list(out.glob(".plot-staging-*")), [])


if __name__ == "__main__":
    unittest.main()


class UnfinishedRunTests(unittest.TestCase):
    """A run that was stopped or killed (``run_complete`` false) is plotted, and says it is partial."""

    def test_an_unfinished_run_is_drawn_with_a_warning_and_a_note_in_the_report(self) -> None:
        directory = Path(tempfile.mkdtemp(prefix="plot-tests-"))
        self.addCleanup(shutil.rmtree, directory, True)
        run_dir = write_run(directory / "run")
        environment = run_dir / "environment.csv"
        environment.write_text(environment.read_text(encoding="utf-8").replace("run_complete,true", "run_complete,false"), encoding="utf-8")  # fmt: skip
        cells = row_count(run_dir)
        outcome = run_plot([str(run_dir)])
        self.assertEqual(outcome.status, 0, outcome)
        self.assertEqual(outcome.stderr, [
            f"plot: warning: run: the run did not finish (run_complete is false: it was stopped or killed, or is "
            f"still running): the charts show the {cells} cells it measured"
        ])  # fmt: skip
        report = (run_dir / "REPORT.md").read_text(encoding="utf-8")
        self.assertIn(f"**An unfinished run**: run_complete is false (it was stopped or killed, or is still running): these are the {cells} cells it measured.", report)  # fmt: skip
