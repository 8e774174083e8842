import Implementations
import StyleKit
import Testing

/// Synchronous cold inputs (`Publishers.Sequence`, `Observable.from`) deliver from inside `subscribe`
/// and `request`, re-entering the operator: the results still follow the reference model.
@Suite struct ColdSourceTests {
    static let policies: [DemandPolicy] = [.unlimited, .onePerValue]

    @Test(arguments: OperatorCase.supported(), Self.policies)
    func coldInputsGiveTheModelsHistory(_ operatorCase: OperatorCase, _ demand: DemandPolicy) throws {
        for (primary, secondary) in [([3, 4, 5, -2], [1, 2]), ([3, 4], []), ([], [1]), ([], [])] {
            let run = try ColdSources.run(operatorCase, primary: primary, secondary: secondary, demand: demand)
            let script = ColdSources.script(operatorCase, primary: primary, secondary: secondary, demand: demand)
            #expect(run.events == operatorCase.expected(script), "primary \(primary), secondary \(secondary)")
            #expect(run.violations.isEmpty)
        }
    }
}
