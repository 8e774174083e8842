extension ConformanceContract {
    static let mapContracts = [transformsEveryValue]

    /// map: `f(v)` per value (the shared transform is `2v + 1`), then the completion.
    public static let transformsEveryValue = ConformanceContract("transformsEveryValue", .operatorValues, operators: [.map]) {
        run in
        let rig = try run.makeRig()
        run.expectEvents(
            [.value("3"), .value("-5"), .value("1"), .finished],
            afterRunning: [.value(.primary, 1), .value(.primary, -3), .value(.primary, 0), .finish(.primary)],
            on: rig
        )
        run.expectNoViolations(rig.violations)
    }
}
