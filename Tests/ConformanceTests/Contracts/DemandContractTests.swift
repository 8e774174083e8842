import Implementations
import CombineFramework
import StyleKit
import Testing

/// Demand (Combine family): never more values than requested, returned demand honoured, and each
/// operator's demand rule from docs/SEMANTICS.md, checked on the `request` history of its inputs.
@Suite struct DemandContractTests {
    @Test(arguments: OperatorCase.supported(families: [.combine]))
    func neverMoreValuesThanRequested(_ operatorCase: OperatorCase) throws {
        let operation = operatorCase.operation
        let script = Script(
            [.request(2)] + Scenarios.productive(operation, count: 5) + [.request(1)]
                + Scenarios.productive(operation, count: 3, from: 6) + Scenarios.completion(operation),
            demand: .manual
        )
        let rig = try operatorCase.makeRig(demand: script.demand)
        rig.run(script.steps)
        #expect(rig.events == operatorCase.expected(script))
        #expect(rig.events.count { !$0.isTerminal } <= 3)
        #expect(rig.violations.isEmpty)
    }

    @Test(
        arguments: OperatorCase.supported(families: [.combine]),
        [DemandPolicy.onePerValue, .onePerValueRequestedFromReceive]
    )
    func demandFromReceiveIsHonoured(_ operatorCase: OperatorCase, _ demand: DemandPolicy) throws {
        let operation = operatorCase.operation
        let script = Script(Scenarios.productive(operation, count: 5) + Scenarios.completion(operation), demand: demand)
        let rig = try operatorCase.makeRig(demand: script.demand)
        rig.run(script.steps)
        // The source drops values it has no demand for: every value arriving proves that the `.max(1)`
        // returned from (or requested inside) the subscriber's `receive(_:)` reached the input that
        // produced it, and a request from inside `receive(_:)` re-enters the operator without deadlock.
        #expect(rig.events == operatorCase.expected(script))
        #expect(rig.events.count { !$0.isTerminal } == (operation == .histogram ? 1 : 5))
        #expect(rig.violations.isEmpty)
    }

    @Test(arguments: OperatorCase.supported([.map, .filter, .scan, .modulus], families: [.combine]))
    func downstreamDemandGoesToTheUpstreamUnchanged(_ operatorCase: OperatorCase) throws {
        let rig = try Rigs.combine(operatorCase.implementation, operatorCase.operation, demand: .manual)
        #expect(rig.primary.log?.requests == [])
        rig.apply(.request(3))
        rig.apply(.request(2))
        #expect(rig.primary.log?.requests == [.max(3), .max(2)])
        #expect(rig.primary.log?.callsWhileLive == [.request(.max(3)), .request(.max(2))])
    }

    @Test(arguments: OperatorCase.supported([.withLatestFrom, .sampleWithFrom], families: [.combine]))
    func demandBeforeTheFirstLatestIsHeldThenRequestedInOneCall(_ operatorCase: OperatorCase) throws {
        let rig = try Rigs.combine(operatorCase.implementation, operatorCase.operation, demand: .manual)
        #expect(rig.secondary.log?.requests == [.unlimited], "`other` is asked for everything")
        rig.run([.request(2), .request(3)])
        #expect(rig.primary.log?.requests == [], "held until `other` has a value")
        rig.apply(.value(.secondary, 7))
        #expect(rig.primary.log?.requests == [.max(5)], "the held demand, in one call")
        rig.apply(.request(1))
        #expect(rig.primary.log?.requests == [.max(5), .max(1)], "later demand goes upstream directly")
        rig.run([.value(.primary, 1), .value(.primary, 2)])
        let expected: [OutputEvent] =
            operatorCase.operation == .withLatestFrom ? [.value("17"), .value("27")] : [.value("17")]
        #expect(rig.events == expected)
        #expect(rig.secondary.log?.requests == [.unlimited])
        #expect(rig.violations.isEmpty)
    }

    @Test(arguments: OperatorCase.supported([.withLatestFrom, .sampleWithFrom], families: [.combine]))
    func unlimitedDemandIsHeldUntilTheFirstLatest(_ operatorCase: OperatorCase) throws {
        let rig = try Rigs.combine(operatorCase.implementation, operatorCase.operation, demand: .unlimited)
        #expect(rig.primary.log?.requests == [])
        rig.run([.value(.secondary, 1), .value(.secondary, 2)])
        #expect(rig.primary.log?.requests == [.unlimited])
    }

    @Test(arguments: OperatorCase.supported([.withLatestFrom, .sampleWithFrom], families: [.combine]))
    func otherIsSubscribedBeforeTheUpstream(_ operatorCase: OperatorCase) throws {
        let rig = try Rigs.combine(operatorCase.implementation, operatorCase.operation)
        let upstream = try #require(rig.primary.log)
        let other = try #require(rig.secondary.log)
        #expect(other.order < upstream.order)
    }

    @Test(arguments: OperatorCase.supported([.sample], families: [.combine]))
    func sampleAsksTheUpstreamForEverythingAndPassesDemandToTheSampler(_ operatorCase: OperatorCase) throws {
        let rig = try Rigs.combine(operatorCase.implementation, .sample, demand: .manual)
        let upstream = try #require(rig.primary.log)
        let sampler = try #require(rig.secondary.log)
        #expect(upstream.order < sampler.order, "the upstream is subscribed first")
        #expect(upstream.requests == [.unlimited])
        #expect(sampler.requests == [])
        rig.apply(.request(2))
        #expect(sampler.requests == [.max(2)])
        // A tick with nothing pending returns `.max(1)` to the sampler: two more ticks still fit.
        rig.run([.value(.secondary, 0), .value(.primary, 1), .value(.secondary, 0), .value(.primary, 2)])
        rig.run([.value(.secondary, 0), .value(.primary, 3), .value(.secondary, 0)])
        #expect(rig.events == [.value("1"), .value("2")])
        #expect(upstream.requests == [.unlimited])
        #expect(rig.violations.isEmpty)
    }

    @Test(arguments: OperatorCase.supported([.histogram], families: [.combine]))
    func histogramAsksForEverythingOnTheFirstDownstreamRequest(_ operatorCase: OperatorCase) throws {
        let rig = try Rigs.combine(operatorCase.implementation, .histogram, demand: .manual)
        withKnownIssue(operatorCase.knownLibraryDeviation) {
            #expect(rig.primary.log?.requests == [], "nothing is requested before the downstream asks")
        } when: {
            operatorCase.knownLibraryDeviation != nil
        }
        rig.apply(.request(1))
        #expect(rig.primary.log?.requests == [.unlimited])
        rig.apply(.request(4))
        #expect(rig.primary.log?.requests == [.unlimited], "only the first request goes upstream")
        rig.run([.value(.primary, 2), .value(.primary, 2), .finish(.primary)])
        #expect(rig.events == [.value("[2: 2]"), .finished])
        #expect(rig.violations.isEmpty)
    }

    @Test(arguments: OperatorCase.supported([.histogram], families: [.combine]))
    func histogramDeliversOnlyOnceTheDownstreamRequested(_ operatorCase: OperatorCase) throws {
        let rig = try Rigs.combine(operatorCase.implementation, .histogram, demand: .manual)
        rig.apply(.finish(.primary))
        #expect(rig.events == [], "the result waits for demand")
        rig.apply(.request(1))
        #expect(rig.events == [.value("[]"), .finished])
        #expect(rig.violations.isEmpty)
    }
}
