extension ConformanceContract {
    static let sampleWithFromContracts = [
        eachValueOfOtherIsUsedAtMostOnce, producerSinkArticleSampleWithFromExample,
        anUnusedValueOfOtherSurvivesOtherFinishing,
    ]

    /// sampleWithFrom (the Producer/Sink pattern's variant): each value of `other` is combined at most
    /// once; the upstream finishing finishes the downstream and cancels `other`.
    public static let eachValueOfOtherIsUsedAtMostOnce = ConformanceContract(
        "eachValueOfOtherIsUsedAtMostOnce", .operatorValues, operators: [.sampleWithFrom]
    ) { run in
        let rig = try run.makeRig()
        let steps: [Step] = [
            .value(.primary, 0), .value(.secondary, 1), .value(.primary, 5), .value(.primary, 6),
            .value(.secondary, 2), .value(.secondary, 3), .value(.primary, 7), .value(.primary, 8),
        ]
        run.expectEvents(["51", "73"].map(OutputEvent.value), afterRunning: steps, on: rig)
        run.expectEvents(["51", "73"].map(OutputEvent.value) + [.finished], afterRunning: [.finish(.primary)], on: rig)
        run.expect(rig.cancelCount(.secondary), equals: 1, "cancels of `other` after the upstream finished")
        run.expectNoViolations(rig.violations)
    }

    /// sampleWithFrom over the Producer/Sink article's subjects: `1`, `A`, `2`, `3`, `B`, `4` gives `2A`,
    /// `4B`.
    public static let producerSinkArticleSampleWithFromExample = ConformanceContract(
        "producerSinkArticleSampleWithFromExample", .operatorValues, operators: [.sampleWithFrom]
    ) { run in
        try run.expect(
            subjects: [(.primary, "1"), (.secondary, "A"), (.primary, "2"), (.primary, "3"), (.secondary, "B"), (.primary, "4")],
            toPrint: ["2A", "4B"]
        )
    }

    /// sampleWithFrom: a value of `other` not used yet survives `other` finishing.
    public static let anUnusedValueOfOtherSurvivesOtherFinishing = ConformanceContract(
        "anUnusedValueOfOtherSurvivesOtherFinishing", .operatorValues, operators: [.sampleWithFrom]
    ) { run in
        let rig = try run.makeRig()
        let steps: [Step] = [.value(.secondary, 4), .finish(.secondary), .value(.primary, 1), .value(.primary, 2)]
        run.expectEvents([.value("14")], afterRunning: steps, on: rig)
        run.expectNoViolations(rig.violations)
    }
}
