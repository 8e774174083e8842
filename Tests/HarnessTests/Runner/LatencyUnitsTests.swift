import Harness
@testable import Runner
import Testing

/// The latency repetition records every element it may (`latencyUnits`, at most a repetition's), unless
/// that would take longer than ten timed repetitions; then as many as fit, never fewer than 20,000.
struct LatencyUnitsTests {
    @Test func allOfThemUnlessTheyWouldTakeLongerThanTenRepetitions() {
        let forty = RunConfiguration(targetRepetitionNanoseconds: 40_000_000)
        #expect(forty.latencyUnits(of: 200_000, nanosecondsPerUnit: 20) == 200_000)
        #expect(forty.latencyUnits(of: 200_000, nanosecondsPerUnit: 2_000) == 200_000, "exactly ten repetitions")
        #expect(forty.latencyUnits(of: 200_000, nanosecondsPerUnit: 18_000) == 22_222)
        #expect(forty.latencyUnits(of: 200_000, nanosecondsPerUnit: 1_000_000) == 20_000, "the least")
        #expect(forty.latencyUnits(of: 5_000, nanosecondsPerUnit: 1_000_000) == 5_000, "fewer asked for than the least")
        #expect(forty.latencyUnits(of: 200_000, nanosecondsPerUnit: 0) == 200_000, "a clock that did not move")
    }

    /// The controls: elements that take at least 40 µs each (a spin on the clock), and elements that take
    /// next to nothing. Ten repetitions of 60 ms hold 15,000 of the slow ones, so 20,000 (the least) of
    /// the 30,000 asked for run; the fast ones all run, unless the first 1,000 took 20 ms.
    @Test func elementsThatTakeLongRunTheLeastAndFastOnesAll() {
        let configuration = RunConfiguration(targetRepetitionNanoseconds: 60_000_000)
        var slow: [Range<Int>] = []
        let ranSlow = Runner.runLatencyUnits(30_000, configuration) { from, count in
            slow.append(from..<(from + count))
            for _ in 0..<count {
                let started = Clock.now()
                while Clock.now() - started < 40_000 {}
            }
        }
        #expect(ranSlow == 20_000 && slow == [0..<1_000, 1_000..<20_000], "\(slow)")
        var fast: [Range<Int>] = []
        let ranFast = Runner.runLatencyUnits(30_000, configuration) { from, count in fast.append(from..<(from + count)) }
        #expect(ranFast == 30_000 && fast == [0..<1_000, 1_000..<30_000], "\(fast)")
        var few: [Range<Int>] = []
        #expect(Runner.runLatencyUnits(600, configuration) { few.append($0..<($0 + $1)) } == 600 && few == [0..<600])
    }
}
