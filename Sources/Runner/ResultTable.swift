import Foundation
import Harness
import Workloads

/// The CSV schema of a run's `results.csv`, documented column by column in docs/CSV.md. Bump
/// `schemaVersion` whenever a column changes meaning or disappears.
public enum ResultTable {
    public static let schemaVersion = 2

    public static let columns: [String] = [
        "schema_version", "workload", "scenario", "parameter", "source", "unit", "implementation", "family", "status", "detail",
        "repetitions", "repetitions_disturbed", "machine_slowdown", "units_per_repetition",
        "ns_per_unit_median", "ns_per_unit_min", "ns_per_unit_max", "ns_per_unit_mad",
        "ns_per_unit_ci95_low", "ns_per_unit_ci95_high", "units_per_second_median", "baseline_ratio",
        "allocations_per_unit", "bytes_per_unit",
        "setup_ns_median", "allocations_per_subscription", "bytes_per_subscription",
        "teardown_allocations", "retained_bytes",
        "request_calls_per_unit", "demand_returns_per_unit", "demand_overhead_percent",
        "latency_p50_ns", "latency_p90_ns", "latency_p99_ns", "latency_p999_ns", "latency_p9999_ns",
        "latency_max_ns", "latency_recording_overhead_ns",
        "checksum", "checksum_expected", "ns_per_unit_samples",
        "instructions_per_unit", "instructions_per_subscription", "instructions_source",
    ] + AnatomyCounter.allCases.map(ResultColumn.anatomyPerUnit)
        + AnatomyCounter.allCases.map(ResultColumn.anatomyPerSubscription)
        + InstructionComponent.allCases.map(ResultColumn.componentPerUnit)
        + SimulatedEvent.allCases.map(ResultColumn.simulatedPerUnit) + ["call_depth"]

    /// Decimals of the two columns taken from other rows (``CellRatios``).
    public static let baselineRatioDigits = 2
    public static let demandOverheadDigits = 1

    public static func table(_ results: [CellResult]) -> CSVTable {
        CSVTable(header: columns, rows: results.map(row))
    }

    static func row(_ result: CellResult) -> [String] {
        let statistics = result.statistics
        let setup = result.setupNanoseconds.isEmpty ? nil : SampleStatistics(result.setupNanoseconds)
        let latency = result.latency
        var values: [String: String] = [
            "schema_version": String(schemaVersion),
            "workload": result.workload,
            "scenario": result.scenario,
            "parameter": result.parameter ?? "",
            "source": result.source?.rawValue ?? "",
            "unit": result.unit.rawValue,
            "implementation": result.implementation.rawValue,
            "family": result.family.rawValue,
            "status": result.status.rawValue,
            "detail": result.detail,
            "repetitions": result.nanosecondsPerUnit.isEmpty ? "" : String(result.nanosecondsPerUnit.count),
            "repetitions_disturbed": result.disturbedRepetitions.map(String.init) ?? "",
            "machine_slowdown": format(result.machineSlowdown, digits: 3),
            "units_per_repetition": result.unitsPerRepetition == 0 ? "" : String(result.unitsPerRepetition),
            "ns_per_unit_median": format(statistics?.median),
            "ns_per_unit_min": format(statistics?.min),
            "ns_per_unit_max": format(statistics?.max),
            "ns_per_unit_mad": format(statistics?.medianAbsoluteDeviation),
            "ns_per_unit_ci95_low": format(statistics?.confidenceInterval95.lowerBound),
            "ns_per_unit_ci95_high": format(statistics?.confidenceInterval95.upperBound),
            "units_per_second_median": format(statistics.map { 1e9 / $0.median }, digits: 0),
            "baseline_ratio": format(result.baselineRatio, digits: baselineRatioDigits),
            "allocations_per_unit": format(result.allocationsPerUnit, digits: 4),
            "bytes_per_unit": format(result.bytesPerUnit, digits: 2),
            "setup_ns_median": format(setup?.median, digits: 0),
            "allocations_per_subscription": format(result.allocationsPerSubscription, digits: 2),
            "bytes_per_subscription": format(result.bytesPerSubscription, digits: 0),
            "teardown_allocations": format(result.teardownAllocations, digits: 0),
            "retained_bytes": result.retainedBytes.map(String.init) ?? "",
            "request_calls_per_unit": format(result.requestCallsPerUnit, digits: 4),
            "demand_returns_per_unit": format(result.demandReturnsPerUnit, digits: 4),
            "demand_overhead_percent": format(result.demandOverheadPercent, digits: demandOverheadDigits),
            "latency_p50_ns": latency.map { String($0.p50) } ?? "",
            "latency_p90_ns": latency.map { String($0.p90) } ?? "",
            "latency_p99_ns": latency.map { String($0.p99) } ?? "",
            "latency_p999_ns": latency.map { String($0.p999) } ?? "",
            "latency_p9999_ns": latency.map { String($0.p9999) } ?? "",
            "latency_max_ns": latency.map { String($0.max) } ?? "",
            "latency_recording_overhead_ns": format(result.latencyRecordingOverhead, digits: 1),
            "call_depth": result.callDepth.map(String.init) ?? "",
            "checksum": result.checksum?.description ?? "",
            "checksum_expected": result.expectedChecksum?.description ?? "",
            "ns_per_unit_samples": result.nanosecondsPerUnit.map { format($0) }.joined(separator: ";"),
            "instructions_per_unit": format(result.instructionsPerUnit, digits: 1),
            "instructions_per_subscription": format(result.instructionsPerSubscription, digits: 0),
            "instructions_source": result.instructionSource?.rawValue ?? "",
        ]
        for counter in AnatomyCounter.allCases {
            values[ResultColumn.anatomyPerUnit(counter)] = format(result.anatomyPerUnit?[counter], digits: 4)
            values[ResultColumn.anatomyPerSubscription(counter)] = format(result.anatomyPerSubscription?[counter], digits: 4)
        }
        for component in InstructionComponent.allCases {
            values[ResultColumn.componentPerUnit(component)] = format(result.componentsPerUnit?[component], digits: 1)
        }
        for event in SimulatedEvent.allCases {
            values[ResultColumn.simulatedPerUnit(event)] = format(result.simulatedPerUnit?[event], digits: 4)
        }
        return columns.map { values[$0]! }
    }

    /// A number as the CSV writes it: at most `digits` decimals, no trailing zeros; empty for nil or NaN.
    public static func format(_ value: Double?, digits: Int = 3) -> String {
        guard let value, value.isFinite else { return "" }
        if digits == 0 { return String(Int64(value.rounded())) }
        var text = String(format: "%.\(digits)f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text
    }
}
