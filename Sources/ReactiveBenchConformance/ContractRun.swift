import StyleKit
import Testing

/// One contract on one operator of one implementation, as the contract's body sees it: the factory that
/// builds what the body drives, and the judge of what it sees. A judgement that fails is an issue of the
/// current test naming the contract, the implementation's operator and what differed, expected against
/// actual.
struct ContractRun {
    /// A requirement failed and was recorded; the body stops there.
    struct Stopped: Error {}

    let contract: String
    let substrate: any OperatorSubstrate
    let operation: OperatorID
    /// Why this implementation is allowed to depart from docs/SEMANTICS.md on this operator, if it is.
    let knownDeviation: Comment?
    /// Where issues are attributed: the test's call of ``ConformanceCase/check(sourceLocation:)``.
    let sourceLocation: SourceLocation

    var family: ContractFamily { substrate.family }

    /// The inputs the operator subscribes to.
    var inputs: [Input] { Scenarios.usesSecondary(operation) ? [.primary, .secondary] : [.primary] }

    // MARK: - What a contract drives

    /// The operator over tracking inputs, with a downstream that behaves by `demand`.
    func makeRig(demand: DemandPolicy = .unlimited) throws(UnsupportedOperator) -> any OperatorRig {
        try substrate.makeRig(operation, demand: demand)
    }

    /// The rig with the tracking inputs' `request`/`cancel` logs: the Combine family's.
    func makeCombineRig(demand: DemandPolicy = .unlimited) throws(UnsupportedOperator) -> CombineRig {
        guard let rig = try makeRig(demand: demand) as? CombineRig else {
            preconditionFailure("\(contract) reads demand, which \(substrate.implementation) has no CombineRig for")
        }
        return rig
    }

    /// The operator over the direct sources of the `[direct]` rows.
    func makeDirectRig(demand: DemandPolicy) throws(UnsupportedOperator) -> DirectInputsRig {
        try substrate.makeDirectRig(operation, demand: demand)
    }

    /// The history the reference model (docs/SEMANTICS.md as a plain loop) expects for `script`.
    func expected(_ script: Script) -> [OutputEvent] {
        ReferenceModel.expectedEvents(operation, script, family: family)
    }

    // MARK: - Judging

    /// `actual` is `expected`; else a failure shows both, after `what` they are.
    func expect<Value: Equatable>(_ actual: Value, equals expected: Value, _ what: @autoclosure () -> String) {
        guard actual != expected else { return }
        fail("\(what())\n  expected: \(expected)\n  actual:   \(actual)")
    }

    /// `condition` holds; else a failure says `what` happened instead.
    func expect(_ condition: Bool, _ what: @autoclosure () -> String) {
        if !condition { fail(what()) }
    }

    /// Runs `steps` on `rig`, then expects what its downstream received so far to be `expected`.
    func expectEvents(_ expected: [OutputEvent], afterRunning steps: [Step], on rig: some ScriptedOperator) {
        rig.run(steps)
        expect(rig.events, equals: expected, "the events after \(steps)")
    }

    /// A multi-source operator over the articles' subjects (``OperatorSubstrate/runOverSubjects(_:_:)``),
    /// fed `events`, prints `values`.
    func expect(subjects events: [(Input, String)], toPrint values: [String]) throws(UnsupportedOperator) {
        let printed = try substrate.runOverSubjects(operation, events)
        let fed = events.map { "\($0.0) \($0.1)" }.joined(separator: ", ")
        expect(printed, equals: values, "the values printed after \(fed)")
    }

    /// The events the downstream received after `script` are those of the reference model.
    func expect(_ events: [OutputEvent], toFollow script: Script) {
        expect(events, equals: expected(script), "the events after \(script)")
    }

    /// The downstream noticed no breach of its contract (a value beyond demand, anything after its end).
    func expectNoViolations(_ violations: [String], after context: (any CustomStringConvertible)? = nil) {
        let after = context.map { " after \($0)" } ?? ""
        expect(violations, equals: [], "breaches of its contract the downstream noticed" + after)
    }

    /// The only subscription log of `input`: a failure, and the end of the body, if the operator
    /// subscribed to it other than once.
    func log(of input: Input, in rig: CombineRig) throws -> SubscriptionLog {
        let subject = rig.subject(input)
        guard let log = subject.log else {
            fail("the operator subscribed to the \(input) input \(subject.subscriptionCount) times, not once")
            throw Stopped()
        }
        return log
    }

    /// Records that the implementation did not build an operator it lists as supported.
    func failUnbuilt(_ error: any Error) {
        fail("the implementation lists \(operation) as supported but threw: \(error)")
    }

    /// Records `message` as an issue of the current test, naming the contract and the operator.
    func fail(_ message: String) {
        Issue.record(
            Comment(rawValue: "\(contract) on \(substrate.implementation).\(operation.rawValue): \(message)"),
            sourceLocation: sourceLocation
        )
    }

    // MARK: - Known deviations

    /// Runs checks that a known deviation of the operator shows in (``knownDeviation``): with one, what they
    /// record is a known issue (and, unless `intermittent`, one they must record); without one, as usual.
    func excusingKnownDeviation(intermittent: Bool, _ checks: () -> Void) {
        withKnownIssue(knownDeviation, isIntermittent: intermittent, sourceLocation: sourceLocation) {
            checks()
        } when: {
            knownDeviation != nil
        }
    }

    /// The same for checks that wait.
    func excusingKnownDeviation(intermittent: Bool, _ checks: () async -> Void) async {
        await withKnownIssue(knownDeviation, isIntermittent: intermittent, sourceLocation: sourceLocation) {
            await checks()
        } when: {
            knownDeviation != nil
        }
    }
}
