"""Numbers that are valid but extreme, a median of 1e308 or of 0, are drawn, with a warning that says what
the charts make of them: never a traceback, nor a warning of numpy's or matplotlib's."""

from __future__ import annotations

import shutil
import tempfile
import unittest
import warnings
from pathlib import Path

from plotting import style

from .running import Outcome, run_plot
from .synthetic import row_count, set_field, write_run

CHARTS = ("stage_fits", "ns_per_unit", "allocations", "latency", "scaling", "demand_overhead")
TIMES = ("ns_per_unit_median", "ns_per_unit_ci95_low", "ns_per_unit_ci95_high", "ns_per_unit_mad")
LATENCIES = ("latency_p50_ns", "latency_p90_ns", "latency_p99_ns", "latency_p999_ns", "latency_p9999_ns", "latency_max_ns")
# What scripts/plot says of a run whose every median is 0 (docs/BAD-INPUT.md quotes it).
ZERO_WARNING = (
    "plot: warning: run: 28 of 28 ok cells have a median of 0 ns, which a log axis cannot show: the time chart "
    "marks them 'median 0', the per-stage and scaling charts leave them out"
)
HUGE_WARNING = (
    "plot: warning: run: numbers beyond 1e+100, which no time or count comes near, are drawn at their chart's "
    "edge: map / builtin ns_per_unit_median = 1e+308"
)


class ExtremeValueTests(unittest.TestCase):
    def setUp(self) -> None:
        self.directory = Path(tempfile.mkdtemp(prefix="plot-tests-"))
        self.addCleanup(shutil.rmtree, self.directory, True)
        self.run_dir = write_run(self.directory / "run")
        self.rows = range(row_count(self.run_dir))

    def plot(self, *arguments: str) -> Outcome:
        """``scripts/plot ARGUMENTS``, which must succeed, draw every chart kind, and raise no Python
        warning (matplotlib's and numpy's overflows were how these cases began)."""
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            outcome = run_plot(list(arguments))
        self.assertEqual(outcome.status, 0, outcome)
        self.assertEqual([f"{warning.category.__name__}: {warning.message}" for warning in caught], [])
        for stem in CHARTS:
            self.assertTrue((Path(arguments[0]) / "plots" / f"{stem}.png").is_file(), stem)
        return outcome

    def test_a_median_of_1e308_is_drawn_at_the_edge_and_named(self) -> None:
        set_field(self.run_dir, "ns_per_unit_median", "1e308", rows=[1])
        outcome = self.plot(str(self.run_dir))
        self.assertEqual(outcome.stderr, [HUGE_WARNING])
        report = (self.run_dir / "REPORT.md").read_text(encoding="utf-8")
        self.assertIn("| map | builtin | ok | 1e+308 |", report)

    def test_every_number_near_the_largest_double_is_drawn_alone_and_compared(self) -> None:
        for column in TIMES + LATENCIES + ("allocations_per_unit", "allocations_per_subscription", "baseline_ratio"):
            set_field(self.run_dir, column, "1.7e308", rows=self.rows)
        set_field(self.run_dir, "demand_overhead_percent", "1e308", rows=[29])
        set_field(self.run_dir, "demand_overhead_percent", "-1e308", rows=[30])
        set_field(self.run_dir, "retained_bytes", "-1e308", rows=self.rows)
        other = write_run(self.directory / "other")
        self.plot(str(self.run_dir))
        self.plot(str(self.run_dir), "--compare", str(other))
        self.plot(str(other), "--compare", str(self.run_dir))

    def test_tiny_medians_are_drawn_and_compared(self) -> None:
        set_field(self.run_dir, "ns_per_unit_median", "1e-300", rows=self.rows)
        set_field(self.run_dir, "ns_per_unit_ci95_low", "1e-310", rows=self.rows)
        other = write_run(self.directory / "other")
        self.plot(str(self.run_dir), "--compare", str(other))
        self.plot(str(other), "--compare", str(self.run_dir))

    def test_a_run_whose_every_median_is_0_is_drawn_and_says_so(self) -> None:
        set_field(self.run_dir, "ns_per_unit_median", "0", rows=self.rows)
        other = write_run(self.directory / "other")
        outcome = self.plot(str(self.run_dir), "--compare", str(other))
        self.assertEqual(outcome.stderr, [ZERO_WARNING])
        self.plot(str(other), "--compare", str(self.run_dir))
        report = (self.run_dir / "REPORT.md").read_text(encoding="utf-8")
        self.assertIn("| map | builtin | 0 | 120 |", report)

    def test_a_run_whose_every_time_is_0_is_drawn(self) -> None:
        for column in TIMES + ("baseline_ratio",):
            set_field(self.run_dir, column, "0", rows=self.rows)
        self.plot(str(self.run_dir))

    def test_a_median_outside_its_interval_gets_no_negative_whisker(self) -> None:
        set_field(self.run_dir, "ns_per_unit_median", "5", rows=[8, 9, 12, 13])
        self.plot(str(self.run_dir))

    def test_huge_numbers_are_written_with_an_exponent(self) -> None:
        self.assertEqual(style.format_number(1e308), "1e+308")
        self.assertEqual(style.format_count(1.7e308), "1.7e+308")
        self.assertEqual(style.format_count(123456789), "123456789")

    def test_docs_bad_input_quotes_these_warnings(self) -> None:
        catalogue = (Path(__file__).resolve().parents[3] / "docs" / "BAD-INPUT.md").read_text(encoding="utf-8")
        flat = " ".join(catalogue.split())
        for line in (ZERO_WARNING, HUGE_WARNING):
            quoted = f"`{line.replace('plot: warning: run:', 'plot: warning: RUN:')}`"
            self.assertTrue(quoted in flat, f"docs/BAD-INPUT.md lacks {quoted}")


if __name__ == "__main__":
    unittest.main()
