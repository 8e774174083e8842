import Implementations
import StyleKit
import Testing

/// scan: every partial result of `acc = f(acc, v)`.
@Suite struct ScanTests {
    @Test(arguments: OperatorCase.supported([.scan]))
    func emitsEveryPartialResult(_ operatorCase: OperatorCase) throws {
        let rig = try operatorCase.makeRig()
        rig.run([1, 2, 3, -10].map { .value(.primary, $0) } + [.finish(.primary)])
        #expect(rig.events == [.value("1"), .value("3"), .value("6"), .value("-4"), .finished])
        #expect(rig.violations.isEmpty)
    }
}
