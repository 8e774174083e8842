import Implementations
import StyleKit
import Testing

/// withLatestFrom: seed 000's sequence and seed 003's example, on every implementation that has it.
@Suite struct WithLatestFromTests {
    /// Other `"2"`, `"3"`, upstream `1`, other `"4"`, upstream `5`, `6`, other `"7"`, `"8"`, upstream `9`.
    static let seed000: [Step] = [
        .value(.secondary, 2), .value(.secondary, 3), .value(.primary, 1), .value(.secondary, 4),
        .value(.primary, 5), .value(.primary, 6), .value(.secondary, 7), .value(.secondary, 8),
        .value(.primary, 9),
    ]

    @Test(arguments: OperatorCase.supported([.withLatestFrom]))
    func seed000SequenceGivesTheSeedsResults(_ operatorCase: OperatorCase) throws {
        let rig = try operatorCase.makeRig()
        rig.run(Self.seed000)
        let seedResults: [OutputEvent] = ["13", "54", "64", "98"].map(OutputEvent.value)
        #expect(rig.events == seedResults)
        #expect(operatorCase.expected(Script(Self.seed000)) == seedResults)

        rig.apply(.finish(.primary))
        #expect(rig.events == seedResults + [.finished])
        #expect(rig.cancelCount(.secondary) == 1, "the upstream finishing cancels `other`")
        #expect(rig.violations.isEmpty)
    }

    @Test(arguments: OperatorCase.supported([.withLatestFrom]))
    func seed003ExampleMissesTheValueBeforeOtherHasOne(_ operatorCase: OperatorCase) throws {
        let values = try RealSubjects.run(operatorCase, [(.primary, "1"), (.secondary, "A"), (.primary, "2")])
        #expect(values == ["2A"])
    }

    @Test(arguments: OperatorCase.supported([.withLatestFrom]))
    func theLatestValueIsUsedAgainAndSurvivesOtherFinishing(_ operatorCase: OperatorCase) throws {
        let rig = try operatorCase.makeRig()
        rig.run([
            .value(.secondary, 1), .value(.primary, 5), .value(.primary, 6), .finish(.secondary), .value(.primary, 7),
        ])
        #expect(rig.events == ["51", "61", "71"].map(OutputEvent.value))
        #expect(rig.cancelCount(.primary) == 0, "`other` finishing changes nothing")
        #expect(rig.violations.isEmpty)
    }
}
