import ArgumentParser
import Harness

/// `--label`, taken by `run` and `profile`: checked before anything runs, by the rule the run directory
/// itself applies, so that the error names the option.
enum LabelOption {
    static func validate(_ label: String) throws {
        guard RunDirectory.isValidLabel(label) else {
            throw ValidationError(
                "--label must be a non-empty name without '/' or control characters (got '\(RunDirectory.escapingControls(label))')"
            )
        }
    }
}
