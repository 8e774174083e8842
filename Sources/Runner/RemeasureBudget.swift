import Harness

/// How long the noise gate may spend measuring disturbed cells again: a share of the time the run took to
/// measure every cell once (all its parts), so that a machine that stays slow costs a bounded share more.
///
/// Why: measuring again helps only where a slow phase was shorter than the run. On the AMD VM (family 26,
/// model 2) on 2026-11-30, a default run from a fresh clone, with nothing else of ours running, met a slow
/// phase of the host that lasted the whole run: its cells took 2 min 35 s, then the gate measured 253, 173
/// and 138 cells again in three passes, 3 more minutes, and 123 cells still had fewer than half their
/// repetitions quiet: 359.8 s where a quiet run takes 166 s. Beside two busy loops, though, measuring again
/// is what keeps the medians: in the load trial at 210f8ba it took 1.94x the quiet run's time and kept 277 of
/// 336 medians within ±5% of the quiet run's; with a quarter's budget, the cells fewest quiet first (7cbff53),
/// 1.78x and 164; with half, nearest first (639bee9), 2.25x and 267, measuring again as much as without a
/// budget (2,720 repetitions). So the budget is half the cells' time, and the cells nearest to enough
/// quiet repetitions go first (``NoiseGate/remeasureOrder(_:below:)``); when it is spent, the rest keep the
/// disturbed repetitions they have, and their rows say so (`detail`, `repetitions_disturbed`,
/// `machine_slowdown`). A quiet run measures a handful of cells again, far inside it.
struct RemeasureBudget {
    /// The share of the first measuring's time that measuring again may take.
    static let share = 0.5

    /// How many seconds measuring again may take.
    let seconds: Double
    /// The seconds the run took to measure every cell once.
    let measuredSeconds: Double
    let share: Double
    private let deadline: UInt64

    /// A budget for measuring again from `now`, after the run took `measured` nanoseconds to measure every cell once.
    init(measured: UInt64, share: Double = Self.share, now: UInt64 = Clock.now()) {
        measuredSeconds = Double(measured) / 1e9
        self.share = share
        seconds = measuredSeconds * share
        deadline = now &+ UInt64(Double(measured) * share)
    }

    /// Whether the time is spent.
    func isSpent(now: UInt64 = Clock.now()) -> Bool { now >= deadline }

    /// The progress line that says measuring again stopped here, with `short` cells left with fewer quiet
    /// repetitions than they need.
    func spentText(short: Int) -> String {
        "machine still disturbed after the noise gate's time for measuring again "
            + "(\(DecimalText.format(seconds, digits: 0)) s, \(Int((share * 100).rounded()))% of the \(DecimalText.format(measuredSeconds, digits: 0)) s "
            + "the cells took): \(short) \(short == 1 ? "cell keeps" : "cells keep") the disturbed repetitions "
            + "\(short == 1 ? "it has" : "they have"), and \(short == 1 ? "its row says" : "their rows say") so"
    }
}
