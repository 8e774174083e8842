import Foundation
import Harness
@testable import Runner
import Testing
import Workloads

/// `call_depth`: how many frames below a cell's loop its sink receives an element, counted along the
/// frame-pointer chain.
struct CallDepthTests {
    /// The control: a cell that delivers each element through exactly `depth` nested calls of its own.
    /// Whatever frames the sink's own path adds (more in a debug build, which inlines nothing), each call
    /// the control adds is one frame more.
    @Test func aControlThatNestsKCallsIsKFramesDeeper() throws {
        let depths = try [1, 4, 9].map { depth in
            try #require(Runner.callDepth(NestedDeliveryCell(depth: depth), from: 0), "depth \(depth)")
        }
        #expect(depths[1] - depths[0] == 3 && depths[2] - depths[0] == 8, "\(depths)")
        #expect(depths[0] >= 2, "the control's call and the sink's record at least: \(depths)")
    }

    /// A cell whose sink never records (nothing reaches it) has no depth, and its sink is left as it was:
    /// out of latency mode, with no origin to count from.
    @Test func noElementReachingTheSinkIsNoDepth() {
        let cell = NestedDeliveryCell(depth: 3, delivers: false)
        #expect(Runner.callDepth(cell, from: 0) == nil)
        #expect(cell.sink.latency == nil && cell.sink.state.pointee.callDepthOrigin == nil)
    }

    /// The release tool's rows: over the direct source each stage adds one frame in `structBridge` (its
    /// stages inline into one another but for one frame each), three in `classSubscription` and
    /// `rxSink`, four in `anySubscriber` (gdb counted the same: docs/PROFILES.md); an `asyncSequence`
    /// cell's sink receives on its consumer's thread, where the chain does not lead back: empty.
    @Test func theReleaseToolsStagesAddTheirFrames() async throws {
        guard let tool = ToolBinary.release() else { return }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let stages = [1, 4, 16]
        let outcome = try await ToolProcess.run(tool, [
            "run", "--workloads"] + stages.map { "pipelineDepth (\($0)) [direct]" } + ["pipelineDepth (1)",
            "--implementations", "structBridge,classSubscription,rxSink,anySubscriber,asyncSequence", "--elements", "1000",
            "--repetitions", "1", "--no-noise-gate", "--no-latency", "--output", "runs",
        ], in: directory.path, timeLimit: .seconds(300))
        #expect(outcome.exitedNormally && outcome.exitStatus == 0, "\(outcome)")
        let run = try #require(try FileManager.default.contentsOfDirectory(atPath: directory.appending("runs")).first)
        let table = try CSVTable.read(from: directory.appending("runs/\(run)/results.csv"))
        func depth(_ workload: String, _ implementation: String) -> String? {
            table.rows.first { $0[table.header.firstIndex(of: "workload")!] == workload
                && $0[table.header.firstIndex(of: "implementation")!] == implementation }?[table.header.firstIndex(of: "call_depth")!]
        }
        for (implementation, perStage) in [("structBridge", 1), ("classSubscription", 3), ("rxSink", 3), ("anySubscriber", 4)] {
            let depths = stages.map { depth("pipelineDepth (\($0)) [direct]", implementation).flatMap { Int($0) } }
            let read = depths.compactMap { $0 }
            #expect(read.count == 3, "\(implementation): \(depths)")
            guard read.count == 3 else { continue }
            #expect(read[1] - read[0] == 3 * perStage && read[2] - read[1] == 12 * perStage, "\(implementation): \(read)")
        }
        #expect(depth("pipelineDepth (1)", "asyncSequence") == "", "received on the consumer's thread")
    }
}

/// Delivers each element through `depth` nested calls of ``deliver(_:_:into:)``, the innermost handing it
/// to the sink; each call folds what its callee returns, so that none is a tail call. With `delivers`
/// false nothing reaches the sink.
private final class NestedDeliveryCell: Cell {
    let sink = OutputSink()
    private let depth: Int
    private let delivers: Bool

    init(depth: Int, delivers: Bool = true) {
        self.depth = depth
        self.delivers = delivers
    }

    func setUp() {}

    func tearDown() {}

    func run(from start: Int, count: Int) {
        guard delivers else { return }
        for index in start..<(start + count) {
            blackHole(Self.deliver(index, depth - 1, into: sink))
        }
    }

    @inline(never)
    private static func deliver(_ value: Int, _ remaining: Int, into sink: OutputSink) -> Int {
        if remaining == 0 {
            sink.receive(value)
            return value
        }
        return deliver(value &+ 1, remaining - 1, into: sink) &* 31 &+ remaining
    }
}
