/// One workload of a run, one implementation over another: the ratio of their median times.
public struct ImplementationRatio: Sendable, Equatable {
    public let workload: String
    /// The cell of the implementation in the denominator (A in `--implementations A B`).
    public let first: CellRecord
    /// The cell of the implementation in the numerator (B).
    public let second: CellRecord
    /// B's median ns per unit over A's; nil in a run without times (`run --metric instructions`).
    public let ratio: Double?
    /// The Mann–Whitney U test's p-value on the two cells' samples, when both have samples.
    public let pValue: Double?
    /// B's instructions per unit over A's, when both cells counted them.
    public let instructionRatio: Double?

    /// The ratios of two `ok` cells of one workload, or nil when they have neither times nor instruction
    /// counts to compare.
    public init?(first: CellRecord, second: CellRecord) {
        func ratio(_ a: Double?, _ b: Double?) -> Double? {
            guard let a, let b, a > 0 else { return nil }
            return b / a
        }
        let timeRatio = ratio(first.nanosecondsPerUnitMedian, second.nanosecondsPerUnitMedian)
        let instructionRatio = ratio(
            first.values[ResultColumn.instructionsPerUnit.name], second.values[ResultColumn.instructionsPerUnit.name]
        )
        guard timeRatio != nil || instructionRatio != nil else { return nil }
        workload = first.key.workload
        self.first = first
        self.second = second
        self.ratio = timeRatio
        self.instructionRatio = instructionRatio
        pValue = timeRatio == nil || first.samples.isEmpty || second.samples.isEmpty
            ? nil : MannWhitneyU(first.samples, second.samples).pValue
    }
}
