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
            scenario: "asyncHop", column: ResultColumn.retainedBytes, tolerance: .absolute(262_144),
            reason: "libdispatch keeps its worker threads' caches after the queue is gone"
        ),
    ] + asyncSequenceAllocations

    /// The `asyncSequence` row allocates whenever its consumer task suspends on an empty stream and is
    /// resumed (a continuation, a job), and how often that happens depends on the race between the
    /// sending thread and the task: seen 2.75 to 6.5 allocations per element and 22 to 29 per churned
    /// subscription in runs of one build. These tolerances keep the gate from calling that race a
    /// change. Its `retained_bytes` move too, as `asyncHop`'s do: libdispatch starts and caches for the
    /// executor's threads as the run goes (seen: 0.5 to 160 KB per cell in one run).
    private static let asyncSequenceAllocations: [WorkloadTolerance] = [
        (ResultColumn.allocationsPerUnit, 16.0), (ResultColumn.bytesPerUnit, 2_048),
        (ResultColumn.allocationsPerSubscription, 16), (ResultColumn.bytesPerSubscription, 4_096),
    ].map { column, amount in
        WorkloadTolerance(
            scenario: "", implementation: "asyncSequence", column: column, tolerance: .absolute(amount),
            reason: "the consumer task's suspensions, which allocate, depend on its race with the sender"
        )
    } + [
        WorkloadTolerance(
            scenario: "", implementation: "asyncSequence", column: ResultColumn.retainedBytes,
            tolerance: .absolute(262_144), reason: "libdispatch keeps the executor threads' caches"
        ),
    ]

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
