"""A number in results.csv is a plain finite decimal, as compare reads it: scripts/plot refuses anything else
in one line naming the file, the line and the column, with status 2, and writes nothing."""

from __future__ import annotations

import shutil
import tempfile
import unittest
from pathlib import Path

from plotting import data, stagefits

from .running import run_plot
from .synthetic import SCHEMA, set_field, write_run

# case: the column of the first row (line 2) it is written into, the value, and what scripts/plot says of it
# after "plot: error: RUN/results.csv: line 2, column COLUMN: ".
REFUSED = {
    "a median that is nan": ("ns_per_unit_median", "nan", "'nan' is not a number"),
    "a median that is inf": ("ns_per_unit_median", "inf", "'inf' is not a number"),
    "a median beyond the largest double": ("ns_per_unit_median", "1e400", "'1e400' is not a number"),
    "a negative median": ("ns_per_unit_median", "-5", "'-5' is negative: counts and times are never below 0"),
    "a median with spaces around it": ("ns_per_unit_median", " 12.5 ", "' 12.5 ' is not a number"),
    "a hexadecimal median": ("ns_per_unit_median", "0x1p3", "'0x1p3' is not a number"),
    "a negative allocation count": (
        "allocations_per_unit", "-1", "'-1' is negative: counts and times are never below 0"
    ),
    "an infinite latency": ("latency_p99_ns", "inf", "'inf' is not a number"),
}


def refusal(case: str) -> str:
    """The line scripts/plot prints for a case of REFUSED, the run directory written as RUN."""
    column, _, what = REFUSED[case]
    return f"plot: error: RUN/results.csv: line 2, column {column}: {what}"


class BadNumberTests(unittest.TestCase):
    def setUp(self) -> None:
        self.directory = Path(tempfile.mkdtemp(prefix="plot-tests-"))
        self.addCleanup(shutil.rmtree, self.directory, True)
        self.run_dir = write_run(self.directory / "run")

    def refused(self) -> str:
        """The one stderr line of a refused ``scripts/plot RUN``, after checking status 2 and that nothing
        was written into the run directory."""
        before = sorted(path.name for path in self.run_dir.iterdir())
        outcome = run_plot([str(self.run_dir)])
        self.assertEqual(outcome.status, 2, outcome)
        self.assertEqual(len(outcome.stderr), 1, outcome)
        self.assertEqual(sorted(path.name for path in self.run_dir.iterdir()), before)
        return outcome.stderr[0].replace(str(self.run_dir), "RUN")

    def test_each_bad_number_is_refused_naming_the_file_line_and_column(self) -> None:
        for case, (column, value, _) in REFUSED.items():
            with self.subTest(case):
                self.run_dir = write_run(self.directory / case.replace(" ", "-"))
                set_field(self.run_dir, column, value)
                self.assertEqual(self.refused(), refusal(case))

    def test_every_numeric_column_takes_numbers_only(self) -> None:
        for column in data.numeric_columns(SCHEMA):
            with self.subTest(column):
                self.run_dir = write_run(self.directory / column)
                set_field(self.run_dir, column, "NaN", rows=[3])
                self.assertEqual(self.refused(), f"plot: error: RUN/results.csv: line 5, column {column}: 'NaN' is not a number")

    def test_the_line_is_the_files_even_after_a_field_holding_a_line_break(self) -> None:
        set_field(self.run_dir, "detail", "two\nlines", rows=[0])
        set_field(self.run_dir, "retained_bytes", "lots", rows=[2])
        self.assertEqual(self.refused(), "plot: error: RUN/results.csv: line 5, column retained_bytes: 'lots' is not a number")

    def test_retained_bytes_and_the_demand_overhead_may_be_negative(self) -> None:
        set_field(self.run_dir, "retained_bytes", "-64")
        set_field(self.run_dir, "demand_overhead_percent", "-3.5", rows=[31])
        outcome = run_plot([str(self.run_dir)])
        self.assertEqual((outcome.status, outcome.stderr), (0, []))

    def test_empty_fields_are_missing_values_and_exponents_are_numbers(self) -> None:
        set_field(self.run_dir, "latency_p99_ns", "", rows=range(4))
        set_field(self.run_dir, "ns_per_unit_median", "1.5E+2", rows=[1])
        results = data.load_results(self.run_dir / "results.csv")
        self.assertTrue(results["latency_p99_ns"].iloc[:4].isna().all())
        self.assertEqual(results["ns_per_unit_median"].iloc[1], 150.0)

    def test_a_bad_number_in_the_instruction_run_is_refused_naming_its_file(self) -> None:
        instructions = write_run(self.run_dir / "instructions")
        set_field(instructions, "allocations_per_subscription", "+inf", rows=[1])
        self.assertEqual(
            self.refused(),
            "plot: error: RUN/instructions/results.csv: line 3, column allocations_per_subscription: '+inf' is not a number",
        )

    def test_docs_bad_input_lists_these_lines_word_for_word(self) -> None:
        """docs/BAD-INPUT.md, section scripts/plot: each case and the line the tests above see."""
        catalogue = (Path(__file__).resolve().parents[3] / "docs" / "BAD-INPUT.md").read_text(encoding="utf-8")
        for case in REFUSED:
            self.assertIn(f"| {case} | `scripts/plot RUN` | 2 | {refusal(case)} |", catalogue.replace("\\", ""))


if __name__ == "__main__":
    unittest.main()


class BadFitNumberTests(unittest.TestCase):
    """fits.csv's numbers are read as strictly as results.csv's: one line naming the line and column."""

    def test_a_fit_that_is_not_a_number_is_one_line(self) -> None:
        run_dir = write_run(Path(tempfile.mkdtemp(prefix="plot-fits-")) / "run")
        self.assertAlmostEqual(float(stagefits.load_fits(run_dir)["slope"].iloc[0]), 10.0)
        for column, field in (("slope", "nan"), ("intercept", "0x1p3"), ("r_squared", "1e400")):
            fits = (run_dir / "fits.csv").read_text(encoding="utf-8").splitlines()
            header = fits[0].split(",")
            row = fits[1].split(",")
            row[header.index(column)] = field
            (run_dir / "fits.csv").write_text("\n".join([fits[0], ",".join(row)] + fits[2:]) + "\n", encoding="utf-8")
            with self.assertRaises(data.InputError) as caught:
                stagefits.load_fits(run_dir)
            self.assertIn(f"fits.csv: line 2, column {column}: '{field}' is not a number", str(caught.exception))
            write_run(run_dir)


class EmptyNameTests(unittest.TestCase):
    """A row must name itself: every column the schema says names the row is filled in every row."""

    def test_a_row_without_an_implementation_is_refused(self) -> None:
        directory = Path(tempfile.mkdtemp(prefix="plot-tests-"))
        self.addCleanup(shutil.rmtree, directory, True)
        run_dir = write_run(directory / "run")
        naming = [column.name for column in SCHEMA.columns("results.csv") if column.names_the_row]
        self.assertIn("implementation", naming)
        set_field(run_dir, "implementation", "")
        with self.assertRaises(data.InputError) as raised:
            data.load_run(run_dir)
        self.assertIn("empty 'implementation' in row 2", str(raised.exception))
