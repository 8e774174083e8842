import ReactiveBenchConformance
import Testing

/// Completion and failure (every family): one terminal event, nothing after it, and the operator lets
/// go of every input when the downstream ends. The contracts are the conformance library's, one case per
/// implementation, operator and contract.
@Suite struct TerminationContractTests {
    @Test(arguments: ImplementationUnderTest.cases(.termination))
    func contractsHold(_ conformanceCase: ConformanceCase) async {
        await conformanceCase.check()
    }
}
