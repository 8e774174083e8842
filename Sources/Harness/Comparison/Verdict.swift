/// What a comparison says about a metric or a cell, in the order a report lists them: what needs looking
/// at first.
public enum Verdict: String, Sendable, CaseIterable, Comparable {
    case regression
    case improvement
    /// A time `reactive-bench ab` measured up to its limits without deciding: its interval still
    /// straddles a line (docs/COMPARE.md). Never "unchanged": the pairs did not rule a change out.
    case undecided
    /// A time that changed between two separate runs, reported but not judged: a whole run on a shared
    /// machine moves by 5-10%, so only a paired measurement (`reactive-bench ab`) or `--gate-time` make
    /// a time a regression (docs/COMPARE.md).
    case slower
    case faster
    /// The cell is in the base run only (its workload or implementation was not run, or was removed).
    case onlyInBase = "only-in-base"
    /// The cell is in the new run only.
    case onlyInNew = "only-in-new"
    case unchanged

    public static func < (lhs: Verdict, rhs: Verdict) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// Whether a cell with this metric verdict changed: a regression, an improvement, or a time reported
    /// as slower or faster.
    public var isChange: Bool { [.regression, .improvement, .slower, .faster].contains(self) }

    /// Whether a metric with this verdict gives its cell its verdict (the most urgent of them): a change,
    /// or a time the pairs could not decide.
    public var marksTheCell: Bool { isChange || self == .undecided }
}
