/// Completion and failure (every family): one terminal event, nothing after it, and the operator lets go of
/// every input when the downstream ends.
extension ConformanceContract {
    static let terminationContracts = [
        completionArrivesExactlyOnceAndNothingFollows, failureOfAnInputEndsTheDownstreamOnce,
        failureOfEitherInputCancelsTheOther, upstreamFinishingCancelsOther, otherFinishingChangesNothing,
    ]

    /// The completion arrives exactly once, last, whatever the inputs do afterwards.
    public static let completionArrivesExactlyOnceAndNothingFollows = ConformanceContract(
        "completionArrivesExactlyOnceAndNothingFollows", .termination
    ) { run in
        let operation = run.operation
        let script = Script(
            Scenarios.productive(operation, count: 2) + Scenarios.completion(operation) + Scenarios.aftermath
        )
        let rig = try run.makeRig()
        rig.run(script.steps)
        run.expect(rig.events, toFollow: script)
        run.expect(rig.events.last, equals: .finished, "the last event after \(script)")
        run.expect(rig.terminalEventCount, equals: 1, "terminal events after \(script)")
        run.expectNoViolations(rig.violations, after: script)
    }

    /// The failure of any input the operator subscribes to ends the downstream with that failure, once.
    public static let failureOfAnInputEndsTheDownstreamOnce = ConformanceContract(
        "failureOfAnInputEndsTheDownstreamOnce", .termination
    ) { run in
        for input in run.inputs {
            let script = Script(Scenarios.productive(run.operation, count: 2) + [.fail(input)] + Scenarios.aftermath)
            let rig = try run.makeRig()
            rig.run(script.steps)
            run.expect(rig.events, toFollow: script)
            run.expect(rig.events.last, equals: .failure(.of(input)), "the last event after \(script)")
            run.expect(rig.terminalEventCount, equals: 1, "terminal events after \(script)")
            run.expectNoViolations(rig.violations, after: script)
        }
    }

    /// withLatestFrom, sample, sampleWithFrom: the failure of either input cancels the other, and nothing
    /// more is asked of it.
    public static let failureOfEitherInputCancelsTheOther = ConformanceContract(
        "failureOfEitherInputCancelsTheOther", .termination, operators: Scenarios.multiSource
    ) { run in
        for input in run.inputs {
            let other: Input = input == .primary ? .secondary : .primary
            let rig = try run.makeRig()
            rig.run(Scenarios.productive(run.operation, count: 1) + [.fail(input)])
            run.expect(rig.events.last, equals: .failure(.of(input)), "the last event after the \(input) input failed")
            run.expect(
                rig.cancelCount(other) >= 1, "the failure of the \(input) input did not cancel the \(other) one"
            )
            if let combine = rig as? CombineRig, let log = combine.subject(other).log {
                run.expect(
                    log.callsWhileLive.last, equals: .cancel,
                    "the last call on the \(other) input after the \(input) one failed (nothing after cancelling it)"
                )
            }
        }
    }

    /// withLatestFrom, sampleWithFrom: the upstream finishing finishes the downstream and cancels `other`
    /// (in the Combine family, not the upstream, which ended itself).
    public static let upstreamFinishingCancelsOther = ConformanceContract(
        "upstreamFinishingCancelsOther", .termination, operators: [.withLatestFrom, .sampleWithFrom]
    ) { run in
        let rig = try run.makeRig()
        rig.run([.value(.secondary, 1), .finish(.primary)])
        run.expect(rig.events, equals: [.finished], "the events after other 1, the upstream's end")
        run.expect(rig.cancelCount(.secondary) >= 1, "the upstream's end did not cancel `other`")
        // The Rx family disposes every input when its sink ends.
        if run.family == .combine {
            run.expect(rig.cancelCount(.primary), equals: 0, "cancels of the upstream, which ended itself")
        }
    }

    /// withLatestFrom, sampleWithFrom: `other` finishing changes nothing: the downstream goes on until the
    /// upstream ends.
    public static let otherFinishingChangesNothing = ConformanceContract(
        "otherFinishingChangesNothing", .termination, operators: [.withLatestFrom, .sampleWithFrom]
    ) { run in
        let rig = try run.makeRig()
        rig.run([.finish(.secondary), .value(.primary, 1), .value(.primary, 2)])
        run.expect(rig.events, equals: [], "the events after `other`'s end, upstream 1, 2")
        run.expect(rig.cancelCount(.primary), equals: 0, "cancels of the upstream after `other` finished")
        rig.apply(.finish(.primary))
        run.expect(rig.events, equals: [.finished], "the events after the upstream's end")
    }
}
