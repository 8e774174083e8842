import Implementations
import StyleKit
import Testing

/// sample (seed 003, RxSwift's `Sample`): the pending upstream value, at most once, on each sampler tick.
@Suite struct SampleTests {
    @Test(arguments: OperatorCase.supported([.sample]))
    func seed003ExampleWithSubjects(_ operatorCase: OperatorCase) throws {
        #expect(try RealSubjects.run(operatorCase, [(.primary, "1"), (.secondary, "A")]) == ["1"])
        let twoTicks = try RealSubjects.run(operatorCase, [(.primary, "1"), (.secondary, "A"), (.secondary, "B")])
        #expect(twoTicks == ["1"], "a second tick with no new upstream value gives nothing more")
    }

    @Test(arguments: OperatorCase.supported([.sample]))
    func eachTickTakesTheLatestPendingValue(_ operatorCase: OperatorCase) throws {
        let rig = try operatorCase.makeRig()
        rig.run([
            .value(.secondary, 0), .value(.primary, 1), .value(.primary, 2), .value(.secondary, 0),
            .value(.secondary, 0), .value(.primary, 3), .value(.secondary, 0),
        ])
        #expect(rig.events == [.value("2"), .value("3")])
        #expect(rig.violations.isEmpty)
    }

    @Test(arguments: OperatorCase.supported([.sample]))
    func upstreamFinishingWaitsForTheNextTick(_ operatorCase: OperatorCase) throws {
        let rig = try operatorCase.makeRig()
        rig.run([.value(.primary, 1), .finish(.primary)])
        #expect(rig.events == [], "the upstream finishing only sets atEnd")
        rig.apply(.value(.secondary, 0))
        #expect(rig.events == [.value("1"), .finished])
        #expect(rig.cancelCount(.secondary) == 1, "finishing cancels the sampler")
        #expect(rig.violations.isEmpty)
    }

    @Test(arguments: OperatorCase.supported([.sample]))
    func samplerFinishingEmitsThePendingValueAndFinishesAtEnd(_ operatorCase: OperatorCase) throws {
        let rig = try operatorCase.makeRig()
        rig.run([.value(.primary, 1), .finish(.secondary)])
        #expect(rig.events == [.value("1")])
        let atEnd = try operatorCase.makeRig()
        atEnd.run([.value(.primary, 1), .finish(.primary), .finish(.secondary)])
        #expect(atEnd.events == [.value("1"), .finished])
        #expect(rig.violations.isEmpty && atEnd.violations.isEmpty)
    }
}
