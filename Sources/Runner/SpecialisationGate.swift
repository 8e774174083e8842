import Harness
import StyleKit
import Workloads

/// Which of the rows a command is about to measure would run unspecialised in this build, and the refusal
/// `run` and `ab` give unless `--allow-unspecialised` (``Specialisation``).
public struct SpecialisationGate: Sendable {
    /// Why each unspecialised row is so, by row.
    public let reasons: [ImplementationID: String]
    private let buildLacksOptimisation: Bool

    /// The gate for `rows` in a build with or without cross-module optimisation (by default, this one).
    public init(_ rows: [Implementation], crossModuleOptimization: Bool = RunEnvironment.builtWithCrossModuleOptimization) {
        buildLacksOptimisation = !crossModuleOptimization
        let reason = buildLacksOptimisation
            ? "this build had no cross-module optimisation (REACTIVE_BENCH_CMO=0)"
            : "made from an existential style, not Implementation(combine:)"
        let unspecialised = buildLacksOptimisation ? rows : rows.filter { !$0.isSpecialised }
        reasons = Dictionary(uniqueKeysWithValues: unspecialised.map { ($0.id, reason) })
    }

    /// The one line that refuses to measure, without its `error: `, when a row would run unspecialised and
    /// `allowed` is false; nil when the command may go on.
    public func refusal(allowed: Bool) -> String? {
        guard !allowed, !reasons.isEmpty else { return nil }
        let what = buildLacksOptimisation
            ? "this build has no cross-module optimisation (it was built with REACTIVE_BENCH_CMO=0), so every row would run unspecialised"
            : "the rows \(reasons.keys.map(\.rawValue).sorted().joined(separator: ", ")) would run unspecialised (made from an existential style, not Implementation(combine:))"
        return "\(what), unlike an app's code: build and run the tool with `\(Specialisation.pluginCommand)`, "
            + "or pass \(Specialisation.allowOption) to measure it anyway"
    }

    /// `result` with its detail saying that it ran unspecialised, and why, when it did.
    public func marked(_ result: CellResult) -> CellResult {
        guard let reason = reasons[result.implementation] else { return result }
        var marked = result
        let note = "unspecialised: \(reason)"
        marked.detail = marked.detail.isEmpty ? note : "\(note); \(marked.detail)"
        return marked
    }
}
