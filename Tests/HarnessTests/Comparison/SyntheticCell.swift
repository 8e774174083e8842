import Harness
import Runner
import Workloads

/// One row of a synthetic results.csv: an `ok` cell with no allocation per element, unless told otherwise.
struct SyntheticCell {
    var workload: String
    var implementation: String
    var status = "ok"
    var samples: [Double]
    var allocationsPerUnit = 0.0
    var bytesPerUnit = 0.0
    var allocationsPerSubscription = 6.0
    var bytesPerSubscription = 384.0
    var retainedBytes = 0.0
    var requestCallsPerUnit: Double? = 0
    /// Any other column, by name, as text.
    var extra: [String: String] = [:]

    /// The row's fields under `header`, as the runner writes them: numbers only on `ok` rows, empty fields
    /// for what the cell does not say.
    func fields(under header: [String]) -> [String] {
        var values: [String: String] = [
            "schema_version": String(ResultTable.schemaVersion), "workload": workload, "scenario": workload,
            "unit": "element", "implementation": implementation, "family": "combine", "status": status,
        ]
        if status == "ok" {
            values["ns_per_unit_samples"] = samples.map { ResultTable.format($0) }.joined(separator: ";")
            values["ns_per_unit_median"] = samples.isEmpty ? "" : ResultTable.format(SampleStatistics.median(samples))
            values["repetitions"] = String(samples.count)
            values["allocations_per_unit"] = ResultTable.format(allocationsPerUnit, digits: 4)
            values["bytes_per_unit"] = ResultTable.format(bytesPerUnit, digits: 2)
            values["allocations_per_subscription"] = ResultTable.format(allocationsPerSubscription, digits: 2)
            values["bytes_per_subscription"] = ResultTable.format(bytesPerSubscription, digits: 0)
            values["retained_bytes"] = ResultTable.format(retainedBytes, digits: 0)
            values["request_calls_per_unit"] = ResultTable.format(requestCallsPerUnit, digits: 4)
        } else {
            values["detail"] = "synthetic \(status)"
        }
        values.merge(extra) { _, extra in extra }
        return header.map { values[$0] ?? "" }
    }
}
