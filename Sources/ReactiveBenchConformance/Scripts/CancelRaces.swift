/// Violations that a race with cancel makes legitimate: a value or completion already on its way when
/// the downstream cancelled (Combine) or disposed (Rx) on another thread may still arrive.
package enum CancelRaces {
    package static func ignoring(_ violations: [String]) -> [String] {
        violations.filter { !$0.hasSuffix("after cancel") && !$0.hasSuffix("after dispose") }
    }
}
