/// One column of a CSV file the tool writes: its name, its unit and what it means, declared once.
///
/// Every file of a run directory (results.csv, fits.csv, prices.csv, ...) is a ``CSVFileSchema``: a list of
/// ``CSVColumn``s, each a declaration and how a row's field is written. Everything else reads the columns
/// from there: the writer's header, `reactive-bench schema` (and the `schema.json` every run writes), the
/// charts, and the tables of docs/CSV.md, which a test compares with the schema. A column is named nowhere
/// else: code that reads one refers to its declaration (`ResultColumn.workload.name`), never to a string.
///
/// Declare a column where its file is declared, with a meaning of one or two sentences a reader of the CSV
/// needs (not how the code computes it):
///
/// ```swift
/// static let slope = ColumnDeclaration(
///     "slope", unit: .ofMetric, "the cost of one more stage (subscriber), in `metric` per `measured_per`"
/// )
/// ```
public struct ColumnDeclaration: Sendable, Equatable, Codable {
    /// The column's header in the file: `snake_case`, its unit in the name where it has one
    /// (`ns_per_unit_median`).
    public let name: String
    public let unit: ColumnUnit
    /// What a value of the column says, in a sentence or two (Markdown: `code` for names and values).
    public let meaning: String
    /// Whether a value may be below 0 (a change, an error, memory given back); counts and times never are,
    /// and readers refuse a negative one.
    public let signed: Bool
    /// What separates the values of a column that holds several in a field (`;`); nil for one value.
    public let separator: String?
    /// Whether every row fills it, whatever its status: the fields a reader names a row by (a results.csv
    /// row's workload, unit, implementation and status).
    public let namesTheRow: Bool

    public init(
        _ name: String, unit: ColumnUnit = .none, signed: Bool = false, separator: String? = nil, namesTheRow: Bool = false,
        _ meaning: String
    ) {
        self.name = name
        self.unit = unit
        self.meaning = meaning
        self.signed = signed
        self.separator = separator
        self.namesTheRow = namesTheRow
    }

    /// This column in a file of `Row`s, whose field `value` writes from a row.
    public func written<Row>(_ value: @escaping @Sendable (Row) -> String) -> CSVColumn<Row> {
        CSVColumn(self, value: value)
    }
}

/// What one value of a column is measured in, as `reactive-bench schema` and docs/CSV.md print it.
public struct ColumnUnit: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.init(rawValue: value) }
    public init(from decoder: any Decoder) throws { self.init(rawValue: try decoder.singleValueContainer().decode(String.self)) }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// No unit: a name, a key, a status, text.
    public static let none: ColumnUnit = "-"
    /// How many times something happened (allocations, calls, repetitions): per unit when the name says so.
    public static let count: ColumnUnit = "count"
    public static let nanoseconds: ColumnUnit = "ns"
    public static let bytes: ColumnUnit = "bytes"
    public static let instructions: ColumnUnit = "instructions"
    /// Stack frames (call depth).
    public static let frames: ColumnUnit = "frames"
    /// A ratio of two values of the same unit: 1 is "the same".
    public static let ratio: ColumnUnit = "x"
    public static let percent: ColumnUnit = "%"
    public static let perSecond: ColumnUnit = "1/s"
    /// A hexadecimal fold (checksums).
    public static let hex: ColumnUnit = "hex"
    /// The unit of the row's own `metric` column (a fit or a price of `ns`, `instructions`, a counter).
    public static let ofMetric: ColumnUnit = "metric"
}
