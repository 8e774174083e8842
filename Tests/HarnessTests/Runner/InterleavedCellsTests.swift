import Harness
@testable import Runner
import StyleKit
import Testing
import Workloads

/// ``Runner/measureInterleaved(_:_:)``: a round is one repetition of every cell of the group, in this
/// process; what a repetition measures is the runner's (RunnerTests), and no time is judged here.
struct InterleavedCellsTests {
    private static let configuration = RunConfiguration(
        repetitions: 3, unitsPerRepetition: 200, batches: 2, measuresLatency: false, noiseGate: false
    )

    /// retainRelease's two controls.
    private static var group: [any Workload] { [1, 3].map { AnatomyControlWorkload(.retainRelease, times: $0) } }

    @Test func everyRoundTimesEveryCellOnce() async throws {
        let measured = try await onOwnThread { () -> InterleavedCells? in
            guard let runner = try RunnerFixture.runner(Self.configuration) else { return nil }
            return runner.measureInterleaved(Self.group, Registry.implementation(.baseline))
        }
        guard let measured else { return }
        #expect(measured.results.map(\.workload) == Self.group.map(\.name))
        #expect(measured.results.allSatisfy { $0.status == .ok && $0.unitsPerRepetition == 200 }, "\(measured.results.map(\.detail))")
        #expect(measured.rounds.count == 3 && measured.rounds.allSatisfy { $0.count == 2 })
        #expect(measured.rounds.joined().allSatisfy { $0.nanosecondsPerUnit > 0 && $0.sentinel == nil }, "no gate: no sentinel")
        #expect(measured.sentinelBest == nil)
    }

    /// A group one of whose cells the implementation cannot run is measured not at all.
    @Test func aGroupWithAnUnsupportedCellHasNoRounds() throws {
        guard let runner = try RunnerFixture.runner(Self.configuration) else { return }
        let measured = runner.measureInterleaved(Self.group, Registry.implementation(.builtin))
        #expect(measured.results.allSatisfy { $0.status == .unsupported } && measured.rounds.isEmpty)
    }
}
