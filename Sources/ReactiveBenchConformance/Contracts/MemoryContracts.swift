/// No retain cycles (every family): once the downstream cancelled, or the operator ended it, and the test
/// let go of its downstream, nothing of the pipeline is alive while its inputs still are: not the
/// downstream, not the operator's subscribers to its inputs, not the inputs' subscriptions.
extension ConformanceContract {
    static let memoryContracts = [
        everythingIsReleasedAfterCancel, everythingIsReleasedAfterCompletion, everythingIsReleasedAfterFailure,
        everythingIsReleasedAfterCancelBeforeAnyValue,
    ]

    /// After two values and the downstream's cancel.
    public static let everythingIsReleasedAfterCancel = ConformanceContract("everythingIsReleasedAfterCancel", .memory) { run in
        let rig = try run.makeRig()
        rig.run(Scenarios.productive(run.operation, count: 2) + [.cancel])
        run.expect(rig.releaseAndFindSurvivors(), equals: [], "what is still alive after two values and a cancel")
    }

    /// After two values and the end of the operator's input (its one terminal event).
    public static let everythingIsReleasedAfterCompletion = ConformanceContract(
        "everythingIsReleasedAfterCompletion", .memory
    ) { run in
        let rig = try run.makeRig()
        rig.run(Scenarios.productive(run.operation, count: 2) + Scenarios.completion(run.operation))
        run.expect(rig.terminalEventCount, equals: 1, "terminal events after two values and the end")
        run.expect(rig.releaseAndFindSurvivors(), equals: [], "what is still alive after two values and the end")
    }

    /// After two values and the failure of an input, for each input the operator subscribes to.
    public static let everythingIsReleasedAfterFailure = ConformanceContract("everythingIsReleasedAfterFailure", .memory) {
        run in
        for input in run.inputs {
            let rig = try run.makeRig()
            rig.run(Scenarios.productive(run.operation, count: 2) + [.fail(input)])
            let after = "after two values and a failure of the \(input) input"
            run.expect(rig.terminalEventCount, equals: 1, "terminal events \(after)")
            run.expect(rig.releaseAndFindSurvivors(), equals: [], "what is still alive \(after)")
        }
    }

    /// After a request and a cancel before any value.
    public static let everythingIsReleasedAfterCancelBeforeAnyValue = ConformanceContract(
        "everythingIsReleasedAfterCancelBeforeAnyValue", .memory
    ) { run in
        let rig = try run.makeRig(demand: .manual)
        rig.run([.request(1), .cancel])
        run.expect(rig.releaseAndFindSurvivors(), equals: [], "what is still alive after request(1) and a cancel")
    }
}
