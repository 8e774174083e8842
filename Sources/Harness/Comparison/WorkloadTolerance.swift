/// A count that one workload cannot hold still from run to run, with the wider tolerance compare allows
/// it there and why (docs/COMPARE.md). Listed here, and shown in the report when it hides a change, so
/// that no noisy count is skipped silently.
public struct WorkloadTolerance: Sendable, Equatable {
    /// The scenario it applies to: every workload of it, whatever the parameter.
    public let scenario: String
    /// The results.csv column.
    public let column: String
    public let tolerance: CountMetric.Tolerance
    /// Why the count moves, in one line.
    public let reason: String

    public static let all: [WorkloadTolerance] = [
        // Measured over four default runs of one build: 29888, 33792, 44864, 65984 and 131968 bytes, in
        // steps of libdispatch's 64 KiB caches; a pipeline that kept its elements would keep megabytes.
        WorkloadTolerance(
            scenario: "asyncHop", column: ResultColumn.retainedBytes, tolerance: .absolute(262_144),
            reason: "libdispatch keeps its worker threads' caches after the queue is gone"
        ),
    ]

    /// The tolerance of `column` for `workload` (`asyncHop`, `pipelineDepth (4)`), if one is listed.
    /// `scenario`, the row's own column when the file has it, decides when it is not empty: it covers a
    /// workload over every source (`map [direct]` is scenario `map`).
    public static func find(column: String, workload: String, scenario: String = "") -> WorkloadTolerance? {
        all.first { $0.column == column && (scenario.isEmpty ? $0.applies(to: workload) : $0.scenario == scenario) }
    }

    /// Whether `workload` is this scenario, with or without a parameter.
    public func applies(to workload: String) -> Bool {
        workload == scenario || workload.hasPrefix(scenario + " (")
    }
}
