import StyleKit
import TestSupport

/// Operators under concurrent inputs, requests and cancels, for every implementation that claims thread
/// safety (the project re-runs them under ThreadSanitizer): no crash, no value beyond demand, the terminal
/// event at most once (exactly once when nothing cancels), and nothing left alive afterwards. Each runs 20
/// times.
extension ConformanceContract {
    static let concurrencyContracts = [
        bothInputsSendWhileAThirdThreadCancels, bothInputsSendAndTheDownstreamFinishesExactlyOnce,
        inputsEndingOnTwoThreadsGiveOneTerminalEvent, requestsRaceWithValuesAndCancel, requestsRaceWithValuesWithinDemand,
    ]

    private static let iterations = 20
    private static let valueCount = 40

    /// withLatestFrom, sample, sampleWithFrom: both inputs send, then end, while a third thread cancels.
    public static let bothInputsSendWhileAThirdThreadCancels = ConformanceContract(
        "bothInputsSendWhileAThirdThreadCancels", .concurrency, operators: Scenarios.multiSource, scope: .supportedIfThreadSafe
    ) { run in
        try race(run) { rig in
            Concurrently.run(
                sendValues(rig, on: .primary, then: .finish(.primary)),
                sendValues(rig, on: .secondary, then: .fail(.secondary)),
                { rig.apply(.cancel) }
            )
            run.expect(rig.terminalEventCount <= 1, "\(rig.terminalEventCount) terminal events: \(rig.events)")
            expectNoViolationsButTheCancelsRace(rig, run)
        }
    }

    /// withLatestFrom, sample, sampleWithFrom: both inputs send on two threads and the upstream finishes:
    /// the downstream finishes exactly once.
    public static let bothInputsSendAndTheDownstreamFinishesExactlyOnce = ConformanceContract(
        "bothInputsSendAndTheDownstreamFinishesExactlyOnce", .concurrency, operators: Scenarios.multiSource,
        scope: .supportedIfThreadSafe
    ) { run in
        try race(run) { rig in
            Concurrently.run(sendValues(rig, on: .primary, then: .finish(.primary)), sendValues(rig, on: .secondary))
            // sample ends on the sampler's next event after the upstream's end.
            if run.operation == .sample { rig.apply(.finish(.secondary)) }
            run.expect(rig.events.last, equals: .finished, "the last event")
            run.expect(rig.terminalEventCount, equals: 1, "terminal events")
            run.expectNoViolations(rig.violations)
        }
    }

    /// withLatestFrom, sample, sampleWithFrom: both inputs fail on two threads: one terminal event, either
    /// failure.
    public static let inputsEndingOnTwoThreadsGiveOneTerminalEvent = ConformanceContract(
        "inputsEndingOnTwoThreadsGiveOneTerminalEvent", .concurrency, operators: Scenarios.multiSource,
        scope: .supportedIfThreadSafe
    ) { run in
        try race(run) { rig in
            Concurrently.run(
                sendValues(rig, on: .primary, then: .fail(.primary)),
                sendValues(rig, on: .secondary, then: .fail(.secondary))
            )
            run.expect(rig.terminalEventCount, equals: 1, "terminal events")
            run.expect(
                [OutputEvent.failure(.primary), .failure(.secondary)].contains(rig.events.last),
                "the last event is no failure of an input: \(rig.events)"
            )
            run.expectNoViolations(rig.violations)
        }
    }

    /// Values and the end on one thread, requests on a second, requests then a cancel on a third.
    public static let requestsRaceWithValuesAndCancel = ConformanceContract(
        "requestsRaceWithValuesAndCancel", .concurrency, scope: .supportedIfThreadSafe
    ) { run in
        let operation = run.operation
        try race(run, demand: .manual, primed: true) { rig in
            let steps = Scenarios.productive(operation, count: valueCount) + Scenarios.completion(operation)
            Concurrently.run(
                { rig.run(steps) },
                { for _ in 0..<valueCount / 2 { rig.apply(.request(1)) } },
                {
                    for _ in 0..<valueCount / 4 { rig.apply(.request(1)) }
                    rig.apply(.cancel)
                }
            )
            run.expect(rig.terminalEventCount <= 1, "\(rig.terminalEventCount) terminal events: \(rig.events)")
            expectNoViolationsButTheCancelsRace(rig, run)
        }
    }

    /// Values on one thread, requests on another: never a value beyond demand.
    public static let requestsRaceWithValuesWithinDemand = ConformanceContract(
        "requestsRaceWithValuesWithinDemand", .concurrency, scope: .supportedIfThreadSafe
    ) { run in
        let operation = run.operation
        try race(run, demand: .manual, primed: true) { rig in
            Concurrently.run(
                { rig.run(Scenarios.productive(operation, count: valueCount)) },
                { for _ in 0..<valueCount / 2 { rig.apply(.request(1)) } }
            )
            run.expect(rig.terminalEventCount, equals: 0, "terminal events")
            run.expectNoViolations(rig.violations)
            rig.apply(.cancel)
        }
    }

    /// Runs `body` 20 times, each on a fresh rig whose downstream behaves by `demand`, and then finds nothing
    /// of the pipeline alive. `primed`, a multi-source operator's second input has a value before `body`.
    private static func race(
        _ run: ContractRun,
        demand: DemandPolicy = .unlimited,
        primed: Bool = false,
        _ body: (any OperatorRig) -> Void
    ) throws(UnsupportedOperator) {
        for _ in 0..<iterations {
            let rig = try run.makeRig(demand: demand)
            if primed, Scenarios.usesSecondary(run.operation) { rig.apply(.value(.secondary, 0)) }
            body(rig)
            run.expect(rig.releaseAndFindSurvivors(), equals: [], "what is still alive afterwards")
        }
    }

    /// The downstream noticed no breach but a value or a completion on its way when it cancelled.
    private static func expectNoViolationsButTheCancelsRace(_ rig: any OperatorRig, _ run: ContractRun) {
        let violations = CancelRaces.ignoring(rig.violations)
        run.expect(violations, equals: [], "breaches the downstream noticed, but for the cancel's race")
    }

    /// Sends `valueCount` values on `input`, then `last`, if any.
    private static func sendValues(_ rig: any OperatorRig, on input: Input, then last: Step? = nil) -> () -> Void {
        {
            for value in 1...valueCount { rig.apply(.value(input, value)) }
            if let last { rig.apply(last) }
        }
    }
}
