import Foundation
import Harness
import Runner

/// One run's prices.csv as the estimate reads it: a number per event and metric (`retainRelease`, `ns`), and
/// the prices the file marks as not trusted, with why.
struct PriceListFile {
    /// What a price is of: the control's event and the metric (`ns`, `instructions`, `frames`, a counter).
    struct Key: Hashable {
        var event: String
        var metric: String
    }

    /// `per_event` of every trusted row.
    let perEvent: [Key: Double]
    /// `low` of the trusted rows that have one (times; counts leave it empty).
    let low: [Key: Double]
    /// The `reason` of every row marked `trusted` `false`: no price, whatever its fields say.
    let untrusted: [Key: String]
    let path: String

    /// Reads `directory/prices.csv`; a later row of the same event and metric replaces an earlier one. A file
    /// without the `trusted` column (written before it existed) trusts every row.
    ///
    /// - Throws: one line when the file is missing or not CSV, lacks a column, a `trusted` is neither `true`
    ///   nor `false`, or a trusted row's `per_event` (or non-empty `low`) is not a finite decimal number.
    static func read(directory: String) throws(HarnessError) -> PriceListFile {
        let name = PriceList.schema.file, path = "\(directory)/\(PriceList.schema.file)"
        guard FileManager.default.fileExists(atPath: path) else {
            throw HarnessError("\(directory) has no \(name): the estimate needs the price list of both runs")
        }
        let file = try DeclaredTable.read(path, required: [PriceColumn.event, PriceColumn.metric, PriceColumn.perEvent])
        let marks = file.table.column(PriceColumn.trusted.name) != nil
        var perEvent: [Key: Double] = [:], low: [Key: Double] = [:], untrusted: [Key: String] = [:]
        for row in file.rows {
            let key = Key(event: file.field(row.fields, PriceColumn.event), metric: file.field(row.fields, PriceColumn.metric))
            let trusted = marks ? file.field(row.fields, PriceColumn.trusted) : "true"
            perEvent[key] = nil
            low[key] = nil
            untrusted[key] = nil
            switch trusted {
            case "true":
                guard let price = try file.number(row, PriceColumn.perEvent) else {
                    throw HarnessError("\(path): line \(row.line), column \(PriceColumn.perEvent.name): '' is not a number")
                }
                perEvent[key] = price
                low[key] = try file.number(row, PriceColumn.low)
            case "false":
                let reason = file.field(row.fields, PriceColumn.reason)
                untrusted[key] = reason.isEmpty ? "no reason given" : reason
            default:
                throw HarnessError(
                    "\(path): line \(row.line), column \(PriceColumn.trusted.name): '\(trusted)' is neither true nor false"
                )
            }
        }
        return PriceListFile(perEvent: perEvent, low: low, untrusted: untrusted, path: path)
    }
}
