import Implementations
import StyleKit
import Testing

/// Completion and failure (every family): one terminal event, nothing after it, and the operator lets
/// go of every input when the downstream ends.
@Suite struct TerminationContractTests {
    @Test(arguments: OperatorCase.supported())
    func completionArrivesExactlyOnceAndNothingFollows(_ operatorCase: OperatorCase) throws {
        let operation = operatorCase.operation
        let script = Script(
            Scenarios.productive(operation, count: 2) + Scenarios.completion(operation) + Scenarios.aftermath
        )
        let rig = try operatorCase.makeRig()
        rig.run(script.steps)
        #expect(rig.events == operatorCase.expected(script))
        #expect(rig.events.last == .finished)
        #expect(rig.terminalEventCount == 1)
        #expect(rig.violations.isEmpty)
    }

    @Test(arguments: OperatorCase.supportedWithInputs())
    func failureOfAnInputEndsTheDownstreamOnce(_ operatorCase: OperatorCase, _ input: Input) throws {
        let operation = operatorCase.operation
        let script = Script(Scenarios.productive(operation, count: 2) + [.fail(input)] + Scenarios.aftermath)
        let rig = try operatorCase.makeRig()
        rig.run(script.steps)
        #expect(rig.events == operatorCase.expected(script))
        #expect(rig.events.last == .failure(.of(input)))
        #expect(rig.terminalEventCount == 1)
        #expect(rig.violations.isEmpty)
    }

    @Test(arguments: OperatorCase.supportedWithInputs(OperatorCase.multiSource))
    func failureOfEitherInputCancelsTheOther(_ operatorCase: OperatorCase, _ input: Input) throws {
        let other: Input = input == .primary ? .secondary : .primary
        let rig = try operatorCase.makeRig()
        rig.run(Scenarios.productive(operatorCase.operation, count: 1) + [.fail(input)])
        #expect(rig.events.last == .failure(.of(input)))
        #expect(rig.cancelCount(other) >= 1, "the failure of the \(input) input cancels the \(other) one")
        if let combine = rig as? CombineRig, let log = combine.subject(other).log {
            #expect(log.callsWhileLive.last == .cancel, "nothing asked of the \(other) input after cancelling it")
        }
    }

    @Test(arguments: OperatorCase.supported([.withLatestFrom, .sampleWithFrom]))
    func upstreamFinishingCancelsOther(_ operatorCase: OperatorCase) throws {
        let rig = try operatorCase.makeRig()
        rig.run([.value(.secondary, 1), .finish(.primary)])
        #expect(rig.events == [.finished])
        #expect(rig.cancelCount(.secondary) >= 1)
        // The Rx family disposes every input when its sink ends.
        #expect(rig.cancelCount(.primary) == 0 || operatorCase.family == .rx)
    }

    @Test(arguments: OperatorCase.supported([.withLatestFrom, .sampleWithFrom]))
    func otherFinishingChangesNothing(_ operatorCase: OperatorCase) throws {
        let rig = try operatorCase.makeRig()
        rig.run([.finish(.secondary), .value(.primary, 1), .value(.primary, 2)])
        #expect(rig.events == [])
        #expect(rig.cancelCount(.primary) == 0)
        rig.apply(.finish(.primary))
        #expect(rig.events == [.finished])
    }
}
