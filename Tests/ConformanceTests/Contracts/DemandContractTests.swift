import ReactiveBenchConformance
import Testing

/// Demand (Combine family): never more values than requested, returned demand honoured, and each
/// operator's demand rule from docs/SEMANTICS.md, checked on the `request` history of its inputs. The
/// contracts are the conformance library's, one case per implementation, operator and contract.
@Suite struct DemandContractTests {
    @Test(arguments: ImplementationUnderTest.cases(.demand))
    func contractsHold(_ conformanceCase: ConformanceCase) async {
        await conformanceCase.check()
    }
}
