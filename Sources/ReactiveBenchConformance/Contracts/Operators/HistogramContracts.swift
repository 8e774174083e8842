import StyleKit

extension ConformanceContract {
    static let histogramContracts = [
        compositionArticleExample, compositionArticleExampleFromACollection, anEmptyUpstreamGivesNoBins,
        aFailureGivesNoBins,
    ]

    /// The composition article's example (docs/ORIGINS.md) and its histogram.
    private static let compositionArticleSample = [1, 3, 2, 1, 4, 2, 3, 2]
    private static let compositionArticleBins: [HistogramBin] = [
        HistogramBin(key: 1, count: 2), HistogramBin(key: 2, count: 3),
        HistogramBin(key: 3, count: 2), HistogramBin(key: 4, count: 1),
    ]

    /// histogram, the composition article's example: nothing before the upstream finishes, then one
    /// `[HistogramBin]` sorted by key.
    public static let compositionArticleExample = ConformanceContract(
        "compositionArticleExample", .operatorValues, operators: [.histogram]
    ) { run in
        let rig = try run.makeRig()
        run.expectEvents([], afterRunning: compositionArticleSample.map { .value(.primary, $0) }, on: rig)
        run.expectEvents([.value("[1: 2, 2: 3, 3: 2, 4: 1]"), .finished], afterRunning: [.finish(.primary)], on: rig)
        run.expect(
            rig.events, equals: [.value(String(describing: compositionArticleBins)), .finished],
            "the bins of the article's example"
        )
        run.expectNoViolations(rig.violations)
    }

    /// histogram: the composition article's example from a cold collection, one demanded at a time.
    public static let compositionArticleExampleFromACollection = ConformanceContract(
        "compositionArticleExampleFromACollection", .operatorValues, operators: [.histogram]
    ) { run in
        let cold = try run.substrate.runOverColdInputs(
            .histogram, primary: compositionArticleSample, secondary: [], demand: .onePerValue
        )
        run.expect(
            cold.events, equals: [.value("[1: 2, 2: 3, 3: 2, 4: 1]"), .finished],
            "the events of the article's example, cold"
        )
        run.expectNoViolations(cold.violations)
    }

    /// histogram: an upstream that finishes without a value gives `[]`.
    public static let anEmptyUpstreamGivesNoBins = ConformanceContract(
        "anEmptyUpstreamGivesNoBins", .operatorValues, operators: [.histogram]
    ) { run in
        let rig = try run.makeRig()
        run.expectEvents([.value("[]"), .finished], afterRunning: [.finish(.primary)], on: rig)
    }

    /// histogram: an upstream that fails gives the failure and no bins.
    public static let aFailureGivesNoBins = ConformanceContract("aFailureGivesNoBins", .operatorValues, operators: [.histogram]) {
        run in
        let rig = try run.makeRig()
        let steps: [Step] = [.value(.primary, 1), .value(.primary, 1), .fail(.primary)]
        run.expectEvents([.failure(.primary)], afterRunning: steps, on: rig)
        run.expectNoViolations(rig.violations)
    }
}
