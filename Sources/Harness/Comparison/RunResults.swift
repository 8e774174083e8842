/// A finished run as `compare` reads it: the cells of its results.csv by (workload, implementation), and
/// its environment.csv when it has one.
public struct RunResults: Sendable {
    /// The results.csv the cells were read from.
    public let source: String
    /// The columns the results.csv has: instruction counts, for one, are optional.
    public let columns: Set<String>
    /// The cells in the order of the file.
    public let cells: [CellRecord]
    /// environment.csv as key and value, or nil when the run has none.
    public let environment: [String: String]?
    private let positions: [CellKey: Int]

    /// Reads the cells of `table`, whose rows start on `rowLines` of `source` (row i on line i + 2 when
    /// nil), and checks them as ``load(_:)`` does.
    public init(
        table: CSVTable, source: String, rowLines: [Int]? = nil, environment: [String: String]? = nil
    ) throws(HarnessError) {
        // Another version first: its missing columns would hide the real problem.
        if let version = table.column(ResultColumn.schemaVersion), let first = table.rows.first {
            try Self.checkSchemaVersion(first[version], source: source, line: rowLines?.first ?? 2)
        }
        let missing = ResultColumn.required.filter { table.column($0) == nil }
        guard missing.isEmpty else {
            throw HarnessError(
                "\(source): missing required column\(missing.count == 1 ? "" : "s") "
                    + "\(missing.joined(separator: ", ")) (is it a reactive-bench results.csv? see docs/CSV.md)"
            )
        }
        let columns = Dictionary(table.header.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        var cells: [CellRecord] = [], positions: [CellKey: Int] = [:]
        for (index, fields) in table.rows.enumerated() {
            let line = rowLines?[index] ?? index + 2
            try Self.checkSchemaVersion(fields[columns[ResultColumn.schemaVersion]!], source: source, line: line)
            let cell = try CellRecord.parse(fields, columns: columns, source: source, line: line)
            if let earlier = positions[cell.key] {
                let first = cells[earlier].line
                throw HarnessError("\(source): line \(line): a second row for \(cell.key) (the first: line \(first))")
            }
            positions[cell.key] = cells.count
            cells.append(cell)
        }
        self.source = source
        self.columns = Set(table.header)
        self.cells = cells
        self.environment = environment
        self.positions = positions
    }

    /// Reads a run: `path` is a run directory holding results.csv (and maybe environment.csv), or a
    /// results.csv file (then an environment.csv beside it is read too).
    ///
    /// - Throws: one line naming the path and the problem: nothing at `path`, a directory without
    ///   results.csv, a file that cannot be read or is not CSV, another schema version, a missing required
    ///   column, a field that should be a number and is not, or two rows for one cell.
    public static func load(_ path: String) throws(HarnessError) -> RunResults {
        guard FileSystem.exists(path) else { throw HarnessError("\(path) does not exist") }
        let results: String, environment: String?
        if FileSystem.isDirectory(path) {
            results = "\(path.hasSuffix("/") ? String(path.dropLast()) : path)/results.csv"
            guard FileSystem.exists(results) else {
                throw HarnessError("\(path) has no results.csv: give a run directory or a results.csv file")
            }
            environment = FileSystem.split(results).directory + "/environment.csv"
        } else {
            let (directory, name) = FileSystem.split(path)
            results = path
            environment = name == "results.csv" ? "\(directory)/environment.csv" : nil
        }
        let (table, lines) = try CSVTable.readWithLines(from: results)
        var values: [String: String]?
        if let environment, FileSystem.exists(environment) { values = try readEnvironment(environment) }
        return try RunResults(table: table, source: results, rowLines: lines, environment: values)
    }

    /// The cell for `key`, if the run has it.
    public subscript(key: CellKey) -> CellRecord? {
        positions[key].map { cells[$0] }
    }
}

// MARK: - Checks

extension RunResults {
    private static func checkSchemaVersion(_ found: String, source: String, line: Int) throws(HarnessError) {
        let expected = String(ResultColumn.supportedSchemaVersion)
        guard found == expected else {
            throw HarnessError(
                "\(source): line \(line): schema_version '\(found)', expected \(expected): compare reads "
                    + "schema \(expected) only (docs/CSV.md); measure the older run again with this tool"
            )
        }
    }

    private static func readEnvironment(_ path: String) throws(HarnessError) -> [String: String] {
        let table = try CSVTable.read(from: path)
        guard table.header == ["key", "value"] else {
            throw HarnessError(
                "\(path): expected the columns key,value but found \(table.header.joined(separator: ","))"
            )
        }
        return Dictionary(table.rows.map { ($0[0], $0[1]) }, uniquingKeysWith: { first, _ in first })
    }
}
