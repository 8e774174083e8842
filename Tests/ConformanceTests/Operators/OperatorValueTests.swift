import ReactiveBenchConformance
import Testing

/// What each operator emits: docs/SEMANTICS.md's table and the articles' examples (docs/ORIGINS.md: the
/// custom-operator article's withLatestFrom sequence, the Producer/Sink article's subjects, the
/// composition article's modulus and histogram), on every implementation that has the
/// operator. The contracts are the conformance library's (`Contracts/Operators`), one case per
/// implementation, operator and contract.
@Suite struct OperatorValueTests {
    @Test(arguments: ImplementationUnderTest.cases(.operatorValues))
    func contractsHold(_ conformanceCase: ConformanceCase) async {
        await conformanceCase.check()
    }
}
