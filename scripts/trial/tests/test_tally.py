"""The trial's counting, on compare CSV written by hand: what is caught, what is a false alarm."""

from __future__ import annotations

import shutil
import subprocess
import unittest
from pathlib import Path

from trial import report, tally

ROOT = Path(__file__).resolve().parents[3]

HEADER = "cell_verdict,workload,implementation,metric,metric_verdict,base,new,change,p_value"
# Since ab measures until decided: the pairs and looks each time took.
HEADER_WITH_PAIRS = HEADER + ",pairs,looks"


def rows(*lines: str, header: str = HEADER) -> list[tally.Row]:
    return tally.parse("\n".join([header, *lines]) + "\n")


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
        self.assertEqual(alarms.false_alarms, ["scan / classSubscription: ns_per_unit regression"])

    def test_undecided_times_are_counted_apart_with_the_pairs_they_took(self) -> None:
        ab = tally.ab_try(rows(
            'undecided,scan,classSubscription,ns_per_unit,undecided,180,199,"+10.4% [+3.0%, +18.0%] (p=0.001, 180 pairs, 12 looks)",0.001,180,12',
            "regression,map,structBridge,allocations_per_unit,regression,0,1,+1,,,",
            'unchanged,map,structBridge,ns_per_unit,unchanged,120,121,"+0.5% [-1.0%, +2.0%] (p=0.4, 15 pairs, 1 look)",0.4,15,1',
            'undecided,filter,baseline,ns_per_unit,undecided,2.8,2.9,"+3.0% [-6.0%, +12.0%] (p=0.3, 60 pairs, 4 looks)",0.3,60,4',
            header=HEADER_WITH_PAIRS,
        ))  # fmt: skip
        self.assertFalse(ab.busy_loop_caught, "an undecided busy loop is not caught")
        self.assertEqual((ab.busy_loop_verdict, ab.busy_loop_pairs), ("undecided", 180))
        self.assertEqual(ab.false_alarms, [], "an undecided time is no false alarm")
        self.assertEqual([(t.cell, t.pairs) for t in ab.undecided], [("scan / classSubscription", 180), ("filter / baseline", 60)])
        twin = tally.unchanged_ab_try(rows(
            'undecided,map,baseline,ns_per_unit,undecided,2.8,2.9,"+3.0% [-6.0%, +12.0%] (p=0.3, 30 pairs, 2 looks)",0.3,30,2',
            header=HEADER_WITH_PAIRS,
        ))  # fmt: skip
        self.assertEqual((twin.false_alarms, [t.pairs for t in twin.undecided]), ([], [30]))
        text = report.render(report.Context("t0", "cpu", 2, 2, [], finished="t1"), "0123456789", 60, [], [], [ab], [twin])
        self.assertIn("| caught in at least 9 of 10 | 0 of 1 (measured +10.4% to +10.4%), undecided in 1 |", text)
        self.assertIn("| the same `ab`: times left undecided (never unchanged) | - | 2 (in 1 of 1 tries) |", text)
        self.assertIn("| the same `ab`s: times left undecided | - | 1 (in 1 of 1 tries) |", text)
        self.assertIn("| the same `ab`: what each took | - | pairs: median 255, most 255 |", text)
        twin.seconds = 42.4
        self.assertIn("| the same `ab`s: what each took | - | pairs: median 30, most 30; seconds: median 42, most 42 |",
                      report.render(report.Context("t0", "cpu", 2, 2, [], finished="t1"), "0123456789", 60, [], [], [ab], [twin]))
        self.assertIn("| planted build, busy loop | undecided | 1 | 180 | 180 |", text)
        self.assertIn("| planted build, every time | undecided | 2 | 120 | 180 |", text)
        self.assertIn("| planted build, every time | unchanged | 1 | 15 | 15 |", text)
        self.assertIn("| unchanged builds, every time | undecided | 1 | 30 | 30 |", text)
        self.assertIn("The busy loop, try by try: undecided (180).", text)
        self.assertIn("Undecided times (planted build): scan / classSubscription (180 pairs); filter / baseline (60 pairs).", text)
        without_plant = report.render(report.Context("t0", "cpu", 2, 2, [], finished="t1"), "0123456789", 60, [], [], [], [twin])
        self.assertIn("| unchanged builds, every time | undecided | 1 | 30 | 30 |", without_plant)
        self.assertNotIn("busy loop", without_plant)

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
            [tally.UnchangedABTry(), tally.UnchangedABTry(["map / baseline: ns_per_unit improvement"]), tally.UnchangedABTry()],
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
