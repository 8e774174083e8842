import Foundation
import Runner
import Workloads

/// The readable table printed after a run.
enum SummaryTable {
    static func render(_ results: [CellResult]) -> String {
        let counted = results.contains { $0.instructionsPerUnit != nil }
        var header = ["workload", "implementation", "status", "ns/unit", "±MAD", "x baseline", "allocs/unit", "allocs/sub", "req/unit", "demand +%", "p99 ns"]
        if counted { header += ["instr/unit", "instr/sub"] }
        let rows = results.map { result -> [String] in
            let statistics = result.statistics
            let instructions = !counted ? [] : [
                result.instructionsPerUnit.map { String(format: "%.1f", $0) } ?? "-",
                result.instructionsPerSubscription.map { String(format: "%.0f", $0) } ?? "-",
            ]
            return [
                result.workload,
                result.implementation.rawValue,
                result.status.rawValue,
                statistics.map { String(format: "%.1f", $0.median) } ?? "-",
                statistics.map { String(format: "%.1f", $0.medianAbsoluteDeviation) } ?? "-",
                result.baselineRatio.map { String(format: "%.1f", $0) } ?? "-",
                result.allocationsPerUnit.map { String(format: "%.2f", $0) } ?? "-",
                result.allocationsPerSubscription.map { String(format: "%.0f", $0) } ?? "-",
                result.requestCallsPerUnit.map { String(format: "%.2f", $0) } ?? "-",
                result.demandOverheadPercent.map { String(format: "%+.0f", $0) } ?? "-",
                result.latency.map { String($0.p99) } ?? "-",
            ] + instructions
        }
        let widths = header.indices.map { column in
            ([header] + rows).map { $0[column].count }.max()!
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                index < 3 ? cell.padding(widths[index]) : String(repeating: " ", count: widths[index] - cell.count) + cell
            }.joined(separator: "  ")
        }
        return ([line(header), line(widths.map { String(repeating: "-", count: $0) })] + rows.map(line))
            .joined(separator: "\n")
    }
}
