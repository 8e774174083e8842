/// What a run measured: times, or instruction counts (`run --metric instructions`). A time run has no
/// instruction counts and an instruction run under callgrind no times, so two runs of different metrics
/// share nothing but their allocation counts: `compare` refuses them rather than call them unchanged.
public enum RunMetric: String, Sendable, Equatable {
    case time
    case instructions

    /// The environment.csv key that records the metric.
    public static let environmentKey = "metric"
    /// The environment.csv key that records how many rows results.csv was written with.
    public static let rowCountKey = "result_rows"

    /// "times", "instruction counts": what a run of this metric holds.
    public var description: String { self == .time ? "times" : "instruction counts" }

    /// The metric environment.csv records, or for a run without one (written before it was recorded),
    /// `instructions` when a row names where its counts come from (`instructions_source`).
    static func of(_ table: CSVTable, environment: [String: String]?, source: String) throws(HarnessError) -> RunMetric {
        if let recorded = environment?[environmentKey], !recorded.isEmpty {
            guard let metric = RunMetric(rawValue: recorded) else {
                throw HarnessError(
                    "\(source): its environment.csv says metric '\(recorded)': expected time or instructions"
                )
            }
            return metric
        }
        guard let column = table.column(ResultColumn.instructionsSource.name) else { return .time }
        return table.rows.contains { !$0[column].isEmpty } ? .instructions : .time
    }
}
