"""The load trial's counting, on made-up rows."""

import unittest

from loadtrial import tally


def row(
    workload: str, implementation: str, median: str, status: str = "ok", disturbed: str = "0", detail: str = "",
    threads: str = "1",
) -> dict[str, str]:
    return {"workload": workload, "unit": "element", "implementation": implementation, "status": status,
            "ns_per_unit_median": median, "repetitions_disturbed": disturbed, "detail": detail,
            "threads": threads}  # fmt: skip


class MediansTests(unittest.TestCase):
    def test_a_cell_beyond_five_percent_is_outside_and_one_within_is_not(self) -> None:
        quiet = [row("map", "builtin", "100"), row("map", "structBridge", "10"), row("scan", "builtin", "50")]
        loaded = [row("map", "builtin", "104.9"), row("map", "structBridge", "10.6"), row("scan", "builtin", "45")]
        medians = tally.medians(quiet, loaded)
        self.assertEqual(medians.cells, 3)
        self.assertEqual(medians.within, 1)
        self.assertEqual([cell for cell, _ in medians.outside], ["map / structBridge", "scan / builtin"])

    def test_a_cell_outside_whose_row_says_machine_disturbed_is_counted_as_marked(self) -> None:
        quiet = [row("asyncHop", "builtin", "100"), row("map", "builtin", "10"), row("scan", "builtin", "50")]
        disturbed = "machine disturbed: only 0 of 11 repetitions were quiet; all are kept"
        loaded = [row("asyncHop", "builtin", "50", detail=disturbed), row("map", "builtin", "12"),
                  row("scan", "builtin", "50", detail=disturbed)]  # fmt: skip
        medians = tally.medians(quiet, loaded)
        self.assertEqual((medians.within, len(medians.outside), medians.outside_marked), (1, 2, 1))

    def test_the_cells_of_one_thread_are_counted_apart_by_their_threads_column(self) -> None:
        quiet = [row("asyncHop", "builtin", "100", threads="2"), row("contention", "builtin", "100", threads="2"),
                 row("map", "builtin", "10"), row("scan", "builtin", "50")]  # fmt: skip
        loaded = [row("asyncHop", "builtin", "50", threads="2"), row("contention", "builtin", "101", threads="2"),
                  row("map", "builtin", "12"), row("scan", "builtin", "50")]  # fmt: skip
        medians = tally.medians(quiet, loaded)
        self.assertEqual((medians.cells, medians.within), (4, 2))
        self.assertEqual((medians.one_thread_cells, medians.one_thread_within), (2, 1))

    def test_rows_without_a_threads_column_count_no_cell_of_one_thread(self) -> None:
        quiet, loaded = [row("map", "builtin", "10")], [row("map", "builtin", "10")]
        del loaded[0]["threads"]
        medians = tally.medians(quiet, loaded)
        self.assertEqual((medians.cells, medians.within, medians.one_thread_cells), (1, 1, 0))

    def test_cells_not_ok_or_in_one_run_only_are_not_counted(self) -> None:
        quiet = [row("map", "builtin", "100"), row("filter", "builtin", "10", status="crashed"), row("scan", "builtin", "5")]
        loaded = [row("map", "builtin", "100"), row("filter", "builtin", "10")]
        self.assertEqual(tally.medians(quiet, loaded).cells, 1)


