/// The scenario table: every workload, in report order. The runner, the CLI and the tests iterate over
/// this table; nothing else names workloads.
public enum Scenarios {
    /// Every workload at every parameter value (`run --full`). A workload whose source is not under test
    /// (``SourcedWorkload``) is listed over the subject, then at once over the direct source.
    public static let all: [any Workload] = {
        var rows = Rows()
        visitEveryWorkloadType(&rows)
        return rows.all
    }()

    /// The table itself: hands `visitor` the rows of every workload type in report order, each type's
    /// rows as an array of that type, so that code made for each type (a Combine row's cells,
    /// ``CombineCells``) has it as a concrete type. ``all`` is what it lists.
    public static func visitEveryWorkloadType<Visitor: WorkloadTypeVisitor>(_ visitor: inout Visitor) {
        visitor.visit(overBothSources { [FloorWorkload(source: $0)] })
        visitor.visit(overBothSources { [MapWorkload(source: $0)] })
        visitor.visit(overBothSources { [MapStruct64Workload(source: $0)] })
        visitor.visit(overBothSources { [MapObjectWorkload(source: $0)] })
        visitor.visit(overBothSources { [FilterWorkload(source: $0)] })
        visitor.visit(overBothSources { [ScanWorkload(source: $0)] })
        visitor.visit(overBothSources { [ModulusWorkload(source: $0)] })
        visitor.visit(overBothSources { [MapFilterScanWorkload(source: $0)] })
        visitor.visit(overBothSources { source in ChainStage.allCases.flatMap { PipelineDepthWorkload.sweep($0, source) } })
        visitor.visit(overBothSources { [HistogramWorkload(source: $0)] })
        visitor.visit(overBothSources(WithLatestFromWorkload.sweep))
        visitor.visit(overBothSources(SampleWorkload.sweep))
        visitor.visit(overBothSources(SampleWithFromWorkload.sweep))
        visitor.visit(overBothSources(SubscribeChurnWorkload.sweep))
        visitor.visit(overBothSources(DemandWorkload.sweep))
        // `fanOut` over both subjects, the thread hop, two senders: their sources are what they measure.
        visitor.visit(FanOutWorkload.sweep)
        visitor.visit([AsyncHopWorkload()])
        visitor.visit([ContentionWorkload()])
        visitor.visit(FaultWorkload.registered)
        visitor.visit(AnatomyControlWorkload.registered)
        visitor.visit(CallChainControlWorkload.registered)
    }

    /// The default run: every scenario over the subject, swept ones at their middle parameter values
    /// only, but for the depth sweeps, which keep depths 1, 4 and 16 (enough for a fit of the cost of a
    /// stage): map's over both sources, filter's and scan's over the direct source, where the stage is
    /// most of the cost. Over the direct source it also keeps the rows of ``directRowsOfTheDefaultRun``.
    /// `run --full` has every row.
    public static let standard: [any Workload] = all.filter(isInTheDefaultRun)

    private static func isInTheDefaultRun(_ workload: any Workload) -> Bool {
        if testOnlyNames.contains(workload.name) { return false }
        if let chain = workload as? PipelineDepthWorkload {
            return fittedDepths.contains(chain.depth) && (chain.stage == .map || chain.source == .direct)
        }
        if workload.sourceAxis == .direct { return directRowsOfTheDefaultRun.contains(workload.name) }
        return !sweepOnlyNames.contains(workload.name)
    }

    /// The depths of the default run's depth sweeps.
    private static let fittedDepths: Set<Int> = [1, 4, 16]

    /// The direct-source rows the default run keeps besides the depth sweeps: the floor, the smallest
    /// operator, a chain, a two-input operator and churn.
    private static let directRowsOfTheDefaultRun: Set<String> = Set(
        ["floor", "map", "mapFilterScan", "withLatestFrom (10)", "subscribeChurn (4)"].map(SourceKind.direct.rowName)
    )

    /// Rows of the test-only workloads, which no run lists unless the tests ask for them.
    private static let testOnlyNames: Set<String> = Set(
        FaultWorkload.registered.map(\.name) + AnatomyControlWorkload.registered.map(\.name)
            + CallChainControlWorkload.registered.map(\.name)
    )

    /// Parameter values over the subject that only `--full` runs: every value of a numeric sweep but its
    /// middle one. (`demand`'s policies are not a scale with a middle: the default run keeps them all.)
    private static let sweepOnlyNames: Set<String> = {
        let sweeps: [[any SourcedWorkload]] = [
            WithLatestFromWorkload.sweep(.subject), SampleWorkload.sweep(.subject),
            SampleWithFromWorkload.sweep(.subject), SubscribeChurnWorkload.sweep(.subject),
        ]
        let fanOut = ["fanOut", "fanOutCustomSubject"].flatMap { scenario in
            [1, 10, 1000].map { "\(scenario) (\($0))" }
        }
        return Set(sweeps.flatMap(allButTheMiddle) + fanOut)
    }()

    /// The workload of that name, the anatomy's and the call chain's controls (which the price list runs)
    /// included.
    public static func named(_ name: String) -> (any Workload)? {
        all.first { $0.name == name } ?? AnatomyControlWorkload.all.first { $0.name == name }
            ?? CallChainControlWorkload.all.first { $0.name == name }
    }

    /// The workloads `make` lists, each over the subject and then over the direct source.
    private static func overBothSources<W: SourcedWorkload>(_ make: (SourceKind) -> [W]) -> [W] {
        zip(make(.subject), make(.direct)).flatMap { subject, direct in [subject, direct] }
    }

    private static func allButTheMiddle(_ sweep: [any SourcedWorkload]) -> [String] {
        sweep.enumerated().filter { $0.offset != sweep.count / 2 }.map(\.element.name)
    }
}

/// Work done once per workload type of the scenario table, with the type concrete: see
/// ``Scenarios/visitEveryWorkloadType(_:)``.
public protocol WorkloadTypeVisitor {
    /// `rows`: every row of one workload type, in report order.
    mutating func visit<W: Workload>(_ rows: [W])
}

/// Collects the scenario table's rows.
private struct Rows: WorkloadTypeVisitor {
    var all: [any Workload] = []

    mutating func visit<W: Workload>(_ rows: [W]) {
        all += rows as [any Workload]
    }
}
