extension ConformanceContract {
    static let withLatestFromContracts = [
        customOperatorArticleSequenceGivesItsResults,
        producerSinkArticleExampleMissesTheValueBeforeOtherHasOne,
        theLatestValueIsUsedAgainAndSurvivesOtherFinishing,
    ]

    /// The custom-operator article's sequence (docs/ORIGINS.md): other `"2"`, `"3"`, upstream `1`, other
    /// `"4"`, upstream `5`, `6`, other `"7"`, `"8"`, upstream `9`.
    private static let customOperatorArticleSequence: [Step] = [
        .value(.secondary, 2), .value(.secondary, 3), .value(.primary, 1), .value(.secondary, 4),
        .value(.primary, 5), .value(.primary, 6), .value(.secondary, 7), .value(.secondary, 8),
        .value(.primary, 9),
    ]

    /// withLatestFrom: the custom-operator article's sequence gives the article's results, `"13"`, `"54"`,
    /// `"64"`, `"98"`; the upstream finishing then finishes the downstream and cancels `other`.
    public static let customOperatorArticleSequenceGivesItsResults = ConformanceContract(
        "customOperatorArticleSequenceGivesItsResults", .operatorValues, operators: [.withLatestFrom]
    ) { run in
        let rig = try run.makeRig()
        let articleResults: [OutputEvent] = ["13", "54", "64", "98"].map(OutputEvent.value)
        run.expectEvents(articleResults, afterRunning: customOperatorArticleSequence, on: rig)
        run.expect(
            run.expected(Script(customOperatorArticleSequence)), equals: articleResults,
            "the reference model's events for the article's sequence"
        )

        run.expectEvents(articleResults + [.finished], afterRunning: [.finish(.primary)], on: rig)
        run.expect(rig.cancelCount(.secondary), equals: 1, "cancels of `other` after the upstream finished")
        run.expectNoViolations(rig.violations)
    }

    /// withLatestFrom, the Producer/Sink article's example: an upstream value before `other` has one is
    /// missed.
    public static let producerSinkArticleExampleMissesTheValueBeforeOtherHasOne = ConformanceContract(
        "producerSinkArticleExampleMissesTheValueBeforeOtherHasOne", .operatorValues, operators: [.withLatestFrom]
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
