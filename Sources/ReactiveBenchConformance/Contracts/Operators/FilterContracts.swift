extension ConformanceContract {
    static let filterContracts = [keepsTheIncludedValues, aDroppedValueReturnsOneDemandUpstream]

    /// filter: `v` when `p(v)` (the shared predicate keeps even values), then the completion.
    public static let keepsTheIncludedValues = ConformanceContract(
        "keepsTheIncludedValues", .operatorValues, operators: [.filter]
    ) { run in
        let rig = try run.makeRig()
        run.expectEvents(
            [.value("2"), .value("4"), .value("-6"), .finished],
            afterRunning: [1, 2, 3, 4, -6, 7].map { .value(.primary, $0) } + [.finish(.primary)],
            on: rig
        )
        run.expectNoViolations(rig.violations)
    }

    /// filter: a dropped value returns `.max(1)` to the upstream from `receive(_:)`, so that the downstream
    /// still gets what it asked for.
    public static let aDroppedValueReturnsOneDemandUpstream = ConformanceContract(
        "aDroppedValueReturnsOneDemandUpstream", .operatorValues, operators: [.filter], scope: .supportedWithDemand
    ) { run in
        let rig = try run.makeCombineRig(demand: .manual)
        // Without the replenishment the source would have had no demand left for 3 and 4.
        let steps: [Step] = [.request(1), .value(.primary, 1), .value(.primary, 3), .value(.primary, 4), .value(.primary, 6)]
        run.expectEvents([.value("4")], afterRunning: steps, on: rig)
        let upstream = try run.log(of: .primary, in: rig)
        run.expect(upstream.requests, equals: [.max(1)], "the upstream's requests (replenished through receive's return value)")
        run.expect(upstream.deliveredValues, equals: 3, "values the upstream delivered")
        run.expectNoViolations(rig.violations)
    }
}
