/// A count that one workload cannot hold still from run to run, with the wider tolerance compare allows
/// it there and why (docs/COMPARE.md). Listed here, and shown in the report when it hides a change, so
/// that no noisy count is skipped silently.
public struct WorkloadTolerance: Sendable, Equatable {
    /// The scenario it applies to: every workload of it, whatever the parameter; "" for every scenario.
    public let scenario: String
    /// The implementation whose rows it applies to, or nil for every implementation's.
    public let implementation: String?
    /// The results.csv column.
    public let column: String
    public let tolerance: CountMetric.Tolerance
    /// Why the count moves, in one line.
    public let reason: String

    public static let all: [WorkloadTolerance] = [
        // Measured over four default runs of one build: 29888, 33792, 44864, 65984 and 131968 bytes, in
        // steps of libdispatch's 64 KiB caches; a pipeline that kept its elements would keep megabytes.
        WorkloadTolerance(
            scenario: "asyncHop", column: ResultColumn.retainedBytes.name, tolerance: .absolute(262_144),
            reason: "libdispatch keeps its worker threads' caches after the queue is gone"
        ),
    ] + asyncSequenceAllocations

    /// The `asyncSequence` row's counts do not repeat, and compare reports them without a verdict. The
    /// row allocates whenever its consumer task suspends on an empty stream and is resumed (a
    /// continuation, a job), and how often depends on the race between the sending thread and the task
    /// (seen: 2.75 to 6.5 allocations per element in runs of one build). Worse, the consumer's thread
    /// allocates from jemalloc's per-thread cache, whose counts reach the totals the probe reads only when
    /// that thread flushes its cache, at a moment the harness does not choose: one `pipelineDepth (4)`
    /// set-up read 28,265 allocations, the next run's 24. Its `retained_bytes` move as `asyncHop`'s do.
    private static let asyncSequenceAllocations: [WorkloadTolerance] = [
        ResultColumn.allocationsPerUnit.name, ResultColumn.bytesPerUnit.name, ResultColumn.allocationsPerSubscription.name,
        ResultColumn.bytesPerSubscription.name, ResultColumn.retainedBytes.name,
    ].map { column in
        WorkloadTolerance(
            scenario: "", implementation: "asyncSequence", column: column, tolerance: .notGated,
            reason: "the consumer task's allocations depend on its race with the sender, and reach the count when its thread flushes jemalloc's cache"
        )
    }

    init(
        scenario: String, implementation: String? = nil, column: String, tolerance: CountMetric.Tolerance,
        reason: String
    ) {
        self.scenario = scenario
        self.implementation = implementation
        self.column = column
        self.tolerance = tolerance
        self.reason = reason
    }

    /// The tolerance of `column` for `workload` (`asyncHop`, `pipelineDepth (4)`), if one is listed.
    /// `scenario`, the row's own column when the file has it, decides when it is not empty: it covers a
    /// workload over every source (`map [direct]` is scenario `map`).
    /// An `implementation` given selects, besides those, the tolerances of that implementation's rows.
    public static func find(
        column: String, workload: String, scenario: String = "", implementation: String? = nil
    ) -> WorkloadTolerance? {
        all.first { tolerance in
            guard tolerance.column == column else { return false }
            if let only = tolerance.implementation, only != implementation { return false }
            if tolerance.scenario.isEmpty { return true }
            return scenario.isEmpty ? tolerance.applies(to: workload) : tolerance.scenario == scenario
        }
    }

    /// Whether `workload` is this scenario, with or without a parameter (every workload, for "").
    public func applies(to workload: String) -> Bool {
        scenario.isEmpty || workload == scenario || workload.hasPrefix(scenario + " (")
    }

    /// What a report names it by: the scenario, the implementation, or both.
    public var name: String {
        [scenario, implementation ?? ""].filter { !$0.isEmpty }.joined(separator: " / ")
    }
}
