import Foundation
import Harness
import Workloads

/// A run's results.csv: one row per cell, its columns in order, each written from the cell's
/// ``CellResult``. The columns' names, units and meanings are declared in ``ResultColumn``; this is the one
/// place that orders them and says how each field is written.
public enum ResultTable {
    public static let schemaVersion = ResultColumn.supportedSchemaVersion

    /// Decimals of the two columns taken from other rows (``CellRatios``).
    public static let baselineRatioDigits = 2
    public static let demandOverheadDigits = 1

    public static let schema = CSVFileSchema<CellResult>(
        file: "results.csv", schemaVersion: schemaVersion,
        row: "one cell: one implementation x one workload (a scenario at one parameter, over one source), in table order",
        columns: cellColumns + timeColumns + countColumns + latencyColumns + instructionColumns
    )

    /// The header, in order.
    public static var columns: [String] { schema.header }

    public static func table(_ results: [CellResult]) -> CSVTable { schema.table(results) }

    private static let cellColumns: [CSVColumn<CellResult>] = [
        ResultColumn.schemaVersion.written { _ in String(schemaVersion) },
        ResultColumn.workload.written(\.workload),
        ResultColumn.scenario.written(\.scenario),
        ResultColumn.parameter.written { $0.parameter ?? "" },
        ResultColumn.source.written { $0.source?.rawValue ?? "" },
        ResultColumn.unit.written(\.unit.rawValue),
        ResultColumn.implementation.written(\.implementation.rawValue),
        ResultColumn.family.written(\.family.rawValue),
        ResultColumn.threads.written { String($0.threads) },
        ResultColumn.status.written(\.status.rawValue),
        ResultColumn.detail.written(\.detail),
    ]

    private static let timeColumns: [CSVColumn<CellResult>] = [
        ResultColumn.repetitions.written { $0.nanosecondsPerUnit.isEmpty ? "" : String($0.nanosecondsPerUnit.count) },
        ResultColumn.repetitionsDisturbed.written { $0.disturbedRepetitions.map(String.init) ?? "" },
        ResultColumn.machineSlowdown.written { format($0.machineSlowdown, digits: 3) },
        ResultColumn.unitsPerRepetition.written { $0.unitsPerRepetition == 0 ? "" : String($0.unitsPerRepetition) },
        ResultColumn.nanosecondsPerUnitMedian.written { format($0.statistics?.median) },
        ResultColumn.nanosecondsPerUnitMin.written { format($0.statistics?.min) },
        ResultColumn.nanosecondsPerUnitMax.written { format($0.statistics?.max) },
        ResultColumn.nanosecondsPerUnitMAD.written { format($0.statistics?.medianAbsoluteDeviation) },
        ResultColumn.nanosecondsPerUnitLow.written { format($0.statistics?.confidenceInterval95.lowerBound) },
        ResultColumn.nanosecondsPerUnitHigh.written { format($0.statistics?.confidenceInterval95.upperBound) },
        ResultColumn.unitsPerSecondMedian.written { format($0.statistics.map { 1e9 / $0.median }, digits: 0) },
        ResultColumn.baselineRatio.written { format($0.baselineRatio, digits: baselineRatioDigits) },
    ]

    private static let countColumns: [CSVColumn<CellResult>] = [
        ResultColumn.allocationsPerUnit.written { format($0.allocationsPerUnit, digits: 4) },
        ResultColumn.bytesPerUnit.written { format($0.bytesPerUnit, digits: 2) },
        ResultColumn.setupNanosecondsMedian.written { result in
            format(result.setupNanoseconds.isEmpty ? nil : SampleStatistics(result.setupNanoseconds).median, digits: 0)
        },
        ResultColumn.allocationsPerSubscription.written { format($0.allocationsPerSubscription, digits: 2) },
        ResultColumn.bytesPerSubscription.written { format($0.bytesPerSubscription, digits: 0) },
        ResultColumn.teardownAllocations.written { format($0.teardownAllocations, digits: 0) },
        ResultColumn.retainedBytes.written { $0.retainedBytes.map(String.init) ?? "" },
        ResultColumn.requestCallsPerUnit.written { format($0.requestCallsPerUnit, digits: 4) },
        ResultColumn.demandReturnsPerUnit.written { format($0.demandReturnsPerUnit, digits: 4) },
        ResultColumn.demandOverheadPercent.written { format($0.demandOverheadPercent, digits: demandOverheadDigits) },
    ]

    private static let latencyColumns: [CSVColumn<CellResult>] = ResultColumn.latencies.map { latency in
        latency.declaration.written { $0.latency.map { String(latency.value($0)) } ?? "" }
    } + [
        ResultColumn.latencyElements.written { $0.latency.map { String($0.count) } ?? "" },
        ResultColumn.latencyRecordingOverhead.written { format($0.latencyRecordingOverhead, digits: 1) },
        ResultColumn.checksum.written { $0.checksum?.description ?? "" },
        ResultColumn.checksumExpected.written { $0.expectedChecksum?.description ?? "" },
        ResultColumn.nanosecondsPerUnitSamples.written { $0.nanosecondsPerUnit.map { format($0) }.joined(separator: ";") },
    ]

    /// The instruction run's columns, then the cost anatomy per unit and per subscription, the components, the
    /// simulated events, and last `call_depth` (the order the columns were added in).
    private static let instructionColumns: [CSVColumn<CellResult>] = [
        ResultColumn.instructionsPerUnit.written { format($0.instructionsPerUnit, digits: 1) },
        ResultColumn.instructionsPerSubscription.written { format($0.instructionsPerSubscription, digits: 0) },
        ResultColumn.instructionsSource.written { $0.instructionSource?.rawValue ?? "" },
    ] + AnatomyCounter.allCases.map { counter in
        ResultColumn.anatomyPerUnit(counter).written { format($0.anatomyPerUnit?[counter], digits: 4) }
    } + AnatomyCounter.allCases.map { counter in
        ResultColumn.anatomyPerSubscription(counter).written { format($0.anatomyPerSubscription?[counter], digits: 4) }
    } + InstructionComponent.allCases.map { component in
        ResultColumn.componentPerUnit(component).written { format($0.componentsPerUnit?[component], digits: 1) }
    } + SimulatedEvent.allCases.map { event in
        ResultColumn.simulatedPerUnit(event).written { format($0.simulatedPerUnit?[event], digits: 4) }
    } + [
        ResultColumn.callDepth.written { $0.callDepth.map(String.init) ?? "" },
    ]

    /// `value` as results.csv holds it (``format(_:digits:)``'s default digits), read back.
    public static func written(_ value: Double) -> Double {
        Double(format(value)) ?? value
    }

    /// A number as the CSV writes it: at most `digits` decimals, no trailing zeros; empty for nil or NaN.
    public static func format(_ value: Double?, digits: Int = 3) -> String {
        guard let value, value.isFinite else { return "" }
        if digits == 0 { return String(Int64(value.rounded())) }
        return DecimalText.trimmedFixed(value, digits: digits)
    }
}
