/// The scenario table: every workload, in report order. The runner, the CLI and the tests iterate over
/// this table; nothing else names workloads.
public enum Scenarios {
    /// Every workload at every parameter value (`run --full`).
    public static let all: [any Workload] = [
        FloorWorkload(),
        MapWorkload(),
        MapStruct64Workload(),
        MapObjectWorkload(),
        FilterWorkload(),
        ScanWorkload(),
        ModulusWorkload(),
        MapFilterScanWorkload(),
    ] + PipelineDepthWorkload.sweep + [
        HistogramWorkload(),
    ] + WithLatestFromWorkload.sweep + SampleWorkload.sweep + SampleWithFromWorkload.sweep
        + churnDemandFanOutAndThreads + FaultWorkload.registered + AnatomyControlWorkload.registered

    /// Subscription churn over chain depth, demand policies, `fanOut` over both subjects, the thread hop,
    /// two senders.
    private static let churnDemandFanOutAndThreads: [any Workload] =
        (SubscribeChurnWorkload.sweep as [any Workload])
        + (DemandWorkload.sweep as [any Workload])
        + (FanOutWorkload.sweep as [any Workload])
        + [AsyncHopWorkload(), ContentionWorkload()]

    /// The default run: every scenario, swept ones at their middle parameter values only.
    public static let standard: [any Workload] = all.filter { workload in
        !sweepOnlyNames.contains(workload.name)
    }

    /// Parameter values that only `--full` runs: every value of a numeric sweep but its middle one.
    /// (`demand`'s policies are not a scale with a middle: the default run keeps them all.)
    private static let sweepOnlyNames: Set<String> = Set(
        [
            PipelineDepthWorkload.sweep, WithLatestFromWorkload.sweep, SampleWorkload.sweep,
            SampleWithFromWorkload.sweep,
        ].flatMap(allButTheMiddle) + FaultWorkload.registered.map(\.name) + AnatomyControlWorkload.registered.map(\.name)
        + [
            "subscribeChurn (1)", "subscribeChurn (16)",
            "fanOut (1)", "fanOut (10)", "fanOut (1000)",
            "fanOutCustomSubject (1)", "fanOutCustomSubject (10)", "fanOutCustomSubject (1000)",
        ]
    )

    public static func named(_ name: String) -> (any Workload)? {
        all.first { $0.name == name }
    }

    private static func allButTheMiddle(_ sweep: [any Workload]) -> [String] {
        sweep.enumerated().filter { $0.offset != sweep.count / 2 }.map(\.element.name)
    }
}
