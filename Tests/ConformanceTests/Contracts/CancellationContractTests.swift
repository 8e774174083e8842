import Implementations
import StyleKit
import Testing

/// Cancellation (every family; dispose for Rx): nothing after it, it reaches every input, and it is
/// safe to repeat, from several threads too.
@Suite struct CancellationContractTests {
    @Test(arguments: OperatorCase.supported())
    func nothingArrivesAfterCancel(_ operatorCase: OperatorCase) throws {
        let operation = operatorCase.operation
        let script = Script(
            Scenarios.productive(operation, count: 2) + [.cancel] + Scenarios.productive(operation, count: 2, from: 3)
                + Scenarios.completion(operation) + Scenarios.aftermath
        )
        let rig = try operatorCase.makeRig()
        rig.run(script.steps)
        #expect(rig.events == operatorCase.expected(script))
        #expect(rig.terminalEventCount == 0)
        #expect(rig.violations.isEmpty)
    }

    @Test(arguments: OperatorCase.supported())
    func cancelReachesEveryInput(_ operatorCase: OperatorCase) throws {
        let rig = try operatorCase.makeRig()
        rig.run(Scenarios.productive(operatorCase.operation, count: 1) + [.cancel])
        #expect(rig.cancelCount(.primary) == 1)
        if Scenarios.usesSecondary(operatorCase.operation) {
            #expect(rig.cancelCount(.secondary) == 1, "cancelling a multi-source operator cancels both inputs")
        }
    }

    @Test(arguments: OperatorCase.supported(), [false, true])
    func cancelTwiceDoesNothingMore(_ operatorCase: OperatorCase, concurrently: Bool) throws {
        let rig = try operatorCase.makeRig()
        rig.run(Scenarios.productive(operatorCase.operation, count: 1))
        let before = rig.events
        rig.cancelRepeatedly(times: 2, concurrently: concurrently)
        rig.run(Scenarios.productive(operatorCase.operation, count: 1, from: 2) + Scenarios.aftermath)
        #expect(rig.events == before)
        // A struct bridge hands the upstream's own subscription downstream: the second cancel reaches
        // the upstream directly, which ignores it.
        #expect(rig.cancelCount(.primary) == (rig.passesUpstreamSubscriptionThrough ? 2 : 1))
        if Scenarios.usesSecondary(operatorCase.operation) {
            #expect(rig.cancelCount(.secondary) == 1)
        }
        #expect(rig.violations.isEmpty)
    }

    @Test(arguments: OperatorCase.supported())
    func cancelFromInsideReceiveStopsEverything(_ operatorCase: OperatorCase) throws {
        let script = Script(
            Scenarios.lastValueThenEnd(operatorCase.operation) + Scenarios.aftermath,
            demand: DemandPolicy.unlimited.cancelling(after: 1)
        )
        let rig = try operatorCase.makeRig(demand: script.demand)
        rig.run(script.steps)
        try withKnownIssue(operatorCase.knownLibraryDeviation, isIntermittent: true) {
            #expect(rig.events == operatorCase.expected(script))
            #expect(rig.events.count == 1 && rig.terminalEventCount == 0, "one value, then nothing")
            #expect(rig.violations.isEmpty)
        } when: {
            operatorCase.knownLibraryDeviation != nil
        }
        #expect(rig.releaseAndFindSurvivors() == [])
    }
}
