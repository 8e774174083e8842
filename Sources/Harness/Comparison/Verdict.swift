/// What a comparison says about a metric or a cell, in the order a report lists them: what needs looking
/// at first.
public enum Verdict: String, Sendable, CaseIterable, Comparable {
    case regression
    case improvement
    /// The cell is in the base run only (its workload or implementation was not run, or was removed).
    case onlyInBase = "only-in-base"
    /// The cell is in the new run only.
    case onlyInNew = "only-in-new"
    case unchanged

    public static func < (lhs: Verdict, rhs: Verdict) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
