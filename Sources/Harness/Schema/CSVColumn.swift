/// A column of a file of `Row`s: its declaration (``ColumnDeclaration``: name, unit, meaning) and how the
/// tool writes a row's field, the one place both are said.
///
/// ```swift
/// CSVColumn<StageFit>("r_squared", unit: .none, "R^2 of the line against the median at each parameter value") {
///     ResultTable.format($0.rSquared, digits: 5)
/// }
/// ```
///
/// A column that code in a lower module reads by name (results.csv's, which `compare` reads in Harness) is
/// declared there as a ``ColumnDeclaration`` and written by the file's schema with
/// ``ColumnDeclaration/written(_:)``.
public struct CSVColumn<Row>: Sendable {
    public let declaration: ColumnDeclaration
    /// The row's field, as the file holds it (empty for a missing value).
    public let value: @Sendable (Row) -> String

    public init(_ declaration: ColumnDeclaration, value: @escaping @Sendable (Row) -> String) {
        self.declaration = declaration
        self.value = value
    }

    public init(
        _ name: String, unit: ColumnUnit = .none, signed: Bool = false, separator: String? = nil, _ meaning: String,
        value: @escaping @Sendable (Row) -> String
    ) {
        self.init(ColumnDeclaration(name, unit: unit, signed: signed, separator: separator, meaning), value: value)
    }

    public var name: String { declaration.name }
}
