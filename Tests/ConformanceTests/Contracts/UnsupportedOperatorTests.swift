import Implementations
import ReactiveBenchConformance
import StyleKit
import Testing

/// A style that cannot express an operator throws `UnsupportedOperator` naming itself and the operator
/// (the conformance library's contract, one case per implementation and operator it lacks), and the
/// registry lists the operator as unsupported.
@Suite struct UnsupportedOperatorTests {
    @Test(arguments: ImplementationUnderTest.cases(.unsupportedOperators))
    func contractsHold(_ conformanceCase: ConformanceCase) async {
        await conformanceCase.check()
    }

    @Test func builtinLacksTheMultiSourceOperators() {
        let builtin = Registry.implementation(.builtin)
        #expect(OperatorID.allCases.filter { !builtin.supports($0) } == [.withLatestFrom, .sample, .sampleWithFrom])
    }
}
