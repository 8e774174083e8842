import Harness
import Runner
import StyleKit
import Testing
import Workloads

/// The tiny, fixed configuration every runner test uses, and a runner that counts the allocations of the
/// test's own thread (the process-wide count would include whatever other tests run in parallel).
enum RunnerFixture {
    /// 100 warm-up units, then 200 timed units in 2 batches; a 100-element latency repetition. No noise
    /// gate: these tests check what cells compute, and the gate's extra repetitions would make the
    /// number of repetitions depend on the machine's load (``NoiseGateTests`` covers the gate).
    static let tiny = RunConfiguration(
        repetitions: 2, unitsPerRepetition: 200, batches: 2, measuresLatency: true, latencyUnits: 100,
        noiseGate: false
    )
    /// What one repetition of ``tiny`` sends: the runner's minimum of 100 warm-up units, then 200 timed.
    static let unitsSentPerRepetition = 300

    /// A runner, or nil when `REACTIVE_BENCH_NO_JEMALLOC=1` says jemalloc is absent on purpose (then the
    /// probe's refusal has been checked instead). Use it on the calling thread only.
    static func runner(
        _ configuration: RunConfiguration = tiny, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Runner? {
        guard let probe = try JemallocRequirement.probe(scope: .currentThread, sourceLocation: sourceLocation)
        else { return nil }
        return Runner(configuration: configuration, probe: probe)
    }

    /// Runs `workloads` x `implementations` with a runner of `configuration` on a thread of its own
    /// (``onOwnThread(_:)``: the `asyncSequence` cells must not wait on a thread of the concurrent
    /// executor), or nil as ``runner(_:sourceLocation:)`` says.
    static func run(
        _ workloads: [any Workload], _ implementations: [Implementation], _ configuration: RunConfiguration = tiny,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> [CellResult]? {
        let work = UncheckedWorkloads(workloads)
        return try await onOwnThread {
            guard let runner = try runner(configuration, sourceLocation: sourceLocation) else { return nil }
            return runner.run(workloads: work.workloads, implementations: implementations)
        }
    }

    static func implementations(_ ids: ImplementationID...) -> [Implementation] {
        ids.map(Registry.implementation)
    }

    /// "workload / implementation", for messages.
    static func title(_ result: CellResult) -> String {
        "\(result.workload) / \(result.implementation.rawValue)"
    }
}

/// Workloads handed to the runner's thread: every workload is a value that thread only reads.
private struct UncheckedWorkloads: @unchecked Sendable {
    let workloads: [any Workload]

    init(_ workloads: [any Workload]) {
        self.workloads = workloads
    }
}
