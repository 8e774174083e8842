import ReactiveBenchConformance
import Testing

/// Cancellation (every family; dispose for Rx): nothing after it, it reaches every input, and it is
/// safe to repeat, from several threads too. The contracts are the conformance library's
/// (`Sources/ReactiveBenchConformance/Contracts`), one case per implementation, operator and contract.
@Suite struct CancellationContractTests {
    @Test(arguments: ImplementationUnderTest.cases(.cancellation))
    func contractsHold(_ conformanceCase: ConformanceCase) async {
        await conformanceCase.check()
    }
}
