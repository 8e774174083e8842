import Implementations
import StyleKit
import Testing

/// filter: `v` when `p(v)`; a dropped value returns `.max(1)` upstream.
@Suite struct FilterTests {
    @Test(arguments: OperatorCase.supported([.filter]))
    func keepsTheIncludedValues(_ operatorCase: OperatorCase) throws {
        let rig = try operatorCase.makeRig()
        rig.run([1, 2, 3, 4, -6, 7].map { .value(.primary, $0) } + [.finish(.primary)])
        #expect(rig.events == [.value("2"), .value("4"), .value("-6"), .finished])
        #expect(rig.violations.isEmpty)
    }

    @Test(arguments: OperatorCase.supported([.filter], families: [.combine]))
    func aDroppedValueReturnsOneDemandUpstream(_ operatorCase: OperatorCase) throws {
        let rig = try Rigs.combine(operatorCase.implementation, .filter, demand: .manual)
        rig.run([.request(1), .value(.primary, 1), .value(.primary, 3), .value(.primary, 4), .value(.primary, 6)])
        // Without the replenishment the source would have had no demand left for 3 and 4.
        #expect(rig.events == [.value("4")])
        #expect(rig.primary.log?.requests == [.max(1)], "replenished through receive's return value")
        #expect(rig.primary.log?.deliveredValues == 3)
        #expect(rig.violations.isEmpty)
    }
}
