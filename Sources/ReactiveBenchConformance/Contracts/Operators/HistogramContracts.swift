import StyleKit

extension ConformanceContract {
    static let histogramContracts = [
        seed004Values, seed004ValuesFromACollection, anEmptyUpstreamGivesNoBins, aFailureGivesNoBins,
    ]

    private static let histogramSeed004 = [1, 3, 2, 1, 4, 2, 3, 2]
    private static let histogramSeed004Bins: [HistogramBin] = [
        HistogramBin(key: 1, count: 2), HistogramBin(key: 2, count: 3),
        HistogramBin(key: 3, count: 2), HistogramBin(key: 4, count: 1),
    ]

    /// histogram (seed 004): nothing before the upstream finishes, then one `[HistogramBin]` sorted by key.
    public static let seed004Values = ConformanceContract("seed004Values", .operatorValues, operators: [.histogram]) { run in
        let rig = try run.makeRig()
        run.expectEvents([], afterRunning: histogramSeed004.map { .value(.primary, $0) }, on: rig)
        run.expectEvents([.value("[1: 2, 2: 3, 3: 2, 4: 1]"), .finished], afterRunning: [.finish(.primary)], on: rig)
        run.expect(rig.events, equals: [.value(String(describing: histogramSeed004Bins)), .finished], "the bins of seed 004")
        run.expectNoViolations(rig.violations)
    }

    /// histogram: seed 004's values from a cold collection, one demanded at a time.
    public static let seed004ValuesFromACollection = ConformanceContract(
        "seed004ValuesFromACollection", .operatorValues, operators: [.histogram]
    ) { run in
        let cold = try run.substrate.runOverColdInputs(
            .histogram, primary: histogramSeed004, secondary: [], demand: .onePerValue
        )
        run.expect(cold.events, equals: [.value("[1: 2, 2: 3, 3: 2, 4: 1]"), .finished], "the events of seed 004, cold")
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
