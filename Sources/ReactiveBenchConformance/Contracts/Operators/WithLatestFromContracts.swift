extension ConformanceContract {
    static let withLatestFromContracts = [
        seed000SequenceGivesTheSeedsResults, seed003ExampleMissesTheValueBeforeOtherHasOne,
        theLatestValueIsUsedAgainAndSurvivesOtherFinishing,
    ]

    /// Other `"2"`, `"3"`, upstream `1`, other `"4"`, upstream `5`, `6`, other `"7"`, `"8"`, upstream `9`.
    private static let seed000: [Step] = [
        .value(.secondary, 2), .value(.secondary, 3), .value(.primary, 1), .value(.secondary, 4),
        .value(.primary, 5), .value(.primary, 6), .value(.secondary, 7), .value(.secondary, 8),
        .value(.primary, 9),
    ]

    /// withLatestFrom: seed 000's sequence gives the seed's results, `"13"`, `"54"`, `"64"`, `"98"`; the
    /// upstream finishing then finishes the downstream and cancels `other`.
    public static let seed000SequenceGivesTheSeedsResults = ConformanceContract(
        "seed000SequenceGivesTheSeedsResults", .operatorValues, operators: [.withLatestFrom]
    ) { run in
        let rig = try run.makeRig()
        let seedResults: [OutputEvent] = ["13", "54", "64", "98"].map(OutputEvent.value)
        run.expectEvents(seedResults, afterRunning: seed000, on: rig)
        run.expect(run.expected(Script(seed000)), equals: seedResults, "the reference model's events for seed 000")

        run.expectEvents(seedResults + [.finished], afterRunning: [.finish(.primary)], on: rig)
        run.expect(rig.cancelCount(.secondary), equals: 1, "cancels of `other` after the upstream finished")
        run.expectNoViolations(rig.violations)
    }

    /// withLatestFrom over the seeds' subjects (seed 003): an upstream value before `other` has one is
    /// missed.
    public static let seed003ExampleMissesTheValueBeforeOtherHasOne = ConformanceContract(
        "seed003ExampleMissesTheValueBeforeOtherHasOne", .operatorValues, operators: [.withLatestFrom]
    ) { run in
        try run.expect(subjects: [(.primary, "1"), (.secondary, "A"), (.primary, "2")], toPrint: ["2A"])
    }

    /// withLatestFrom: the latest value of `other` is used again for every upstream value, and survives
    /// `other` finishing, which changes nothing.
    public static let theLatestValueIsUsedAgainAndSurvivesOtherFinishing = ConformanceContract(
        "theLatestValueIsUsedAgainAndSurvivesOtherFinishing", .operatorValues, operators: [.withLatestFrom]
    ) { run in
        let rig = try run.makeRig()
        let steps: [Step] = [
            .value(.secondary, 1), .value(.primary, 5), .value(.primary, 6), .finish(.secondary), .value(.primary, 7),
        ]
        run.expectEvents(["51", "61", "71"].map(OutputEvent.value), afterRunning: steps, on: rig)
        run.expect(rig.cancelCount(.primary), equals: 0, "cancels of the upstream (`other` finishing changes nothing)")
        run.expectNoViolations(rig.violations)
    }
}
