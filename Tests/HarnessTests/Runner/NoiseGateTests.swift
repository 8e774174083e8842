import Testing
@testable import Runner
import Workloads

/// The noise gate keeps the repetitions timed on a quiet machine, and says so when it cannot.
struct NoiseGateTests {
    private func repetition(_ time: Double, sentinel: Double?) -> TimedRepetition {
        TimedRepetition(nanosecondsPerUnit: time, sentinel: sentinel)
    }

    @Test func repetitionsTimedWhileTheSentinelRanSlowAreLeftOut() {
        let repetitions = [
            repetition(100, sentinel: 110), repetition(150, sentinel: 170), repetition(101, sentinel: 112),
            repetition(99, sentinel: 114), repetition(148, sentinel: 165),
        ]
        let selection = NoiseGate.select(repetitions, best: 110, required: 3)
        #expect(selection.samples == [100, 101, 99])
        #expect(selection.disturbed == 2)
        #expect(selection.note == nil)
        #expect(selection.slowdown == 112.0 / 110)
    }

    @Test func theThresholdIsFifteenPercentAboveTheBest() {
        let justBelow = repetition(1, sentinel: 114.9)
        let justAbove = repetition(1, sentinel: 115.1)
        #expect(justBelow.isQuiet(best: 100, threshold: NoiseGate.quietThreshold))
        #expect(!justAbove.isQuiet(best: 100, threshold: NoiseGate.quietThreshold))
    }

    @Test func tooFewQuietRepetitionsKeepsThemAllAndSaysWhy() {
        let repetitions = [repetition(150, sentinel: 170), repetition(100, sentinel: 100), repetition(152, sentinel: 168)]
        let selection = NoiseGate.select(repetitions, best: 100, required: 2)
        #expect(selection.samples == [150, 100, 152])
        #expect(selection.disturbed == 2, "kept, and still counted: a cell timed in a slow phase says so")
        #expect(selection.note == "machine disturbed: only 1 of 3 repetitions were quiet; all are kept")
        #expect(selection.slowdown == 1.68)
    }

    @Test func withoutASentinelEveryRepetitionCounts() {
        let repetitions = [repetition(3, sentinel: nil), repetition(1, sentinel: nil)]
        let selection = NoiseGate.select(repetitions, best: .infinity, required: 2)
        #expect(selection.samples == [3, 1])
        #expect(selection.disturbed == 0)
        #expect(selection.slowdown == nil)
    }

    @Test func halfOfTheRepetitionsMustBeQuiet() {
        #expect(Runner.requiredQuiet(11) == 6)
        #expect(Runner.requiredQuiet(5) == 3)
        #expect(Runner.requiredQuiet(1) == 1)
    }

    /// A real run with the gate on: every kept or disturbed repetition is accounted for, and the machine's
    /// slowdown is reported.
    @Test func aGatedRunAccountsForEveryRepetition() throws {
        var configuration = RunnerFixture.tiny
        configuration.noiseGate = true
        guard let runner = try RunnerFixture.runner(configuration) else { return }
        let outcome = runner.measure(workloads: [MapWorkload()], implementations: RunnerFixture.implementations(.baseline, .structBridge))
        let best = try #require(outcome.sentinelBest)
        #expect(best > 0 && best.isFinite)
        for result in outcome.results {
            let disturbed = try #require(result.disturbedRepetitions)
            #expect(result.nanosecondsPerUnit.count + disturbed >= configuration.repetitions, "\(RunnerFixture.title(result))")
            #expect(try #require(result.machineSlowdown) >= 1)
        }
    }
}