class RepetitionsTests(unittest.TestCase):
    def test_disturbed_are_summed_and_remeasured_read_from_the_progress_lines(self) -> None:
        self.assertEqual(tally.disturbed_repetitions([row("a", "b", "1", disturbed="3"), row("c", "d", "1", disturbed="")]), 3)
        stderr = ("[reactive-bench] machine disturbed: 7 more repetitions (pass 1) map / builtin\n"
                  "[reactive-bench] machine disturbed: 12 more repetitions (pass 2) map / builtin\n")  # fmt: skip
        self.assertEqual(tally.remeasured_repetitions(stderr), 19)

    def test_the_runs_warnings_and_the_gates_spent_budget_are_quoted_as_written(self) -> None:
        stderr = ("[reactive-bench] machine disturbed: 7 more repetitions (pass 1) map / builtin\n"
                  "[reactive-bench] machine still disturbed after the noise gate's time for measuring again (80 s, 50% of "
                  "the 160 s the cells took): 12 cells keep the disturbed repetitions they have, and their rows say so\n"
                  "[reactive-bench] cell 3/369 map / leanBridge (part 2 of 3)\n"
                  "warning: the machine ran slow through 12 of 336 cells: ...\n")  # fmt: skip
        self.assertEqual(tally.gate_lines(stderr), [
            "machine still disturbed after the noise gate's time for measuring again (80 s, 50% of the 160 s the cells "
            "took): 12 cells keep the disturbed repetitions they have, and their rows say so",
            "warning: the machine ran slow through 12 of 336 cells: ...",
        ])  # fmt: skip
        self.assertEqual(tally.gate_lines("[reactive-bench] cell 1/3 map / builtin\n"), [])


class PricesTests(unittest.TestCase):
    def price(self, event: str, value: str, trusted: str = "true") -> dict[str, str]:
        return {"event": event, "metric": "ns", "per_event": value, "trusted": trusted, "reason": "" if trusted == "true" else "wide"}

    def test_a_trusted_price_holds_within_fifteen_percent_and_above_zero(self) -> None:
        quiet = [self.price("malloc", "4.0"), self.price("lock", "3.0"), self.price("emptyCall", "1.0")]
        loaded = [self.price("malloc", "4.5"), self.price("lock", "3.6"), self.price("emptyCall", "-0.1")]
        held = {price.event: price.holds for price in tally.prices(quiet, loaded)}
        self.assertEqual(held, {"malloc": True, "lock": False, "emptyCall": False})

    def test_a_marked_price_holds_whatever_its_value(self) -> None:
        prices = tally.prices([self.price("llMiss", "130")], [self.price("llMiss", "-5", trusted="false")])
        self.assertTrue(prices[0].holds)
        self.assertFalse(prices[0].trusted)

    def test_a_trusted_price_the_quiet_run_did_not_write_cannot_be_compared(self) -> None:
        prices = tally.prices([self.price("lock", "", trusted="false")], [self.price("lock", "3.1")])
        self.assertIsNone(prices[0].holds)

    def test_a_price_list_without_the_trusted_column_is_all_trusted(self) -> None:
        prices = tally.prices([{"event": "lock", "metric": "ns", "per_event": "3"}], [{"event": "lock", "metric": "ns", "per_event": "9"}])
        self.assertFalse(prices[0].holds)


class SummariesTests(unittest.TestCase):
    def test_the_orderings_band_and_the_estimate_over_all_cells(self) -> None:
        orderings = [{"separated_by_at_least": "1.1", "pairs": "50", "reversed": "4"},
                     {"separated_by_at_least": "1.2", "pairs": "40", "reversed": "1"}]  # fmt: skip
        self.assertEqual(tally.reversed_pairs(orderings), tally.Orderings(1, 40, None, None))
        split = [{"separated_by_at_least": "1.2", "pairs": "40", "reversed": "3", "pairs_of_one_thread": "30",
                  "reversed_of_one_thread": "0"}]  # fmt: skip
        self.assertEqual(tally.reversed_pairs(split), tally.Orderings(3, 40, 0, 30))
        summary = [{"estimate": "iai_estimated_ns_per_unit", "grouped_by": "all", "within": "9", "cells": "10"},
                   {"estimate": "estimated_ns_per_unit", "grouped_by": "implementation", "within": "1", "cells": "2"},
                   {"estimate": "estimated_ns_per_unit", "grouped_by": "all", "within": "7", "cells": "10"}]  # fmt: skip
        self.assertEqual(tally.estimate_share(summary), (7, 10))
        with self.assertRaises(ValueError):
            tally.reversed_pairs([])


if __name__ == "__main__":
    unittest.main()
