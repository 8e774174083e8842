/// One workload of a run, one implementation over another: the ratio of their median times.
public struct ImplementationRatio: Sendable, Equatable {
    public let workload: String
    /// The cell of the implementation in the denominator (A in `--implementations A B`).
    public let first: CellRecord
    /// The cell of the implementation in the numerator (B).
    public let second: CellRecord
    /// B's median ns per unit over A's.
    public let ratio: Double
    /// The Mann–Whitney U test's p-value on the two cells' samples, when both have samples.
    public let pValue: Double?

    /// The ratio of two `ok` cells of one workload, or nil when either has no time.
    public init?(first: CellRecord, second: CellRecord) {
        guard let firstMedian = first.nanosecondsPerUnitMedian, let secondMedian = second.nanosecondsPerUnitMedian,
            firstMedian > 0
        else { return nil }
        workload = first.key.workload
        self.first = first
        self.second = second
        ratio = secondMedian / firstMedian
        pValue = first.samples.isEmpty || second.samples.isEmpty
            ? nil : MannWhitneyU(first.samples, second.samples).pValue
    }
}
