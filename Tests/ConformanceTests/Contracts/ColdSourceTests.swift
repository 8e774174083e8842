import ReactiveBenchConformance
import Testing

/// Synchronous cold inputs (`Publishers.Sequence`, `Observable.from`) deliver from inside `subscribe`
/// and `request`, re-entering the operator: the results still follow the reference model. The contracts
/// are the conformance library's, one case per implementation, operator and contract.
@Suite struct ColdSourceTests {
    @Test(arguments: ImplementationUnderTest.cases(.coldSources))
    func contractsHold(_ conformanceCase: ConformanceCase) async {
        await conformanceCase.check()
    }
}
