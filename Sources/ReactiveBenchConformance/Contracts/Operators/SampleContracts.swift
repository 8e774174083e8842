extension ConformanceContract {
    static let sampleContracts = [
        producerSinkArticleSampleExample, eachTickTakesTheLatestPendingValue,
        upstreamFinishingWaitsForTheNextTick, samplerFinishingEmitsThePendingValueAndFinishesAtEnd,
    ]

    /// sample, the Producer/Sink article's example (RxSwift's `Sample`, docs/ORIGINS.md): upstream `"1"`,
    /// sampler `"A"` gives `["1"]`; a second tick with no new upstream value gives nothing more.
    public static let producerSinkArticleSampleExample = ConformanceContract(
        "producerSinkArticleSampleExample", .operatorValues, operators: [.sample]
    ) { run in
        try run.expect(subjects: [(.primary, "1"), (.secondary, "A")], toPrint: ["1"])
        try run.expect(subjects: [(.primary, "1"), (.secondary, "A"), (.secondary, "B")], toPrint: ["1"])
    }

    /// sample: each tick takes the latest pending upstream value, at most once.
    public static let eachTickTakesTheLatestPendingValue = ConformanceContract(
        "eachTickTakesTheLatestPendingValue", .operatorValues, operators: [.sample]
    ) { run in
        let rig = try run.makeRig()
        let steps: [Step] = [
            .value(.secondary, 0), .value(.primary, 1), .value(.primary, 2), .value(.secondary, 0),
            .value(.secondary, 0), .value(.primary, 3), .value(.secondary, 0),
        ]
        run.expectEvents([.value("2"), .value("3")], afterRunning: steps, on: rig)
        run.expectNoViolations(rig.violations)
    }

    /// sample: the upstream finishing only sets `atEnd`; the next tick emits the pending value, finishes the
    /// downstream and cancels the sampler.
    public static let upstreamFinishingWaitsForTheNextTick = ConformanceContract(
        "upstreamFinishingWaitsForTheNextTick", .operatorValues, operators: [.sample]
    ) { run in
        let rig = try run.makeRig()
        // The upstream finishing only sets atEnd.
        run.expectEvents([], afterRunning: [.value(.primary, 1), .finish(.primary)], on: rig)
        run.expectEvents([.value("1"), .finished], afterRunning: [.value(.secondary, 0)], on: rig)
        run.expect(rig.cancelCount(.secondary), equals: 1, "cancels of the sampler after the downstream finished")
        run.expectNoViolations(rig.violations)
    }

    /// sample: the sampler finishing emits the pending value, and finishes the downstream if the upstream
    /// is at its end.
    public static let samplerFinishingEmitsThePendingValueAndFinishesAtEnd = ConformanceContract(
        "samplerFinishingEmitsThePendingValueAndFinishesAtEnd", .operatorValues, operators: [.sample]
    ) { run in
        let rig = try run.makeRig()
        run.expectEvents([.value("1")], afterRunning: [.value(.primary, 1), .finish(.secondary)], on: rig)
        let atEnd = try run.makeRig()
        let steps: [Step] = [.value(.primary, 1), .finish(.primary), .finish(.secondary)]
        run.expectEvents([.value("1"), .finished], afterRunning: steps, on: atEnd)
        run.expectNoViolations(rig.violations + atEnd.violations)
    }
}
