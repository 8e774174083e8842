import Harness

/// A CSV file the cost model reads, its fields looked up by their columns' declarations.
struct DeclaredTable {
    let path: String
    let table: CSVTable
    private let indices: [String: Int]

    /// Reads `path`, which must have every column of `required`.
    ///
    /// - Throws: one line when the file cannot be read or is not CSV, or lacks a required column.
    static func read(_ path: String, required: [ColumnDeclaration]) throws(HarnessError) -> DeclaredTable {
        let table = try CSVTable.read(from: path)
        if let missing = required.first(where: { table.column($0.name) == nil }) {
            throw HarnessError("\(path): no \(missing.name) column")
        }
        let indices = Dictionary(table.header.enumerated().map { ($1, $0) }) { first, _ in first }
        return DeclaredTable(path: path, table: table, indices: indices)
    }

    /// The rows with the line each is on (the files the tool writes hold no line break inside a field).
    var rows: [(fields: [String], line: Int)] { Array(zip(table.rows, 2...)) }

    /// `row`'s field of `column`; empty when the file has no such column.
    func field(_ row: [String], _ column: ColumnDeclaration) -> String {
        indices[column.name].map { row[$0] } ?? ""
    }

    /// `row`'s field of `column` as a number (a finite decimal, as the tool writes one); nil when empty.
    ///
    /// - Throws: one line naming the file, the line and the column of a field that is not a number.
    func number(_ row: (fields: [String], line: Int), _ column: ColumnDeclaration) throws(HarnessError) -> Double? {
        let text = field(row.fields, column)
        if text.isEmpty { return nil }
        guard let value = DecimalField.number(text) else {
            throw HarnessError("\(path): line \(row.line), column \(column.name): '\(text)' is not a number")
        }
        return value
    }
}
