import ReactiveBenchConformance
import Testing

/// Operators under concurrent inputs, requests and cancels, for every implementation that claims
/// thread safety (re-run under ThreadSanitizer): no crash, no value beyond demand, the terminal event
/// at most once (exactly once when nothing cancels), and nothing left alive afterwards. The contracts are
/// the conformance library's, one case per implementation, operator and contract.
@Suite struct OperatorConcurrencyTests {
    @Test(arguments: ImplementationUnderTest.cases(.concurrency))
    func contractsHold(_ conformanceCase: ConformanceCase) async {
        await conformanceCase.check()
    }
}
