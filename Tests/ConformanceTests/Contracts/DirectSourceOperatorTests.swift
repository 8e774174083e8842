import ReactiveBenchConformance
import Testing

/// Every operator of every implementation over the direct sources instead of tracking subjects: random
/// interleavings of values, completions, failures, requests and cancels (from inside `receive` too) give
/// the reference model's history, so a `[direct]` row measures the same behaviour as its subject row. The
/// contract is the conformance library's, one case per implementation and operator.
@Suite struct DirectSourceOperatorTests {
    @Test(arguments: ImplementationUnderTest.cases(.directSources))
    func contractsHold(_ conformanceCase: ConformanceCase) async {
        await conformanceCase.check()
    }
}
