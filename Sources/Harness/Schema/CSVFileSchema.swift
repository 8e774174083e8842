/// One CSV file a run directory holds, declared once: its name, its schema version, what a row is, and its
/// columns in order (``CSVColumn``). The writer makes the file with ``table(_:)``; `reactive-bench schema`,
/// the run's schema.json and docs/CSV.md describe it from ``declaration``.
public struct CSVFileSchema<Row>: Sendable {
    /// The file's name in a run directory (`results.csv`).
    public let file: String
    /// The value of the file's `schema_version` column, or of none for a file without one. Bump it when a
    /// column changes meaning or disappears; adding a column does not.
    public let schemaVersion: Int?
    /// What one row is, in a sentence.
    public let row: String
    public let columns: [CSVColumn<Row>]

    public init(file: String, schemaVersion: Int? = nil, row: String, columns: [CSVColumn<Row>]) {
        self.file = file
        self.schemaVersion = schemaVersion
        self.row = row
        self.columns = columns
    }

    public var header: [String] { columns.map(\.name) }

    /// The file's table: the header, then one row of fields per element of `rows`.
    public func table(_ rows: [Row]) -> CSVTable {
        CSVTable(header: header, rows: rows.map(fields))
    }

    /// One row's fields, in the columns' order.
    public func fields(_ row: Row) -> [String] {
        columns.map { $0.value(row) }
    }

    /// The file without its rows' type, to describe it.
    public var declaration: CSVFileDeclaration {
        CSVFileDeclaration(file: file, schemaVersion: schemaVersion, row: row, columns: columns.map(\.declaration))
    }
}

/// A ``CSVFileSchema`` as `reactive-bench schema` and schema.json describe it: the file, its version, what a
/// row is, and every column's declaration in order.
public struct CSVFileDeclaration: Sendable, Equatable, Codable {
    public let file: String
    public let schemaVersion: Int?
    public let row: String
    public let columns: [ColumnDeclaration]

    public init(file: String, schemaVersion: Int?, row: String, columns: [ColumnDeclaration]) {
        self.file = file
        self.schemaVersion = schemaVersion
        self.row = row
        self.columns = columns
    }

    /// The declaration of the column called `name`, if the file has one.
    public func column(_ name: String) -> ColumnDeclaration? { columns.first { $0.name == name } }
}
