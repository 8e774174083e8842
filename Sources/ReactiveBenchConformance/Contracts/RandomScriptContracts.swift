import PropertyBased
import StyleKit

/// Random interleavings of values, completions and failures on both inputs, with random downstream demand,
/// requests and cancels (from inside `receive` too) for the Combine family, give the reference model's
/// history: over tracking inputs, and over the direct sources, so that a `[direct]` row measures the same
/// behaviour as its subject row.
extension ConformanceContract {
    static let randomScriptContracts = [
        randomScriptsMatchTheReferenceModel, randomScriptsOverDirectSourcesMatchTheReferenceModel,
    ]

    /// 150 random scripts over tracking inputs.
    public static let randomScriptsMatchTheReferenceModel = ConformanceContract(
        "randomScriptsMatchTheReferenceModel", .randomScripts
    ) { run in
        await checkRandomScripts(run, count: 150) { demand throws(UnsupportedOperator) in try run.makeRig(demand: demand) }
    }

    /// 60 random scripts over the direct sources.
    public static let randomScriptsOverDirectSourcesMatchTheReferenceModel = ConformanceContract(
        "randomScriptsOverDirectSourcesMatchTheReferenceModel", .directSources
    ) { run in
        await checkRandomScripts(run, count: 60) { demand throws(UnsupportedOperator) in try run.makeDirectRig(demand: demand) }
    }

    /// Runs `count` random scripts, each on an operator `makeRig` builds for the script's demand, and holds
    /// each history to the reference model; a failing script is shown with its seed.
    private static func checkRandomScripts(
        _ run: ContractRun,
        count: Int,
        makeRig: (DemandPolicy) throws(UnsupportedOperator) -> any ScriptedOperator
    ) async {
        await run.excusingKnownDeviation(intermittent: true) {
            let scripts = ScriptGenerator.script(for: run.operation, family: run.family)
            await propertyCheck(
                count: count,
                input: scripts,
                perform: { script in
                    do {
                        let rig = try makeRig(script.demand)
                        rig.run(script.steps)
                        run.expect(rig.events, toFollow: script)
                        run.expectNoViolations(rig.violations, after: script)
                    } catch {
                        run.failUnbuilt(error)
                    }
                },
                sourceLocation: run.sourceLocation
            )
        }
    }
}
