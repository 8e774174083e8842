/// Which metrics a comparison judges. Counts repeat from run to run and can gate CI on a noisy machine;
/// times need a quiet one (docs/COMPARE.md).
public enum MetricSelection: String, Sendable, CaseIterable {
    /// The status, the time per unit and every count.
    case all
    /// The status and the counts (allocations, bytes, retained bytes, request calls, instructions); the
    /// time per unit is neither shown nor judged.
    case counts
}
