import ReactiveBenchConformance
import Testing

/// The conformance library's list of contracts: one name each, as cases and failures show them, and a
/// contract in every theme, so that no suite of this target runs empty.
@Suite struct ContractCatalogueTests {
    @Test func everyContractHasANameOfItsOwn() {
        let names = ConformanceContract.all.map(\.name)
        #expect(Set(names).count == names.count, "names given twice: \(names.filter { name in names.count { $0 == name } > 1 })")
        #expect(Set(ConformanceContract.all).count == ConformanceContract.all.count)
    }

    @Test(arguments: ContractSuite.allCases)
    func everyThemeHasContracts(_ suite: ContractSuite) {
        #expect(ConformanceContract.all.contains { $0.suite == suite })
    }
}
