/// Cancellation (every family; dispose for Rx): nothing after it, it reaches every input, and it is safe to
/// repeat, from several threads too.
extension ConformanceContract {
    static let cancellationContracts = [
        nothingArrivesAfterCancel, cancelReachesEveryInput, cancelTwiceDoesNothingMore, cancelTwiceAtOnceDoesNothingMore,
        cancelFromInsideReceiveStopsEverything,
    ]

    /// Nothing reaches the downstream after it cancels, whatever its inputs still do.
    public static let nothingArrivesAfterCancel = ConformanceContract("nothingArrivesAfterCancel", .cancellation) { run in
        let operation = run.operation
        let script = Script(
            Scenarios.productive(operation, count: 2) + [.cancel] + Scenarios.productive(operation, count: 2, from: 3)
                + Scenarios.completion(operation) + Scenarios.aftermath
        )
        let rig = try run.makeRig()
        rig.run(script.steps)
        run.expect(rig.events, toFollow: script)
        run.expect(rig.terminalEventCount, equals: 0, "terminal events after \(script)")
        run.expectNoViolations(rig.violations, after: script)
    }

    /// The downstream's cancel cancels the operator's subscription to every input, once.
    public static let cancelReachesEveryInput = ConformanceContract("cancelReachesEveryInput", .cancellation) { run in
        let rig = try run.makeRig()
        rig.run(Scenarios.productive(run.operation, count: 1) + [.cancel])
        run.expect(rig.cancelCount(.primary), equals: 1, "cancels of the upstream after the downstream's cancel")
        if Scenarios.usesSecondary(run.operation) {
            run.expect(rig.cancelCount(.secondary), equals: 1, "cancels of the second input after the downstream's cancel")
        }
    }

    /// A second cancel, right after the first, does nothing more.
    public static let cancelTwiceDoesNothingMore = ConformanceContract("cancelTwiceDoesNothingMore", .cancellation) { run in
        try expectCancellingTwiceDoesNothingMore(run, concurrently: false)
    }

    /// Two cancels from two threads at once do no more than one: for a style that declares itself
    /// thread-safe (racing a style that does not is outside its contract).
    public static let cancelTwiceAtOnceDoesNothingMore = ConformanceContract(
        "cancelTwiceAtOnceDoesNothingMore", .cancellation, scope: .supportedIfThreadSafe
    ) { run in
        try expectCancellingTwiceDoesNothingMore(run, concurrently: true)
    }

    private static func expectCancellingTwiceDoesNothingMore(_ run: ContractRun, concurrently: Bool) throws {
        let how = concurrently ? "twice at once" : "twice"
        let rig = try run.makeRig()
        rig.run(Scenarios.productive(run.operation, count: 1))
        let before = rig.events
        rig.cancelRepeatedly(times: 2, concurrently: concurrently)
        rig.run(Scenarios.productive(run.operation, count: 1, from: 2) + Scenarios.aftermath)
        run.expect(rig.events, equals: before, "the events after cancelling \(how), then more input")
        // A struct bridge hands the upstream's own subscription downstream: the second cancel reaches
        // the upstream directly, which ignores it.
        run.expect(
            rig.cancelCount(.primary), equals: rig.passesUpstreamSubscriptionThrough ? 2 : 1,
            "cancels of the upstream after cancelling \(how)"
                + (rig.passesUpstreamSubscriptionThrough ? " (its own subscription, passed through)" : "")
        )
        if Scenarios.usesSecondary(run.operation) {
            run.expect(rig.cancelCount(.secondary), equals: 1, "cancels of the second input after cancelling \(how)")
        }
        run.expectNoViolations(rig.violations, after: "cancelling \(how)")
    }

    /// A downstream that cancels from inside its `receive(_:)` of the last value gets nothing more, not the
    /// completion that came with it, and nothing of the pipeline stays alive.
    public static let cancelFromInsideReceiveStopsEverything = ConformanceContract(
        "cancelFromInsideReceiveStopsEverything", .cancellation
    ) { run in
        let script = Script(
            Scenarios.lastValueThenEnd(run.operation) + Scenarios.aftermath,
            demand: DemandPolicy.unlimited.cancelling(after: 1)
        )
        let rig = try run.makeRig(demand: script.demand)
        rig.run(script.steps)
        run.excusingKnownDeviation(intermittent: true) {
            run.expect(rig.events, toFollow: script)
            run.expect(rig.events.count == 1 && rig.terminalEventCount == 0, "one value, then nothing: \(rig.events)")
            run.expectNoViolations(rig.violations, after: script)
        }
        run.expect(rig.releaseAndFindSurvivors(), equals: [], "what is still alive after \(script)")
    }
}
