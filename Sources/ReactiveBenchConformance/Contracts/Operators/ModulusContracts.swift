extension ConformanceContract {
    static let modulusContracts = [modulus3OfMinus10Through10, modulus3OfACollection]

    /// The composition article's `abs(v % 3)` of -10 through 10 (docs/ORIGINS.md).
    private static let compositionArticleModuli = [1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1]

    /// modulus (the struct-bridge pattern's `ModulusOperator`): `abs(value % modulo)` of -10 through 10
    /// sent one by one.
    public static let modulus3OfMinus10Through10 = ConformanceContract(
        "modulus3OfMinus10Through10", .operatorValues, operators: [.modulus]
    ) { run in
        let rig = try run.makeRig()
        run.expectEvents(
            compositionArticleModuli.map { .value("\($0)") } + [.finished],
            afterRunning: (-10...10).map { .value(.primary, $0) } + [.finish(.primary)],
            on: rig
        )
        run.expectNoViolations(rig.violations)
    }

    /// modulus: the same values from a cold collection, one demanded at a time.
    public static let modulus3OfACollection = ConformanceContract(
        "modulus3OfACollection", .operatorValues, operators: [.modulus]
    ) { run in
        let cold = try run.substrate.runOverColdInputs(.modulus, primary: Array(-10...10), secondary: [], demand: .onePerValue)
        run.expect(cold.events, equals: compositionArticleModuli.map { .value("\($0)") } + [.finished], "the events of -10...10, cold")
        run.expectNoViolations(cold.violations)
    }
}
