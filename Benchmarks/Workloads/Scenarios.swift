/// The scenario table: every workload, in report order. The runner, the CLI and the tests iterate over
/// this table; nothing else names workloads.
public enum Scenarios {
    /// Every workload at every parameter value (`run --full`). A workload whose source is not under test
    /// (``SourcedWorkload``) is listed over the subject, then at once over the direct source.
    public static let all: [any Workload] = overBothSources { source in
        [
            FloorWorkload(source: source),
            MapWorkload(source: source),
            MapStruct64Workload(source: source),
            MapObjectWorkload(source: source),
            FilterWorkload(source: source),
            ScanWorkload(source: source),
            ModulusWorkload(source: source),
            MapFilterScanWorkload(source: source),
        ] + PipelineDepthWorkload.sweep(source) + [
            HistogramWorkload(source: source),
        ] + WithLatestFromWorkload.sweep(source) + SampleWorkload.sweep(source) + SampleWithFromWorkload.sweep(source)
            + SubscribeChurnWorkload.sweep(source) + DemandWorkload.sweep(source)
    } + fanOutAndThreads + FaultWorkload.registered + AnatomyControlWorkload.registered

    /// `fanOut` over both subjects, the thread hop, two senders: their sources are what they measure.
    private static let fanOutAndThreads: [any Workload] =
        (FanOutWorkload.sweep as [any Workload]) + [AsyncHopWorkload(), ContentionWorkload()]

    /// The default run: every scenario over the subject, swept ones at their middle parameter values
    /// only, and over the direct source the handful of rows in ``directRowsOfTheDefaultRun``.
    public static let standard: [any Workload] = all.filter { workload in
        guard !sweepOnlyNames.contains(workload.name) else { return false }
        return workload.sourceAxis != .direct || directRowsOfTheDefaultRun.contains(workload.name)
    }

    /// The direct-source rows the default run keeps: the floor, the smallest operator, a chain, the
    /// middle depth, a two-input operator and churn (`run --full` has every direct row).
    private static let directRowsOfTheDefaultRun: Set<String> = Set(
        ["floor", "map", "mapFilterScan", "pipelineDepth (4)", "withLatestFrom (10)", "subscribeChurn (4)"]
            .map(SourceKind.direct.rowName)
    )

    /// Parameter values that only `--full` runs: every value of a numeric sweep but its middle one, over
    /// either source. (`demand`'s policies are not a scale with a middle: the default run keeps them all.)
    private static let sweepOnlyNames: Set<String> = Set(
        SourceKind.allCases.flatMap { source in
            [
                PipelineDepthWorkload.sweep(source), WithLatestFromWorkload.sweep(source), SampleWorkload.sweep(source),
                SampleWithFromWorkload.sweep(source), SubscribeChurnWorkload.sweep(source),
            ].flatMap(allButTheMiddle)
        } + FaultWorkload.registered.map(\.name) + AnatomyControlWorkload.registered.map(\.name)
        + [
            "fanOut (1)", "fanOut (10)", "fanOut (1000)",
            "fanOutCustomSubject (1)", "fanOutCustomSubject (10)", "fanOutCustomSubject (1000)",
        ]
    )

    public static func named(_ name: String) -> (any Workload)? {
        all.first { $0.name == name }
    }

    /// The workloads `make` lists, each over the subject and then over the direct source.
    private static func overBothSources(_ make: (SourceKind) -> [any SourcedWorkload]) -> [any Workload] {
        zip(make(.subject), make(.direct)).flatMap { subject, direct in [subject, direct] as [any Workload] }
    }

    private static func allButTheMiddle(_ sweep: [any SourcedWorkload]) -> [String] {
        sweep.enumerated().filter { $0.offset != sweep.count / 2 }.map(\.element.name)
    }
}
