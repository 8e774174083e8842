/// One metric of one cell, base against new: the values, the change and the verdict.
public struct MetricComparison: Sendable, Equatable {
    /// The metric's column (`ns_per_unit` for the time, compared on the samples), or `status`.
    public let metric: String
    /// The values as a report shows them.
    public let base: String
    public let new: String
    /// The change as a report shows it: `+1`, `+20.3% (p=0.0002)`, `ok -> checksum_mismatch`.
    public let change: String
    public let verdict: Verdict
    /// The Mann–Whitney U test's p-value, for a time compared on its samples (Wilcoxon's signed-rank
    /// test's, for paired samples).
    public let pValue: Double?
    /// For a time compared on pairs: how many pairs, and how many looks they made (``PairedLooks``).
    public let pairs: Int?
    public let looks: Int?

    public init(
        metric: String, base: String, new: String, change: String, verdict: Verdict, pValue: Double? = nil,
        pairs: Int? = nil, looks: Int? = nil
    ) {
        self.metric = metric
        self.base = base
        self.new = new
        self.change = change
        self.verdict = verdict
        self.pValue = pValue
        self.pairs = pairs
        self.looks = looks
    }
}
