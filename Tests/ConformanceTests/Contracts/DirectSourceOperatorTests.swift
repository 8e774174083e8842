import PropertyBased
import StyleKit
import Testing

/// Every operator of every implementation over the direct sources instead of tracking subjects: random
/// interleavings of values, completions, failures, requests and cancels (from inside `receive` too) give
/// the ``ReferenceModel``'s history, so a `[direct]` row measures the same behaviour as its subject row.
@Suite struct DirectSourceOperatorTests {
    @Test(arguments: OperatorCase.supported())
    func randomScriptsOverDirectSourcesMatchTheReferenceModel(_ operatorCase: OperatorCase) async throws {
        let check = {
            await propertyCheck(count: 60, input: ScriptGenerator.script(for: operatorCase)) { script in
                let rig = try DirectInputsRig(operatorCase, demand: script.demand)
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
