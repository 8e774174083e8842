import Harness
import Implementations
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

    static func implementations(_ ids: ImplementationID...) -> [Implementation] {
        ids.map(Registry.implementation)
    }

    /// "workload / implementation", for messages.
    static func title(_ result: CellResult) -> String {
        "\(result.workload) / \(result.implementation.rawValue)"
    }
}
