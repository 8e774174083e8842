import Implementations
import StyleKit
import Testing

/// modulus (seed 004's `ModulusOperator`): `abs(value % modulo)`.
@Suite struct ModulusTests {
    static let seed004 = [1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1]

    @Test(arguments: OperatorCase.supported([.modulus]))
    func modulus3OfMinus10Through10(_ operatorCase: OperatorCase) throws {
        let rig = try operatorCase.makeRig()
        rig.run((-10...10).map { .value(.primary, $0) } + [.finish(.primary)])
        #expect(rig.events == Self.seed004.map { .value("\($0)") } + [.finished])
        #expect(rig.violations.isEmpty)
    }

    @Test(arguments: OperatorCase.supported([.modulus]))
    func modulus3OfACollection(_ operatorCase: OperatorCase) throws {
        let run = try ColdSources.run(operatorCase, primary: Array(-10...10), secondary: [], demand: .onePerValue)
        #expect(run.events == Self.seed004.map { .value("\($0)") } + [.finished])
        #expect(run.violations.isEmpty)
    }
}
