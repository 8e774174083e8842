"""The trial's counting, on compare CSV written by hand: what is caught, what is a false alarm."""

from __future__ import annotations

import shutil
import subprocess
import unittest
from pathlib import Path

from trial import report, tally

ROOT = Path(__file__).resolve().parents[3]

HEADER = "cell_verdict,workload,implementation,metric,metric_verdict,base,new,change,p_value"


def rows(*lines: str) -> list[tally.Row]:
    return tally.parse("\n".join([HEADER, *lines]) + "\n")


class TallyTests(unittest.TestCase):
    def test_an_ab_that_catches_both_plants_and_nothing_else(self) -> None:
        ab = tally.ab_try(rows(
            "regression,scan,classSubscription,ns_per_unit,regression,180,207,+15.1% [+14.0%, +16.2%] (p<0.0001, 15 pairs),0.00006",
            "regression,mapFilterScan,classSubscription,ns_per_unit,regression,200,226,+13.0% [+12.0%, +14.1%] (p<0.0001, 15 pairs),0.00006",
            "regression,map,structBridge,allocations_per_unit,regression,0,1,+1,",
            "regression,map,structBridge,ns_per_unit,regression,120,150,+25.0% [+24.0%, +26.0%] (p<0.0001, 15 pairs),0.00006",
            "regression,pipelineDepth (4),structBridge,allocations_per_unit,regression,0,4,+4,",
            "regression,scanDepth (4) [direct],classSubscription,ns_per_unit,regression,90,120,+33.0% [+32.0%, +34.0%] (p<0.0001, 15 pairs),0.00006",
            "unchanged,map,baseline,ns_per_unit,unchanged,2.8,2.8,0.0% [-0.3%, +0.3%] (p=0.9, 15 pairs),0.9",
        ))  # fmt: skip
        self.assertTrue(ab.busy_loop_caught and ab.allocation_caught)
        self.assertEqual(ab.busy_loop_percent, 15.1)
        self.assertEqual(ab.false_alarms, [], "changes in cells the plants run in are expected")

    def test_a_change_elsewhere_is_a_false_alarm_and_a_missed_loop_is_missed(self) -> None:
        ab = tally.ab_try(rows(
            "unchanged,scan,classSubscription,ns_per_unit,unchanged,180,185,+2.0% [-1.0%, +5.0%] (p=0.2, 15 pairs),0.2",
            "improvement,filter,baseline,ns_per_unit,improvement,2.8,2.5,-10.0% [-11.0%, -9.0%] (p<0.0001, 15 pairs),0.00006",
            "regression,filter,structBridge,ns_per_unit,regression,100,110,+10.0% [+9.0%, +11.0%] (p<0.0001, 15 pairs),0.00006",
        ))  # fmt: skip
        self.assertFalse(ab.busy_loop_caught)
        self.assertEqual(ab.false_alarms, [
            "filter / baseline: ns_per_unit improvement",
            "filter / structBridge: ns_per_unit regression",
        ])  # fmt: skip

    def test_every_change_between_unchanged_builds_is_a_false_alarm(self) -> None:
        alarms = tally.unchanged_ab_try(rows(
            "regression,scan,classSubscription,ns_per_unit,regression,180,207,+15.1% [+14.0%, +16.2%] (p<0.0001, 15 pairs),0.00006",
            "unchanged,map,baseline,ns_per_unit,unchanged,2.8,2.8,0.0% [-0.3%, +0.3%] (p=0.9, 15 pairs),0.9",
            "slower,map,structBridge,ns_per_unit,slower,10,11,+10.0% (p=0.03),0.03",
        ))  # fmt: skip
        self.assertEqual(alarms, ["scan / classSubscription: ns_per_unit regression"])

    def test_informational_times_are_no_false_alarm_in_the_counts_part(self) -> None:
        counts = tally.counts_try(1, rows(
            "regression,map,structBridge,allocations_per_unit,regression,0,1,+1,",
            "slower,contention,anySubscriber,ns_per_unit,slower,300,1800,+500.0% net (+512.0% raw, p=0.0079),0.0079",
        ))  # fmt: skip
        self.assertTrue(counts.allocation_caught)
        self.assertEqual(counts.false_alarms, [])

    def test_informational_changes_are_counted_per_cell(self) -> None:
        self.assertEqual(tally.informational_changes(rows(
            "slower,a,b,ns_per_unit,slower,1,2,+100.0% (p=0.0079),0.0079",
            "faster,c,d,ns_per_unit,faster,2,1,-50.0% (p=0.0079),0.0079",
            "unchanged,e,f,ns_per_unit,unchanged,1,1,0.0% (p=1),1",
        )), 2)  # fmt: skip

    def test_percent_reads_the_leading_change(self) -> None:
        self.assertEqual(tally.percent("+15.2% [+14.0%, +16.1%] (p<0.0001, 15 pairs)"), 15.2)
        self.assertEqual(tally.percent("-3.5% net (-1.0% raw, p=0.2)"), -3.5)
        self.assertIsNone(tally.percent("no pairs, not tested"))

    def test_the_summary_table_states_every_part(self) -> None:
        context = report.Context("t0", "cpu", 2, 10, [], loads=[1.0, 3.0], finished="t1")
        text = report.render(
            context, "0123456789abcdef", 18,
            [tally.RerunPair(0, 1, 3), tally.RerunPair(0, 0, 5)],
            [tally.CountsTry(1, True)],
            [tally.ABTry(True, 15.3, True), tally.ABTry(False, 4.0, True, ["x / y: ns_per_unit regression"])],
            [[], ["map / baseline: ns_per_unit improvement"], []],
        )  # fmt: skip
        self.assertIn("| 0 exits of 1 | 0 of 2 |", text)
        self.assertIn("1 of 2 exited 1", text)
        self.assertIn("caught 1 of 1, 0 false alarms", text)
        self.assertIn("| caught in at least 9 of 10 | 1 of 2 (measured +4.0% to +15.3%) |", text)
        self.assertIn("False alarms (planted build): x / y: ns_per_unit regression.", text)
        self.assertIn("| `ab --quick` of two unchanged builds of the commit: cells called changed | none | 1 (in 1 of 3 tries) |", text)
        self.assertIn("False alarms (unchanged builds): map / baseline: ns_per_unit improvement.", text)
        self.assertIn("1-minute load average 1.0 to 3.0", text)


class PatchTests(unittest.TestCase):
    @unittest.skipUnless(shutil.which("git") and (ROOT / ".git").exists(), "needs the git checkout")
    def test_the_planted_patch_still_applies_to_the_sources(self) -> None:
        """scripts/trial/planted.patch must follow StructBridge/Map.swift and ClassSubscription/Scan.swift."""
        checked = subprocess.run(
            ["git", "apply", "--check", "scripts/trial/planted.patch"], cwd=ROOT, capture_output=True, text=True
        )
        self.assertEqual(checked.returncode, 0, checked.stderr)


if __name__ == "__main__":
    unittest.main()
