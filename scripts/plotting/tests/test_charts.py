"""Every chart kind renders from a small synthetic run, and bad input is one line and status 2."""

from __future__ import annotations

import contextlib
import io
import tempfile
import unittest
from pathlib import Path

from plotting import __main__ as cli
from plotting import data, verdictchart, verdicts

from .synthetic import write_run

CHARTS = ("stage_fits", "ns_per_unit", "allocations", "latency", "scaling", "demand_overhead")


class ChartTests(unittest.TestCase):
    def setUp(self) -> None:
        self.directory = Path(tempfile.mkdtemp(prefix="plot-tests-"))
        self.run_dir = write_run(self.directory / "run")

    def test_every_chart_kind_is_written_and_embedded_in_the_report(self) -> None:
        with contextlib.redirect_stdout(io.StringIO()):
            self.assertEqual(cli.main([str(self.run_dir)]), 0)
        report = (self.run_dir / "REPORT.md").read_text(encoding="utf-8")
        for stem in CHARTS:
            for suffix in (".png", ".svg"):
                path = self.run_dir / "plots" / f"{stem}{suffix}"
                self.assertTrue(path.is_file() and path.stat().st_size > 1000, path)
            self.assertIn(f"plots/{stem}.png", report)
        self.assertIn("| map | builtin | ok |", report)

    def test_a_run_compared_with_another_gets_the_ratio_chart(self) -> None:
        other = write_run(self.directory / "other")
        with contextlib.redirect_stdout(io.StringIO()):
            self.assertEqual(cli.main([str(self.run_dir), "--compare", str(other)]), 0)
        self.assertTrue(any((self.run_dir / "plots").glob("compare_vs_*.png")))

    def test_the_compare_chart_draws_verdicts_from_the_tools_csv(self) -> None:
        frame = data.load_results(self.run_dir / "results.csv")
        slower = frame.copy()
        slower.loc[slower["implementation"] == "builtin", "ns_per_unit_median"] *= 1.2
        text = "\n".join([
            "cell_verdict,workload,implementation,metric,metric_verdict,base,new,change,p_value",
            "regression,map,builtin,ns_per_unit,regression,100,120,+20.0% (p=0.0079),0.0079",
            "regression,map,builtin,allocations_per_unit,regression,0,1,+1,",
            "unchanged,map,rxSink,ns_per_unit,unchanged,160,160,0.0% (p=1),1",
            "only-in-base,histogram,rxSink,,,,,,",
        ])  # fmt: skip
        cells = verdicts.parse(text, frame, slower)
        self.assertEqual([cell.verdict for cell in cells], ["regression", "unchanged", "only-in-base"])
        self.assertAlmostEqual(cells[0].time_change_percent, 20.0)
        self.assertEqual(cells[0].changed_metrics, ("ns_per_unit", "allocations_per_unit"))
        self.assertIsNone(cells[2].time_change_percent)
        png = verdictchart.plot(cells, "test", self.directory / "compare")
        self.assertTrue(png is not None and png.is_file() and png.with_suffix(".svg").is_file())

    def test_bad_input_is_one_line_and_status_2(self) -> None:
        for arguments in ([str(self.directory / "missing")], ["--compare", "a", "b"], []):
            errors = io.StringIO()
            with contextlib.redirect_stderr(errors), contextlib.redirect_stdout(io.StringIO()):
                try:
                    status = cli.main(arguments)
                except SystemExit as exit:
                    status = exit.code
            self.assertEqual(status, 2, arguments)
            self.assertEqual(len(errors.getvalue().strip().splitlines()), 1, errors.getvalue())

    def test_a_missing_tool_is_one_line_and_status_2(self) -> None:
        with self.assertRaises(data.InputError) as raised:
            verdicts.run_compare(self.directory / "no-tool", self.run_dir, self.run_dir, "csv")
        self.assertIn("swift build -c release --product reactive-bench", str(raised.exception))


if __name__ == "__main__":
    unittest.main()
