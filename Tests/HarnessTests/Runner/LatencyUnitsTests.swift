import Harness
@testable import Runner
import StyleKit
import Testing
import Workloads

/// The latency repetition records every element it may (`latencyUnits`, at most a repetition's), unless
/// that would take longer than ten timed repetitions; then as many as fit, never fewer than 20,000.
struct LatencyUnitsTests {
    @Test func allOfThemUnlessTheyWouldTakeLongerThanTenRepetitions() {
        let standard = RunConfiguration.standard
        #expect(standard.latencyUnits(of: 200_000, nanosecondsPerUnit: 20) == 200_000)
        #expect(standard.latencyUnits(of: 200_000, nanosecondsPerUnit: 2_000) == 200_000, "exactly ten repetitions")
        #expect(standard.latencyUnits(of: 200_000, nanosecondsPerUnit: 18_000) == 22_222)
        #expect(standard.latencyUnits(of: 200_000, nanosecondsPerUnit: 1_000_000) == 20_000, "the least")
        #expect(standard.latencyUnits(of: 5_000, nanosecondsPerUnit: 1_000_000) == 5_000, "fewer asked for than the least")
        #expect(standard.latencyUnits(of: 200_000, nanosecondsPerUnit: 0) == 200_000, "a clock that did not move")
    }

    /// The control: a thread hop waits for each element's wake-up in its latency repetition (microseconds
    /// an element), a plain loop does not. With repetitions of 1 ms the hop's latency repetition may take
    /// 10 ms, so it records the least, 20,000 of the 30,000 asked for; the loop's 30,000 fit.
    @Test func aCellThatWaitsForEachElementRecordsTheLeastAndAFastOneAll() async throws {
        let (hop, loop) = try await onOwnThread {
            let probe = try #require(try JemallocRequirement.probe(scope: .currentThread))
            let configuration = RunConfiguration(
                repetitions: 1, targetRepetitionNanoseconds: 1_000_000, unitsPerRepetition: 100_000, latencyUnits: 30_000,
                noiseGate: false
            )
            let runner = Runner(configuration: configuration, probe: probe)
            let asyncHop = try #require(Scenarios.named("asyncHop")), map = try #require(Scenarios.named("map"))
            let baseline = Registry.implementation(.baseline)
            return (runner.measureUngated(asyncHop, baseline, latency: true), runner.measureUngated(map, baseline, latency: true))
        }
        #expect(hop.result.status == .ok && loop.result.status == .ok)
        #expect(hop.result.latency?.count == 20_000, "\(String(describing: hop.result.latency))")
        #expect(loop.result.latency?.count == 30_000, "\(String(describing: loop.result.latency))")
    }
}
