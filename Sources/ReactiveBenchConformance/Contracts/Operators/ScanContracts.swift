extension ConformanceContract {
    static let scanContracts = [emitsEveryPartialResult]

    /// scan: every partial result of `acc = f(acc, v)` (the shared accumulator adds, from 0).
    public static let emitsEveryPartialResult = ConformanceContract(
        "emitsEveryPartialResult", .operatorValues, operators: [.scan]
    ) { run in
        let rig = try run.makeRig()
        run.expectEvents(
            [.value("1"), .value("3"), .value("6"), .value("-4"), .finished],
            afterRunning: [1, 2, 3, -10].map { .value(.primary, $0) } + [.finish(.primary)],
            on: rig
        )
        run.expectNoViolations(rig.violations)
    }
}
