/// Synchronous cold inputs (`Publishers.Sequence`, `Observable.from`) deliver from inside `subscribe` and
/// `request`, re-entering the operator: the results still follow the reference model.
extension ConformanceContract {
    static let coldSourceContracts = [coldInputsGiveTheModelsHistory]

    /// Over cold inputs of values and of none, with `.unlimited` demand and with one value at a time, the
    /// downstream receives the reference model's history.
    public static let coldInputsGiveTheModelsHistory = ConformanceContract("coldInputsGiveTheModelsHistory", .coldSources) {
        run in
        for demand in [DemandPolicy.unlimited, .onePerValue] {
            for (primary, secondary) in [([3, 4, 5, -2], [1, 2]), ([3, 4], []), ([], [1]), ([], [])] {
                let operation = run.operation
                let cold = try run.substrate.runOverColdInputs(operation, primary: primary, secondary: secondary, demand: demand)
                let script = ColdSources.script(operation, family: run.family, primary: primary, secondary: secondary, demand: demand)
                let inputs = "cold inputs \(primary) and \(secondary) with \(demand)"
                run.expect(cold.events, equals: run.expected(script), "the events of \(inputs)")
                run.expectNoViolations(cold.violations, after: inputs)
            }
        }
    }
}
