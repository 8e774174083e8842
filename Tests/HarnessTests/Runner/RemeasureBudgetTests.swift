import Harness
import StyleKit
import Testing
import Workloads
@testable import Runner

/// The noise gate measures disturbed cells again within a share of the run's time, the cells nearest to enough
/// quiet repetitions first, and a run whose cells kept disturbed repetitions says so at its end.
struct RemeasureBudgetTests {
    @Test func theBudgetIsAShareOfTheFirstMeasuringFromWhenMeasuringAgainStarts() {
        let budget = RemeasureBudget(measured: 160_000_000_000, share: 0.25, now: 1_000)
        #expect(budget.seconds == 40)
        #expect(!budget.isSpent(now: 1_000))
        #expect(!budget.isSpent(now: 1_000 + 39_999_999_999))
        #expect(budget.isSpent(now: 1_000 + 40_000_000_000))
        #expect(budget.spentText(short: 97) == "machine still disturbed after the noise gate's time for measuring again (40 s, 25% of the 160 s the cells took): 97 cells keep the disturbed repetitions they have, and their rows say so")
        #expect(budget.spentText(short: 1).hasSuffix("1 cell keeps the disturbed repetitions it has, and its row says so"))
        #expect(RemeasureBudget(measured: 0).isSpent())
    }

    @Test func theCellsNearestToEnoughQuietRepetitionsGoFirstThenInRunOrder() {
        // nil: a cell not measured (unsupported, failed); 6 and over: enough quiet ones.
        #expect(NoiseGate.remeasureOrder([nil, 3, 0, 6, 2, 0, 7, 3, 5], below: 6) == [8, 1, 7, 4, 2, 5])
        #expect(NoiseGate.remeasureOrder([6, nil, 11], below: 6) == [])
    }

    private func row(quiet: Int, of repetitions: Int, slowdown: Double, gated: Bool = true) -> CellResult {
        let best = 64.0
        let timed = (0..<repetitions).map { index in
            TimedRepetition(nanosecondsPerUnit: 100, sentinel: gated ? best * (index < quiet ? 1 : slowdown) : nil)
        }
        var result = CellResult(Scenarios.standard[0], Registry.implementation(.builtin))
        result.keep(NoiseGate.select(timed, best: gated ? best : .infinity, required: 6), gated: gated)
        return result
    }

    @Test func aRunWhoseCellsKeptDisturbedRepetitionsSaysHowManyAndHowSlow() throws {
        let disturbed = [row(quiet: 2, of: 11, slowdown: 1.3), row(quiet: 0, of: 11, slowdown: 1.5)]
        #expect(disturbed.allSatisfy { $0.keptDisturbed == true })
        let quiet = row(quiet: 9, of: 11, slowdown: 1.4)
        #expect(quiet.keptDisturbed == false)
        let warning = try #require(NoiseGate.slowMachineWarning(disturbed + [quiet]))
        #expect(warning.hasPrefix("the machine ran slow through 2 of 3 cells: fewer than half their repetitions were quiet"))
        // The two rows' medians over all their repetitions: 1.3 (9 of 11 at 1.3) and 1.5; their median 1.4.
        #expect(warning.contains("(their `machine_slowdown` median 1.4)"))
    }

    @Test func aQuietRunAndARunWithoutTheGateSayNothing() {
        #expect(NoiseGate.slowMachineWarning([row(quiet: 11, of: 11, slowdown: 1), row(quiet: 6, of: 11, slowdown: 2)]) == nil)
        let ungated = row(quiet: 0, of: 11, slowdown: 2, gated: false)
        #expect(ungated.keptDisturbed == nil)
        #expect(NoiseGate.slowMachineWarning([ungated]) == nil)
    }
}
