import Foundation
import Harness
import Runner

/// One run's prices.csv as the estimate reads it: a number per event and metric (`retainRelease`, `ns`).
struct PriceListFile {
    /// What a price is of: the control's event and the metric (`ns`, `instructions`, `frames`, a counter).
    struct Key: Hashable {
        var event: String
        var metric: String
    }

    /// `per_event` of every row.
    let perEvent: [Key: Double]
    /// `low` of the rows that have one (times; counts leave it empty).
    let low: [Key: Double]
    let path: String

    /// Reads `directory/prices.csv`; a later row of the same event and metric replaces an earlier one.
    ///
    /// - Throws: one line when the file is missing or not CSV, lacks a column, or a `per_event` (or a
    ///   non-empty `low`) is not a finite decimal number.
    static func read(directory: String) throws(HarnessError) -> PriceListFile {
        let name = PriceList.schema.file, path = "\(directory)/\(PriceList.schema.file)"
        guard FileManager.default.fileExists(atPath: path) else {
            throw HarnessError("\(directory) has no \(name): the estimate needs the price list of both runs")
        }
        let file = try DeclaredTable.read(path, required: [PriceColumn.event, PriceColumn.metric, PriceColumn.perEvent])
        var perEvent: [Key: Double] = [:], low: [Key: Double] = [:]
        for row in file.rows {
            let key = Key(event: file.field(row.fields, PriceColumn.event), metric: file.field(row.fields, PriceColumn.metric))
            guard let price = try file.number(row, PriceColumn.perEvent) else {
                throw HarnessError("\(path): line \(row.line), column \(PriceColumn.perEvent.name): '' is not a number")
            }
            perEvent[key] = price
            low[key] = try file.number(row, PriceColumn.low)
        }
        return PriceListFile(perEvent: perEvent, low: low, path: path)
    }
}
