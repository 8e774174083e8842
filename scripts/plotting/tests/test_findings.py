"""FINDINGS.md's split of one stage's time as the tool's cost model gives it (stage_estimates.csv): each
counted event at its price, the rest at the arithmetic control's price per instruction, checked against
numbers worked out by hand."""

from __future__ import annotations

import csv
import shutil
import tempfile
import unittest
from pathlib import Path

from plotting import data, estimates, findings

from . import synthetic
from .running import run_estimate
from .synthetic import FIT_COLUMNS, write_instruction_run, write_run

# The price list's events (the tool's `PricedEvent`) and its two arithmetic controls, as a run writes them.
EVENTS = ("retainRelease", "exclusivityCheck", "lock", "metadataLookup", "dynamicCast", "malloc", "atomicRMW",
          "independentInstructions", "instructions")  # fmt: skip


def write_fits(directory: Path, rows: list[tuple[str, str, float]]) -> None:
    """fits.csv of pipelineDepth over the direct source: (implementation, metric, slope) per element."""
    with open(directory / "fits.csv", "w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file)
        writer.writerow(FIT_COLUMNS)
        for implementation, metric, slope in rows:
            writer.writerow(["1", "pipelineDepth", "direct", implementation, metric, "element", "stage", "1;4;16", "15",
                             str(slope), str(slope), str(slope), "0", "0", "0", "1", "linear"])  # fmt: skip


def write_prices(directory: Path, rows: list[tuple[str, str, str]]) -> None:
    with open(directory / "prices.csv", "w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file)
        writer.writerow(["event", "metric", "per_event", "low", "high", "k1_per_element", "k3_per_element"])
        for event, metric, value in rows:
            writer.writerow([event, metric, value, "", "", "", ""])


def write_price_lists(time_run: Path, instruction_run: Path) -> None:
    """Both runs' prices.csv: a retain+release pair 10 ns and 60 instructions (2 atomics), a lock 8 ns and
    70, an atomic 5 ns and 10, every other event 1 ns and 100 (less than its instructions take: priced as
    instructions); an instruction 0.1 ns where instructions run at once (20 ns for 200), 0.3 ns in a
    dependent chain (60 ns for 200)."""
    ns = {"retainRelease": "10", "lock": "8", "atomicRMW": "5", "independentInstructions": "20", "instructions": "60"}
    write_prices(time_run, [(event, "ns", ns.get(event, "1")) for event in EVENTS])
    counts = {"retainRelease": "60", "lock": "70", "atomicRMW": "10", "independentInstructions": "200", "instructions": "200"}
    write_prices(instruction_run, [(event, "instructions", counts.get(event, "100")) for event in EVENTS]
                 + [("retainRelease", "atomic_rmws", "2")])  # fmt: skip


# Every ok row of the instruction run: counts the estimate can read (its stage split reads the fits).
COUNTS = {"instructions_per_unit": "1000"} | {f"{counter}_per_unit": "0" for counter in (
    "retains", "releases", "atomic_rmws", "lock_acquisitions", "exclusivity_checks", "metadata_lookups", "dynamic_casts",
    "mallocs")}  # fmt: skip


class TimeSplitTests(unittest.TestCase):
    def setUp(self) -> None:
        self.run_dir = write_run(Path(tempfile.mkdtemp(prefix="findings-")) / "run")
        self.addCleanup(shutil.rmtree, self.run_dir.parent, True)
        instructions = write_instruction_run(self.run_dir / "instructions", COUNTS)
        write_fits(self.run_dir, [("builtin", "ns", 40.0)])
        # One stage: 2 retain+release pairs (2 atomics each) and 1 lock, 5 atomics in all, 1,000 instructions.
        write_fits(instructions, [("builtin", "instructions", 1000.0), ("builtin", "retains", 2.0),
                                  ("builtin", "releases", 2.0), ("builtin", "lock_acquisitions", 1.0),
                                  ("builtin", "atomic_rmws", 5.0)])  # fmt: skip
        write_price_lists(self.run_dir, instructions)

    def split(self) -> list[dict] | None:
        """The tool's estimate of the run, which must succeed, then the split FINDINGS shows."""
        outcome = run_estimate(self.run_dir)
        self.assertEqual((outcome.status, outcome.stderr), (0, []), outcome)
        return findings.time_split(findings.Numbers(self.run_dir), ("pipelineDepth", "direct"))

    def test_each_event_at_its_price_and_the_rest_at_the_arithmetic_price(self) -> None:
        rows = self.split()
        self.assertIsNotNone(rows)
        row = next(row for row in rows if row["style"] == "builtin")
        self.assertEqual(row["events"]["retain+release"], 20.0)
        self.assertEqual(row["events"]["lock"], 8.0)
        self.assertEqual(row["events"]["other atomic RMW"], 5.0)  # 5 atomics, 4 of them the retains'
        # 1000 - 2 x 60 - 70 - 10 = 800 instructions left, at 20 / 200 = 0.1 ns each.
        self.assertEqual(row["instructions_left"], 800.0)
        self.assertEqual(row["rest"], 80.0)
        self.assertEqual(row["estimate"], 113.0)
        table = findings.time_split_table(rows, "0.100")
        self.assertIn("| `builtin` | 40.0 | 20.0 | 0.0 | 8.0 | 0.0 | 0.0 | 0.0 | 5.0 | 0.0 | 80.0 (800) | 113.0 | -182% |", table)
        # The tool's parts include a slow consumer's own work, which no swept stage does: not a column here.
        model = estimates.CostModel.load(self.run_dir)
        self.assertIsNotNone(model.consumer_work)
        self.assertNotIn(model.consumer_work["title"], table)

    def test_no_price_list_no_split(self) -> None:
        (self.run_dir / "prices.csv").unlink()
        self.assertEqual(run_estimate(self.run_dir).status, 2)
        self.assertIsNone(findings.time_split(findings.Numbers(self.run_dir), ("pipelineDepth", "direct")))

    def test_a_price_that_is_not_a_number_is_one_line(self) -> None:
        write_prices(self.run_dir, [("lock", "ns", "nan")])
        outcome = run_estimate(self.run_dir)
        self.assertEqual((outcome.status, len(outcome.stderr)), (2, 1), outcome)
        self.assertIn("prices.csv: line 2, column per_event: 'nan' is not a number", outcome.stderr[0])

    def test_a_retain_without_atomics_is_priced_as_instructions_only(self) -> None:
        instructions = self.run_dir / "instructions"
        write_fits(instructions, [("builtin", "instructions", 1000.0), ("builtin", "retains", 1.0),
                                  ("builtin", "releases", 1.0)])  # fmt: skip
        row = self.split()[0]
        self.assertEqual(row["events"]["retain+release"], 0.0)
        self.assertEqual(row["instructions_left"], 1000.0)


class ChainsThatBendTests(unittest.TestCase):
    """A stage sweep whose time is not a line while its instructions are: the finding gives how far the
    last point lies above the line through the first two, and leaves the linear styles out."""

    def test_the_last_point_against_the_line_through_the_first_two(self) -> None:
        run_dir = Path(tempfile.mkdtemp(prefix="findings-bend-")) / "run"
        medians = {"anySubscriber": (14.0, 38.0, 350.0), "builtin": (10.0, 22.0, 70.0)}
        rows = []
        for name, values in medians.items():
            for stages, median in zip((1, 4, 16), values):
                workload = (f"pipelineDepth ({stages}) [direct]", "pipelineDepth", str(stages))
                rows.append(synthetic.row(workload, name, 1) | {"source": "direct", "ns_per_unit_median": str(median)})
        synthetic.write_results(run_dir, rows)
        (run_dir / "instructions").mkdir()
        write_fits(run_dir, [("anySubscriber", "ns", 24.0), ("builtin", "ns", 4.0)])
        write_fits(run_dir / "instructions", [("anySubscriber", "instructions", 100.0), ("builtin", "instructions", 61.0)])
        for path, shaped in ((run_dir / "fits.csv", {"anySubscriber": "nonlinear"}), (run_dir / "instructions" / "fits.csv", {})):
            text = path.read_text(encoding="utf-8").splitlines()
            text = [line.rsplit(",", 1)[0] + "," + shaped.get(line.split(",")[3], "linear") if index else line
                    for index, line in enumerate(text)]  # fmt: skip
            path.write_text("\n".join(text) + "\n", encoding="utf-8")
        shutil.copy(run_dir / "results.csv", run_dir / "instructions" / "results.csv")
        finding = findings._chains_that_bend(findings.Numbers(run_dir), ("pipelineDepth", "direct"))
        # The line through (1, 14) and (4, 38) is at 14 + 8 x 15 = 134 at 16 stages: 216 ns above.
        self.assertIn("`anySubscriber` 350.0 ns at 16 stages against 134.0 on the line through 1 and 4 (216 ns above)", finding)
        self.assertNotIn("`builtin`", finding)


class ProcessorTests(unittest.TestCase):
    """What the README and FINDINGS say a run was measured on: every processor key environment.csv
    records, or the model name alone for a run written before them."""

    def setUp(self) -> None:
        self.directory = write_run(Path(tempfile.mkdtemp()) / "run")
        self.addCleanup(shutil.rmtree, self.directory.parent)

    def write_environment(self, rows: list[list[str]]) -> None:
        with open(self.directory / "environment.csv", "a", newline="", encoding="utf-8") as file:
            csv.writer(file).writerows(rows)

    def test_every_recorded_key(self) -> None:
        self.write_environment([
            ["cpu_model", "AMD EPYC"], ["cpu_vendor", "AuthenticAMD"], ["cpu_family", "26"],
            ["cpu_model_number", "2"], ["cpu_stepping", "1"], ["cpu_microcode", "0x1000065"],
            ["cache_l1d", "48K 12-way 64B"], ["cache_l1i", "32K 8-way 64B"], ["cache_l2", "1024K 16-way 64B"],
            ["cache_l3", "unknown"],
        ])  # fmt: skip
        self.assertEqual(
            data.load_run(self.directory).processor,
            "AMD EPYC (AuthenticAMD family 26, model 2, stepping 1, microcode 0x1000065; L1d 48K 12-way 64B, "
            "L1i 32K 8-way 64B, L2 1024K 16-way 64B)",
        )

    def test_a_run_written_before_the_processor_keys(self) -> None:
        self.assertEqual(data.load_run(self.directory).processor, "an unrecorded processor")
        self.write_environment([["cpu_model", "AMD EPYC"]])
        self.assertEqual(data.load_run(self.directory).processor, "AMD EPYC")
