import Implementations
import StyleKit
import Testing

/// map: `f(v)` per value.
@Suite struct MapTests {
    @Test(arguments: OperatorCase.supported([.map]))
    func transformsEveryValue(_ operatorCase: OperatorCase) throws {
        let rig = try operatorCase.makeRig()
        rig.run([.value(.primary, 1), .value(.primary, -3), .value(.primary, 0), .finish(.primary)])
        #expect(rig.events == [.value("3"), .value("-5"), .value("1"), .finished])
        #expect(rig.violations.isEmpty)
    }
}
