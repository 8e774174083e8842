"""The README's verdict: one row per implementation in report order, every number read from the run's
fits, what the run's schema.json says of each style, and a README rewritten the same way every time."""

from __future__ import annotations

import contextlib
import csv
import io
import json
import shutil
import tempfile
import unittest
from pathlib import Path

from plotting import data, readme

from .running import run_estimate
from .synthetic import FIT_COLUMNS, IMPLEMENTATIONS, SCHEMA, TOOL_SCHEMA, write_instruction_run, write_run
from .test_findings import COUNTS, write_price_lists

# The synthetic run's rows after the baseline: one with every fit, one whose chain bends, one with none.
LINEAR, BENT, ABSENT = IMPLEMENTATIONS[1:4]


def write_fits(directory: Path, rows: list[tuple[str, str, str, float, str]]) -> None:
    """fits.csv of pipelineDepth over the direct source: (implementation, metric, measured per, slope, shape)."""
    with open(directory / "fits.csv", "w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file)
        writer.writerow(FIT_COLUMNS)
        for implementation, metric, measured_per, slope, shape in rows:
            writer.writerow(["1", "pipelineDepth", "direct", implementation, metric, measured_per, "stage", "1;4;16",
                             "15", str(slope), str(slope), str(slope), "0", "0", "0", "1", shape])  # fmt: skip


def read_rows(text: str) -> dict[str, list[str]]:
    """The verdict table's rows by implementation: its cells after the name."""
    rows = {}
    for line in text.splitlines():
        if line.startswith("| `"):
            cells = [cell.strip() for cell in line.strip("|").split("|")]
            rows[cells[0].strip("`")] = cells[1:]
    return rows


class VerdictTests(unittest.TestCase):
    def setUp(self) -> None:
        self.directory = Path(tempfile.mkdtemp(prefix="readme-"))
        self.addCleanup(shutil.rmtree, self.directory, True)
        self.run_dir = write_run(self.directory / "run")
        instructions = write_instruction_run(self.run_dir / "instructions", COUNTS)
        write_fits(self.run_dir, [
            (SCHEMA.baseline, "ns", "element", 0.27, "linear"), (SCHEMA.baseline, "allocations", "subscription", 0.0, "flat"),
            (LINEAR, "ns", "element", 40.0, "linear"), (LINEAR, "allocations", "subscription", 2.0, "linear"),
            (BENT, "ns", "element", 72.94, "nonlinear"), (BENT, "allocations", "subscription", 0.0476, "flat"),
        ])  # fmt: skip
        # LINEAR's stage: 2 retain+release pairs (20 ns), a lock (8 ns), a fifth atomic (5 ns) and no
        # instruction left over at the price lists of test_findings; BENT's: 500 instructions, no event.
        write_fits(instructions, [
            (SCHEMA.baseline, "instructions", "element", 7.0, "linear"),
            (LINEAR, "instructions", "element", 200.0, "linear"), (LINEAR, "retains", "element", 2.0, "linear"),
            (LINEAR, "releases", "element", 2.0, "linear"), (LINEAR, "lock_acquisitions", "element", 1.0, "linear"),
            (LINEAR, "atomic_rmws", "element", 5.0, "linear"),
            (BENT, "instructions", "element", 1132.0, "linear"),
        ])  # fmt: skip
        write_price_lists(self.run_dir, instructions)

    def rows(self) -> dict[str, list[str]]:
        return read_rows(readme.verdict(self.run_dir))

    def test_one_row_per_implementation_in_report_order(self) -> None:
        self.assertEqual(list(self.rows()), data.implementations(data.load_run(self.run_dir).results))

    def test_the_numbers_are_the_fits_slopes(self) -> None:
        rows = self.rows()
        self.assertEqual(rows[SCHEMA.baseline][:3], ["0.3", "7", "0"])
        self.assertEqual(rows[LINEAR][:3], ["40.0", "200", "2"])
        self.assertEqual(rows[BENT][:3], ["72.9*", "1,132", "0.05"])

    def test_the_main_cost_is_the_largest_part_of_the_split(self) -> None:
        """The split is the tool's (stage_estimates.csv): none before `reactive-bench estimate` has run."""
        self.assertEqual([cells[4] for cells in self.rows().values()], [""] * len(self.rows()))
        outcome = run_estimate(self.run_dir)
        self.assertEqual((outcome.status, outcome.stderr), (0, []), outcome)
        rows = self.rows()
        self.assertEqual(rows[LINEAR][4], "retain+release (20.0 of 40.0 ns)")
        # 1,132 instructions at 0.1 ns each, nothing else counted.
        self.assertEqual(rows[BENT][4], "other instructions (113.2 of 72.9 ns)")

    def test_an_implementation_without_the_sweep_is_said_so(self) -> None:
        verdict = readme.verdict(self.run_dir)
        entry = SCHEMA.implementation(ABSENT)
        self.assertEqual(self.rows()[ABSENT], ["-", "-", "-", "yes" if entry.is_thread_safe else "no", "", entry.when_to_use or ""])
        self.assertIn(f"`{ABSENT}` has no `pipelineDepth [direct]` cell: the run has none.", verdict)

    def test_the_schema_says_whether_thread_safe_and_when_to_use(self) -> None:
        rows = self.rows()
        for name in (LINEAR, BENT, ABSENT):
            entry = SCHEMA.implementation(name)
            self.assertEqual((rows[name][3], rows[name][5]), ("yes" if entry.is_thread_safe else "no", entry.when_to_use or ""))

    def test_the_runs_own_schema_is_read(self) -> None:
        document = json.loads(TOOL_SCHEMA)
        for entry in document["implementations"]:
            if entry["id"] == LINEAR:
                entry.update(isThreadSafe=False, whenToUse="when the first applies")
        (self.run_dir / "schema.json").write_text(json.dumps(document), encoding="utf-8")
        self.assertEqual(self.rows()[LINEAR][3::2], ["no", "when the first applies"])

    def test_a_schema_that_is_not_json_is_one_line(self) -> None:
        (self.run_dir / "schema.json").write_text("{", encoding="utf-8")
        with self.assertRaises(data.InputError) as caught:
            readme.verdict(self.run_dir)
        self.assertIn("schema.json: not readable JSON", str(caught.exception))

    def test_without_fits_no_verdict(self) -> None:
        (self.run_dir / "fits.csv").unlink()
        self.assertIn("No verdict", readme.verdict(self.run_dir))


class RewriteTests(unittest.TestCase):
    """``python -m plotting.readme RUN README``: the generated blocks only, the same text every time."""

    def test_the_blocks_are_rewritten_and_nothing_else(self) -> None:
        directory = Path(tempfile.mkdtemp(prefix="readme-main-"))
        self.addCleanup(shutil.rmtree, directory, True)
        run_dir = write_run(directory / "run")
        around = ["# Title", "", "<!-- processors:begin -->", "written by hand", "<!-- processors:end -->", ""]
        path = directory / "README.md"
        path.write_text("\n".join([readme.VERDICT_BEGIN, "stale", readme.VERDICT_END] + around
                                  + [readme.BEGIN, "stale", readme.END, ""]), encoding="utf-8")  # fmt: skip
        with contextlib.redirect_stdout(io.StringIO()):
            self.assertEqual(readme.main([str(run_dir), str(path)]), 0)
            once = path.read_text(encoding="utf-8")
            self.assertEqual(readme.main([str(run_dir), str(path)]), 0)
        self.assertEqual(path.read_text(encoding="utf-8"), once)
        self.assertNotIn("stale", once)
        self.assertIn("\n".join(around), once)
        self.assertIn(f"| `{LINEAR}` |", once)

    def test_a_readme_without_the_markers_is_one_line(self) -> None:
        directory = Path(tempfile.mkdtemp(prefix="readme-main-"))
        self.addCleanup(shutil.rmtree, directory, True)
        run_dir = write_run(directory / "run")
        path = directory / "README.md"
        path.write_text("# Title\n", encoding="utf-8")
        errors = io.StringIO()
        with contextlib.redirect_stderr(errors):
            self.assertEqual(readme.main([str(run_dir), str(path)]), 2)
        self.assertEqual(len(errors.getvalue().splitlines()), 1)
        self.assertEqual(path.read_text(encoding="utf-8"), "# Title\n")


if __name__ == "__main__":
    unittest.main()


class ProcessorsTests(unittest.TestCase):
    """The block on another processor: read from the run's orderings.csv, naming both processors."""

    def setUp(self) -> None:
        self.directory = Path(tempfile.mkdtemp(prefix="readme-processors-"))
        self.addCleanup(shutil.rmtree, self.directory, True)
        self.run = data.load_run(write_run(self.directory / "reference"))
        self.other = data.load_run(write_run(self.directory / "other"))

    def write_orderings(self, bands: list[tuple], header: tuple = ("separated_by_at_least", "pairs", "reversed")) -> None:
        with open(self.run.directory / readme.ORDERINGS_FILE, "w", newline="", encoding="utf-8") as file:
            writer = csv.writer(file)
            writer.writerow(header)
            writer.writerows(bands)

    def test_the_pairs_of_one_thread_are_given_apart_when_orderings_counts_them(self) -> None:
        header = ("separated_by_at_least", "pairs", "reversed", "pairs_of_one_thread", "reversed_of_one_thread")
        self.write_orderings([("1", 200, 40, 150, 20), ("1.2", 70, 3, 50, 1)], header)
        text = readme.processors(self.run, self.other)
        self.assertIn("1.2x or more: 3 of 70", text)
        self.assertIn("the pairs of two cells that keep one thread busy: 1x or more: 20 of 150; 1.2x or more: 1 of 50.", text)

    def test_an_orderings_file_that_does_not_split_them_says_nothing_of_one_thread(self) -> None:
        header = ("separated_by_at_least", "pairs", "reversed", "pairs_of_one_thread", "reversed_of_one_thread")
        self.write_orderings([("1", 200, 40, "", ""), ("1.2", 70, 3, "", "")], header)
        self.assertNotIn("one thread", readme.processors(self.run, self.other))

    def test_names_the_band_from_which_every_ranking_held(self) -> None:
        self.write_orderings([("1", 200, 40), ("1.2", 70, 3), ("1.5", 20, 0), ("2", 7, 1), ("3", 4, 0)])
        text = readme.processors(self.run, self.other)
        # 2x reversed one pair, so only the 3x band held throughout.
        self.assertIn("every ranking the reference makes by 3x or more held (4 pairs)", text)
        self.assertIn("1.2x or more: 3 of 70", text)
        self.assertIn("other/results.csv", text)

    def test_says_so_when_no_band_held(self) -> None:
        self.write_orderings([("1", 10, 2), ("3", 2, 1)])
        self.assertIn("some rankings reversed at every ratio", readme.processors(self.run, self.other))

    def test_a_run_without_orderings_is_one_error(self) -> None:
        with self.assertRaises(data.InputError):
            readme.processors(self.run, self.other)
