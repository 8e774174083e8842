/// Demand (Combine family): never more values than requested, returned demand honoured, and each
/// operator's demand rule from docs/SEMANTICS.md, checked on the `request` history of its inputs.
extension ConformanceContract {
    static let demandContracts = [
        neverMoreValuesThanRequested, demandFromReceiveIsHonoured, downstreamDemandGoesToTheUpstreamUnchanged,
        demandBeforeTheFirstLatestIsHeldThenRequestedInOneCall, unlimitedDemandIsHeldUntilTheFirstLatest,
        otherIsSubscribedBeforeTheUpstream, sampleAsksTheUpstreamForEverythingAndPassesDemandToTheSampler,
        histogramAsksForEverythingOnTheFirstDownstreamRequest, histogramDeliversOnlyOnceTheDownstreamRequested,
    ]

    /// Never more values than the downstream requested: 2, then 1 more, while the inputs offer 8.
    public static let neverMoreValuesThanRequested = ConformanceContract(
        "neverMoreValuesThanRequested", .demand, scope: .supportedWithDemand
    ) { run in
        let operation = run.operation
        let script = Script(
            [.request(2)] + Scenarios.productive(operation, count: 5) + [.request(1)]
                + Scenarios.productive(operation, count: 3, from: 6) + Scenarios.completion(operation),
            demand: .manual
        )
        let rig = try run.makeRig(demand: script.demand)
        rig.run(script.steps)
        run.expect(rig.events, toFollow: script)
        let values = rig.events.count { !$0.isTerminal }
        run.expect(values <= 3, "\(values) values after requests for 3 in all (\(script))")
        run.expectNoViolations(rig.violations, after: script)
    }

    /// Demand returned from the downstream's `receive(_:)`, or requested through the subscription from
    /// inside it, reaches the input that produced the value. The inputs drop values they have no demand
    /// for, so every value arriving proves it; a request from inside `receive(_:)` re-enters the operator,
    /// which must not deadlock.
    public static let demandFromReceiveIsHonoured = ConformanceContract(
        "demandFromReceiveIsHonoured", .demand, scope: .supportedWithDemand
    ) { run in
        let operation = run.operation
        for demand in [DemandPolicy.onePerValue, .onePerValueRequestedFromReceive] {
            let script = Script(Scenarios.productive(operation, count: 5) + Scenarios.completion(operation), demand: demand)
            let rig = try run.makeRig(demand: script.demand)
            rig.run(script.steps)
            run.expect(rig.events, toFollow: script)
            run.expect(rig.events.count { !$0.isTerminal }, equals: operation == .histogram ? 1 : 5, "values after \(script)")
            run.expectNoViolations(rig.violations, after: script)
        }
    }

    /// map, filter, scan, modulus: each downstream request goes to the upstream unchanged, and nothing is
    /// requested before the downstream asks.
    public static let downstreamDemandGoesToTheUpstreamUnchanged = ConformanceContract(
        "downstreamDemandGoesToTheUpstreamUnchanged", .demand, operators: [.map, .filter, .scan, .modulus],
        scope: .supportedWithDemand
    ) { run in
        let rig = try run.makeCombineRig(demand: .manual)
        let upstream = try run.log(of: .primary, in: rig)
        run.expect(upstream.requests, equals: [], "the upstream's requests before the downstream asked for anything")
        rig.apply(.request(3))
        rig.apply(.request(2))
        let after = "after the downstream's request(3), request(2)"
        run.expect(upstream.requests, equals: [.max(3), .max(2)], "the upstream's requests \(after)")
        run.expect(
            upstream.callsWhileLive, equals: [.request(.max(3)), .request(.max(2))], "the calls on the upstream \(after)"
        )
    }

    /// withLatestFrom, sampleWithFrom: `other` is asked for everything; downstream demand that arrives
    /// before `other` has a value is held, then requested from the upstream in one call; later demand goes
    /// to the upstream directly.
    public static let demandBeforeTheFirstLatestIsHeldThenRequestedInOneCall = ConformanceContract(
        "demandBeforeTheFirstLatestIsHeldThenRequestedInOneCall", .demand, operators: [.withLatestFrom, .sampleWithFrom],
        scope: .supportedWithDemand
    ) { run in
        let rig = try run.makeCombineRig(demand: .manual)
        let other = try run.log(of: .secondary, in: rig)
        let upstream = try run.log(of: .primary, in: rig)
        run.expect(other.requests, equals: [.unlimited], "`other`'s requests (it is asked for everything)")
        rig.run([.request(2), .request(3)])
        run.expect(upstream.requests, equals: [], "the upstream's requests after request(2), request(3), before `other` has a value")
        rig.apply(.value(.secondary, 7))
        run.expect(upstream.requests, equals: [.max(5)], "the upstream's requests once `other` has a value: the held demand")
        rig.apply(.request(1))
        run.expect(upstream.requests, equals: [.max(5), .max(1)], "the upstream's requests after one more request(1)")
        rig.run([.value(.primary, 1), .value(.primary, 2)])
        let expected: [OutputEvent] = run.operation == .withLatestFrom ? [.value("17"), .value("27")] : [.value("17")]
        run.expect(rig.events, equals: expected, "the events after other 7, upstream 1, 2")
        run.expect(other.requests, equals: [.unlimited], "`other`'s requests at the end")
        run.expectNoViolations(rig.violations)
    }

