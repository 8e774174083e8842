"""The calibration's next count, on the cost curve the trial measured (calibration.py)."""

from __future__ import annotations

import unittest

from trial import calibration


def measured_at_5cc52f3(iterations: int) -> float:
    """scan / classSubscription's change for a busy loop of that many iterations, as measured: the call
    alone (+3.2%) up to about 100 iterations, then about 0.14% per iteration (155: +7.3%, 318: +30.2%)."""
    return 3.2 + 0.14 * max(0, iterations - 100)


def calibrate(cost, start: int = 20) -> list[tuple[int, float]]:
    """The tries the trial's calibration makes on a machine whose busy loop costs ``cost(iterations)``."""
    return calibration.calibrate(cost, start)[1]


class CalibrationTests(unittest.TestCase):
    def test_the_measured_curve_is_calibrated_within_the_window(self) -> None:
        tries = calibrate(measured_at_5cc52f3)
        self.assertTrue(calibration.within(tries[-1][1]), tries)
        self.assertLessEqual(len(tries), 5, tries)

    def test_scaling_alone_would_have_missed_it(self) -> None:
        # What the trial did before: the last count scaled by target / measured, six times.
        spin, tries = 20, []
        for _ in range(6):
            tries.append((spin, measured_at_5cc52f3(spin)))
            spin = max(1, round(spin * calibration.TARGET / max(tries[-1][1], 1.0)))
        self.assertFalse(any(calibration.within(p) for _, p in tries), tries)

    def test_a_cost_that_did_not_rise_scales_the_last_count(self) -> None:
        self.assertEqual(calibration.next_spin([(20, 3.2), (94, 3.2)]), 294)
        self.assertEqual(calibration.next_spin([(100, 6.0), (200, 5.0)]), 400)
        # The 15% target of the trial that measured these tries.
        self.assertEqual(calibration.next_spin([(20, 3.2), (94, 3.2)], target=15.0), 441)

    def test_a_proportional_cost_is_found_at_once(self) -> None:
        tries = calibrate(lambda n: 0.1 * n)
        self.assertEqual(tries[-1][0], 100)
        self.assertLessEqual(len(tries), 3, tries)

    def test_a_nearly_flat_line_does_not_overshoot(self) -> None:
        # What the calibration of 5cc52f3 (target 15%) tried third: 2789 iterations, +351%.
        self.assertEqual(calibration.next_spin([(20, 3.3), (91, 3.6)], target=15.0), 379)
        self.assertEqual(calibration.next_spin([(20, 3.3), (91, 3.6)]), 253)

    def test_the_secant_uses_the_tries_on_either_side_of_the_target(self) -> None:
        self.assertEqual(calibration.next_spin([(100, 6.0), (400, 36.0), (300, 26.0)]), 140)

    def test_a_calibration_that_never_lands_uses_a_measured_count(self) -> None:
        self.assertEqual(calibration.closest([(20, 3.2), (441, 42.8), (197, 11.0), (220, 19.5)]), (197, 11.0))
        # A cost that jumps over the window: six tries, none within, and the nearest of them is used.
        spin, tries = calibration.calibrate(lambda n: 5.0 if n < 200 else 25.0, 20)
        self.assertEqual(len(tries), 6, tries)
        self.assertIn((spin, dict(tries)[spin]), tries)
        self.assertEqual(spin, calibration.closest(tries)[0])


if __name__ == "__main__":
    unittest.main()
