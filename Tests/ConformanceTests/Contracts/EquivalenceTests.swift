import Implementations
import CombineFramework
import PropertyBased
import StyleKit
import Testing

/// Random interleavings of values, completions and failures on both inputs, with random downstream
/// demand for the Combine family, give every implementation the history of the ``ReferenceModel``.
@Suite struct EquivalenceTests {
    @Test(arguments: OperatorCase.supported())
    func randomScriptsMatchTheReferenceModel(_ operatorCase: OperatorCase) async throws {
        let check = {
            await propertyCheck(count: 150, input: ScriptGenerator.script(for: operatorCase)) { script in
                let rig = try operatorCase.makeRig(demand: script.demand)
                rig.run(script.steps)
                #expect(rig.events == operatorCase.expected(script), "\(script)")
                #expect(rig.violations.isEmpty, "\(script)")
            }
        }
        if let deviation = operatorCase.knownLibraryDeviation {
            await withKnownIssue(deviation, isIntermittent: true) { await check() }
        } else {
            await check()
        }
    }
}
