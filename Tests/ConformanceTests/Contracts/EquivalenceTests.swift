import ReactiveBenchConformance
import Testing

/// Random interleavings of values, completions and failures on both inputs, with random downstream
/// demand for the Combine family, give every implementation the history of the reference model. The
/// contract is the conformance library's, one case per implementation and operator.
@Suite struct EquivalenceTests {
    @Test(arguments: ImplementationUnderTest.cases(.randomScripts))
    func contractsHold(_ conformanceCase: ConformanceCase) async {
        await conformanceCase.check()
    }
}
