"""Every chart kind renders from a small synthetic run, and bad input is one line and status 2."""

from __future__ import annotations

import contextlib
import io
import tempfile
import unittest
from dataclasses import replace
from pathlib import Path

from plotting import __main__ as cli
from plotting import components, data, verdictchart, verdicts

from .synthetic import SCHEMA, row_count, set_field, write_run

CHARTS = ("stage_fits", "ns_per_unit", "allocations", "latency", "scaling", "demand_overhead")

# What scripts/plot prints for bad input that only it reads, as docs/BAD-INPUT.md lists it (RUN and DIR
# stand for the directories).
BAD_INPUT = {
    "a results.csv cut inside a row": "plot: error: RUN/results.csv: line 33 has no line break at its end: "
    "the file was cut short (reactive-bench ends every line with one)",
    "a results.csv cut at a line end": "plot: error: RUN/results.csv: 30 rows, but environment.csv says 32 "
    "were written: the file was cut short",
    "OUT an existing file": "plot: error: DIR/a-file exists and is not a directory: OUT is the directory the "
    "compare chart goes into (made if missing)",
}


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

    def failure(self, arguments: list[str]) -> tuple[int, str]:
        """The status of ``scripts/plot ARGUMENTS`` and its one stderr line, the directory written as RUN."""
        errors = io.StringIO()
        with contextlib.redirect_stderr(errors), contextlib.redirect_stdout(io.StringIO()):
            status = cli.main(arguments)
        lines = errors.getvalue().strip().splitlines()
        self.assertEqual(len(lines), 1, errors.getvalue())
        return status, lines[0].replace(str(self.run_dir), "RUN").replace(str(self.directory), "DIR")

    def test_a_results_csv_cut_inside_a_row_is_refused(self) -> None:
        results = self.run_dir / "results.csv"
        results.write_bytes(results.read_bytes()[:-40])
        status, line = self.failure([str(self.run_dir)])
        self.assertEqual(status, 2)
        self.assertEqual(line, BAD_INPUT["a results.csv cut inside a row"])

    def test_a_results_csv_cut_at_a_line_end_is_refused(self) -> None:
        results = self.run_dir / "results.csv"
        lines = results.read_bytes().splitlines(keepends=True)
        results.write_bytes(b"".join(lines[:-2]))
        status, line = self.failure([str(self.run_dir)])
        self.assertEqual(status, 2)
        self.assertEqual(line, BAD_INPUT["a results.csv cut at a line end"])

    def test_compare_into_an_existing_file_is_one_line_not_a_traceback(self) -> None:
        out = self.directory / "a-file"
        out.write_text("not a directory\n", encoding="utf-8")
        status, line = self.failure(["--compare", str(self.run_dir), str(self.run_dir), str(out)])
        self.assertEqual(status, 2)
        self.assertEqual(line, BAD_INPUT["OUT an existing file"])

    def test_docs_bad_input_lists_these_lines_word_for_word(self) -> None:
        """docs/BAD-INPUT.md, section scripts/plot: each case and the line the tests above see."""
        catalogue = (Path(__file__).resolve().parents[3] / "docs" / "BAD-INPUT.md").read_text(encoding="utf-8")
        for case, line in BAD_INPUT.items():
            self.assertIn(f"| {case} |", catalogue)
            self.assertIn(f"| {line} |", catalogue.replace("\\", ""))

    def test_a_missing_tool_is_one_line_and_status_2(self) -> None:
        with self.assertRaises(data.InputError) as raised:
            verdicts.run_compare(self.directory / "no-tool", self.run_dir, self.run_dir, "csv")
        self.assertIn("swift build -c release --product reactive-bench", str(raised.exception))


if __name__ == "__main__":
    unittest.main()


class ColourTests(unittest.TestCase):
    def test_every_implementation_takes_the_colour_its_runs_schema_gives(self) -> None:
        from plotting import style

        names = SCHEMA.order
        self.assertEqual(style.colour_map(names, SCHEMA), {entry.id: entry.colour for entry in SCHEMA.implementations})
        self.assertEqual(len(set(style.colour_map(names, SCHEMA).values())), len(names))

    def test_the_run_names_its_colours_first_and_a_name_no_schema_knows_takes_the_unknown_colour(self) -> None:
        from plotting import style

        first, second = SCHEMA.order[:2]
        other = replace(SCHEMA, implementations=tuple(replace(entry, colour="#000001") for entry in SCHEMA.implementations))
        self.assertEqual(style.colour_map([first, "someoneElse"], other, SCHEMA), {first: "#000001", "someoneElse": style.UNKNOWN_COLOUR})
        self.assertEqual(style.colour_map([second], SCHEMA, other), {second: SCHEMA.colours[second]})


class ComponentsChartTests(unittest.TestCase):
    """The components chart reads the instruction run's ``instructions_in_<component>_per_unit`` columns."""

    def setUp(self) -> None:
        self.directory = Path(tempfile.mkdtemp(prefix="plot-components-"))
        self.run_dir = write_run(self.directory / "run")

    def write_instruction_run(self, value: str) -> None:
        instructions = write_run(self.run_dir / "instructions")
        columns = [component.columns[0] for component in SCHEMA.instruction_components]
        for column in columns:
            set_field(instructions, column, value if column == columns[0] else "0", rows=range(row_count(instructions)))

    def test_the_chart_is_drawn_from_the_instruction_runs_columns(self) -> None:
        self.write_instruction_run("12.5")
        run = data.load_run(self.run_dir)
        png = components.plot(run, {}, self.directory / "plots")
        self.assertIsNotNone(png)
        self.assertTrue(png.is_file() and png.stat().st_size > 1000, png)

    def test_no_instruction_run_or_no_columns_no_chart(self) -> None:
        run = data.load_run(self.run_dir)
        self.assertIsNone(components.plot(run, {}, self.directory / "plots"))
        write_run(self.run_dir / "instructions")  # the columns there, but empty
        self.assertIsNone(components.plot(run, {}, self.directory / "plots"))

    def test_a_component_that_is_not_a_number_is_refused_in_one_line(self) -> None:
        self.write_instruction_run("nan")
        run = data.load_run(self.run_dir)
        with self.assertRaises(data.InputError) as caught:
            components.plot(run, {}, self.directory / "plots")
        self.assertIn("column instructions_in_source_and_sink_per_unit: 'nan' is not a number", str(caught.exception))
