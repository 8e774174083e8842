/// Whether a run's rows ran specialised, as an app's code is for its own operators, read from its
/// environment.csv; and the one rule about comparing runs that differ in it.
///
/// A build without cross-module optimisation (`REACTIVE_BENCH_CMO=0`) runs every style unspecialised
/// across its module boundary; a row another package made from an existential style
/// (``EnvironmentNote/unspecialisedKey``) runs unspecialised in any build. `run` and `ab` measure such rows
/// only when told `--allow-unspecialised`, and `compare` and `ab` compare a run that has them with one
/// that does not only when told the same (docs/YOUR-OPERATORS.md).
public enum Specialisation {
    /// The option that lets unspecialised rows be measured and compared.
    public static let allowOption = "--allow-unspecialised"
    /// The command that builds a specialised tool and runs it.
    public static let pluginCommand = "swift package reactive-bench run"

    /// What ran unspecialised in the run `environment` describes: nil when nothing did.
    public static func unspecialised(_ environment: [String: String]?) -> String? {
        guard let environment else { return nil }
        if environment["cross_module_optimization"] == "false" {
            return "every row (its build had no cross-module optimisation)"
        }
        if let rows = environment[EnvironmentNote.unspecialisedKey], !rows.isEmpty {
            return "the rows \(rows.replacingOccurrences(of: "; ", with: ", "))"
        }
        return nil
    }

    /// Refuses to compare a run with unspecialised rows and one without them, unless `allowed`.
    public static func checkComparable(
        base: [String: String]?, new: [String: String]?, allowed: Bool
    ) throws(HarnessError) {
        let baseRows = unspecialised(base), newRows = unspecialised(new)
        guard !allowed, (baseRows == nil) != (newRows == nil) else { return }
        let (side, rows) = baseRows.map { ("base", $0) } ?? ("new", newRows!)
        throw HarnessError(
            "in the \(side) run \(rows) ran unspecialised, in the other run specialised: their numbers are not "
                + "comparable (measure both with `\(pluginCommand)`, or pass \(allowOption) to compare them anyway)"
        )
    }
}