    /// withLatestFrom, sampleWithFrom: even `.unlimited` downstream demand waits for `other`'s first value.
    public static let unlimitedDemandIsHeldUntilTheFirstLatest = ConformanceContract(
        "unlimitedDemandIsHeldUntilTheFirstLatest", .demand, operators: [.withLatestFrom, .sampleWithFrom],
        scope: .supportedWithDemand
    ) { run in
        let rig = try run.makeCombineRig(demand: .unlimited)
        let upstream = try run.log(of: .primary, in: rig)
        run.expect(upstream.requests, equals: [], "the upstream's requests before `other` has a value")
        rig.run([.value(.secondary, 1), .value(.secondary, 2)])
        run.expect(upstream.requests, equals: [.unlimited], "the upstream's requests after other 1, 2")
    }

    /// withLatestFrom, sampleWithFrom: `other` is subscribed before the upstream (RxSwift's order).
    public static let otherIsSubscribedBeforeTheUpstream = ConformanceContract(
        "otherIsSubscribedBeforeTheUpstream", .demand, operators: [.withLatestFrom, .sampleWithFrom],
        scope: .supportedWithDemand
    ) { run in
        let rig = try run.makeCombineRig()
        let upstream = try run.log(of: .primary, in: rig)
        let other = try run.log(of: .secondary, in: rig)
        run.expect(other.order < upstream.order, "`other` was subscribed after the upstream")
    }

    /// sample: the upstream is subscribed first and asked for everything; downstream demand goes to the
    /// sampler, and a tick with nothing pending returns `.max(1)` to it.
    public static let sampleAsksTheUpstreamForEverythingAndPassesDemandToTheSampler = ConformanceContract(
        "sampleAsksTheUpstreamForEverythingAndPassesDemandToTheSampler", .demand, operators: [.sample],
        scope: .supportedWithDemand
    ) { run in
        let rig = try run.makeCombineRig(demand: .manual)
        let upstream = try run.log(of: .primary, in: rig)
        let sampler = try run.log(of: .secondary, in: rig)
        run.expect(upstream.order < sampler.order, "the sampler was subscribed before the upstream")
        run.expect(upstream.requests, equals: [.unlimited], "the upstream's requests")
        run.expect(sampler.requests, equals: [], "the sampler's requests before the downstream asked")
        rig.apply(.request(2))
        run.expect(sampler.requests, equals: [.max(2)], "the sampler's requests after the downstream's request(2)")
        // A tick with nothing pending returns `.max(1)` to the sampler: two more ticks still fit.
        let steps: [Step] = [
            .value(.secondary, 0), .value(.primary, 1), .value(.secondary, 0), .value(.primary, 2),
            .value(.secondary, 0), .value(.primary, 3), .value(.secondary, 0),
        ]
        rig.run(steps)
        run.expect(rig.events, equals: [.value("1"), .value("2")], "the events after request(2), \(steps)")
        run.expect(upstream.requests, equals: [.unlimited], "the upstream's requests at the end")
        run.expectNoViolations(rig.violations)
    }

    /// histogram: nothing is requested before the downstream asks; its first request asks the upstream for
    /// `.unlimited`, and only that one goes upstream.
    public static let histogramAsksForEverythingOnTheFirstDownstreamRequest = ConformanceContract(
        "histogramAsksForEverythingOnTheFirstDownstreamRequest", .demand, operators: [.histogram],
        scope: .supportedWithDemand
    ) { run in
        let rig = try run.makeCombineRig(demand: .manual)
        let upstream = try run.log(of: .primary, in: rig)
        run.excusingKnownDeviation(intermittent: false) {
            run.expect(upstream.requests, equals: [], "the upstream's requests before the downstream asked for anything")
        }
        rig.apply(.request(1))
        run.expect(upstream.requests, equals: [.unlimited], "the upstream's requests after the downstream's request(1)")
        rig.apply(.request(4))
        run.expect(upstream.requests, equals: [.unlimited], "the upstream's requests after request(1), request(4)")
        rig.run([.value(.primary, 2), .value(.primary, 2), .finish(.primary)])
        run.expect(rig.events, equals: [.value("[2: 2]"), .finished], "the events after 2, 2, the end")
        run.expectNoViolations(rig.violations)
    }

    /// histogram: the bins wait for the downstream's demand.
    public static let histogramDeliversOnlyOnceTheDownstreamRequested = ConformanceContract(
        "histogramDeliversOnlyOnceTheDownstreamRequested", .demand, operators: [.histogram], scope: .supportedWithDemand
    ) { run in
        let rig = try run.makeCombineRig(demand: .manual)
        rig.apply(.finish(.primary))
        run.expect(rig.events, equals: [], "the events after the upstream's end, before any demand")
        rig.apply(.request(1))
        run.expect(rig.events, equals: [.value("[]"), .finished], "the events after the downstream's request(1)")
        run.expectNoViolations(rig.violations)
    }
}
