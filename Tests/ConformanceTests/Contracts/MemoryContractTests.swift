import ReactiveBenchConformance
import Testing

/// No retain cycles (every family): once the downstream cancelled, or the operator ended it, and the
/// test let go of its downstream, nothing of the pipeline is alive while its inputs still are. The
/// contracts are the conformance library's, one case per implementation, operator and contract.
@Suite struct MemoryContractTests {
    @Test(arguments: ImplementationUnderTest.cases(.memory))
    func contractsHold(_ conformanceCase: ConformanceCase) async {
        await conformanceCase.check()
    }
}
