import Implementations
import StyleKit
import Testing

/// sampleWithFrom (seed 003's variant): each value of `other` is combined at most once.
@Suite struct SampleWithFromTests {
    @Test(arguments: OperatorCase.supported([.sampleWithFrom]))
    func eachValueOfOtherIsUsedAtMostOnce(_ operatorCase: OperatorCase) throws {
        let rig = try operatorCase.makeRig()
        rig.run([
            .value(.primary, 0), .value(.secondary, 1), .value(.primary, 5), .value(.primary, 6),
            .value(.secondary, 2), .value(.secondary, 3), .value(.primary, 7), .value(.primary, 8),
        ])
        #expect(rig.events == ["51", "73"].map(OutputEvent.value))
        rig.apply(.finish(.primary))
        #expect(rig.events == ["51", "73"].map(OutputEvent.value) + [.finished])
        #expect(rig.cancelCount(.secondary) == 1)
        #expect(rig.violations.isEmpty)
    }

    @Test(arguments: OperatorCase.supported([.sampleWithFrom]))
    func seed003ExampleWithSubjects(_ operatorCase: OperatorCase) throws {
        let values = try RealSubjects.run(
            operatorCase,
            [(.primary, "1"), (.secondary, "A"), (.primary, "2"), (.primary, "3"), (.secondary, "B"), (.primary, "4")]
        )
        #expect(values == ["2A", "4B"])
    }

    @Test(arguments: OperatorCase.supported([.sampleWithFrom]))
    func anUnusedValueOfOtherSurvivesOtherFinishing(_ operatorCase: OperatorCase) throws {
        let rig = try operatorCase.makeRig()
        rig.run([.value(.secondary, 4), .finish(.secondary), .value(.primary, 1), .value(.primary, 2)])
        #expect(rig.events == [.value("14")])
        #expect(rig.violations.isEmpty)
    }
}
