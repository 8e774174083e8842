"""How many busy-loop iterations to try next, from what the tries so far measured.

The loop's cost is not proportional to its iterations. Measured at commit 5cc52f3 on scan /
classSubscription: 20 and 94 iterations both +3.2% (the call alone), 155 +7.3%, 158 +9.3%, 318 +30.2%,
441 +42.8%. The compiler unrolls the chain of multiply-adds and folds the constants of each unrolled
step, so short loops cost little more than their call. Scaling the last count by target / measured
therefore overshoots and undershoots in turn; a line through the two tries nearest the target lands
within a try or two.
"""

from __future__ import annotations

from collections.abc import Callable

# Issue 22 asks for a planted 10% slowdown (an earlier trial planted 15%). The window's floor is 9.5%, not
# 8.5%: the full `ab` measured the loop below its calibration twice (+9.7% calibrated, +8.6% measured at
# 7ae2ee7; +8.9%, then +7.6% to +9.1% at f92dafe, docs/COMPARE.md).
LOW, HIGH = 9.5, 11.5
TARGET = 10.0


def within(percent: float) -> bool:
    return LOW <= percent <= HIGH


def calibrate(measure: Callable[[int], float], start: int, attempts: int = 6) -> tuple[int, list[tuple[int, float]]]:
    """The count to use and the tries that found it: ``measure(iterations)`` (the busy loop's change, in
    percent) from ``start`` until a count lands within LOW-HIGH, each next count from the tries so far;
    after ``attempts`` that did not, the measured try nearest the target (``closest``)."""
    tries: list[tuple[int, float]] = []
    spin = start
    for _ in range(attempts):
        tries.append((spin, measure(spin)))
        if within(tries[-1][1]):
            return spin, tries
        spin = next_spin(tries)
    return closest(tries)[0], tries


def next_spin(tries: list[tuple[int, float]], target: float = TARGET) -> int:
    """The next count to try after ``tries``, each (iterations, measured percent), in the order tried.

    With two tries that differ in cost, the count where the line through the two nearest the target
    (one on each side when there are such) reaches it; otherwise (one try, or two whose cost did not rise
    with the count: the call alone, or noise) the last count scaled by target / measured."""
    spin, measured = tries[-1]
    scaled = spin * target / max(measured, 1.0)
    below = [t for t in tries if t[1] < target]
    above = [t for t in tries if t[1] > target]
    if below and above:
        pair = [max(below, key=lambda t: (t[1], t[0])), min(above, key=lambda t: (t[1], t[0]))]
    else:
        pair = sorted(tries, key=lambda t: abs(t[1] - target))[:2]
    if len(pair) < 2 or pair[0][0] == pair[1][0] or (pair[1][1] - pair[0][1]) / (pair[1][0] - pair[0][0]) <= 0:
        return max(1, round(scaled))
    (n1, p1), (n2, p2) = pair
    estimate = n1 + (target - p1) * (n2 - n1) / (p2 - p1)
    # Beyond both tries the line is no better than its slope, which two tries where the loop costs no more
    # than its call make nearly flat (20 and 91 iterations, +3.3% and +3.6%: the line reaches 15% at 2789
    # iterations, which measured +351%); scaling the last try is the nearer guess then.
    if not (below and above):
        estimate = min(estimate, scaled) if measured < target else max(estimate, scaled)
    return max(1, round(estimate))


def closest(tries: list[tuple[int, float]], target: float = TARGET) -> tuple[int, float]:
    """The try whose measured percent is nearest the target: what a calibration that never lands within
    the window uses, a count that was measured rather than one that was only extrapolated."""
    return min(tries, key=lambda t: abs(t[1] - target))
