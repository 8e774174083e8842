import Testing
@testable import Runner
import Workloads

/// The noise gate keeps the repetitions timed on a quiet machine, and says so when it cannot.
struct NoiseGateTests {
    private func repetition(_ time: Double, sentinel: Double?, cpuShare: Double? = nil) -> TimedRepetition {
        TimedRepetition(nanosecondsPerUnit: time, sentinel: sentinel, cpuShare: cpuShare)
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

    /// A repetition that shared its core is disturbed, however fast the sentinel's short probes ran around
    /// it, and its slowdown counts the time it had no CPU: 1.04 at the probes with half the CPU is 2.08.
    @Test func aRepetitionWithoutACPUForFivePercentOfItsTimeIsDisturbed() {
        let repetitions = [
            repetition(100, sentinel: 104, cpuShare: 0.999), repetition(190, sentinel: 104, cpuShare: 0.5),
            repetition(101, sentinel: 104, cpuShare: 0.951), repetition(150, sentinel: 104, cpuShare: 0.949),
        ]
        #expect(repetitions.map { $0.isQuiet(best: 100, threshold: NoiseGate.quietThreshold) } == [true, false, true, false])
        let selection = NoiseGate.select(repetitions, best: 100, required: 2)
        #expect(selection.samples == [100, 101])
        #expect(selection.disturbed == 2)
        #expect(repetitions[1].slowdown(best: 100) == 2.08)
        #expect(repetition(1, sentinel: 104, cpuShare: nil).slowdown(best: 100) == 1.04, "not measured: the sentinel alone")
        #expect(repetition(1, sentinel: 104, cpuShare: 1.02).slowdown(best: 100) == 1.04, "a share over 1 is not a speed-up")
    }

    /// When too few are quiet, the note says how many had no CPU for part of their time, and the slowdown of
    /// the repetitions kept says how slow.
    @Test func aCellTimedWhileItSharedItsCoreSaysSo() {
        let repetitions = [
            repetition(190, sentinel: 100, cpuShare: 0.5), repetition(100, sentinel: 100, cpuShare: 1),
            repetition(200, sentinel: 100, cpuShare: 0.5),
        ]
        let selection = NoiseGate.select(repetitions, best: 100, required: 2)
        #expect(selection.samples == [190, 100, 200])
        #expect(selection.disturbed == 2)
        #expect(selection.note == "machine disturbed: only 1 of 3 repetitions were quiet (2 had a CPU for less than 95% of their time); all are kept")
        #expect(selection.slowdown == 2)
    }

    @Test func withoutASentinelEveryRepetitionCounts() {
        let repetitions = [repetition(3, sentinel: nil), repetition(1, sentinel: nil)]
        let selection = NoiseGate.select(repetitions, best: .infinity, required: 2)
        #expect(selection.samples == [3, 1])
        #expect(selection.disturbed == 0)
        #expect(selection.slowdown == nil)
    }

    /// A cell of two threads has no sentinel: it is judged by the CPUs the machine's other processes used
    /// while its process timed it, half a CPU or more being a neighbour.
    @Test func aCellOfTwoThreadsBesideOtherProcessesIsDisturbedAndSaysSo() {
        let alone = TimedRepetition(nanosecondsPerUnit: 900, sentinel: nil, otherProcessesCPUs: 0.49)
        let beside = TimedRepetition(nanosecondsPerUnit: 500, sentinel: nil, otherProcessesCPUs: 0.5)
        #expect(alone.isQuiet(best: .infinity, threshold: NoiseGate.quietThreshold))
        #expect(!beside.isQuiet(best: .infinity, threshold: NoiseGate.quietThreshold))
        let kept = NoiseGate.select([alone, beside, alone], best: .infinity, required: 2)
        #expect(kept.samples == [900, 900] && kept.disturbed == 1 && kept.note == nil)
        let all = NoiseGate.select([beside, beside, alone], best: .infinity, required: 2)
        #expect(all.samples == [500, 500, 900])
        #expect(all.disturbed == 2)
        #expect(all.note == "machine disturbed: only 1 of 3 repetitions were quiet (2 ran while other processes used 0.5 CPUs or more); all are kept")
        #expect(all.slowdown == nil, "no sentinel, no slowdown")
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
