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
    /// What the run measured: environment.csv's `metric`, or for a run without one, what its rows hold.
    public let metric: RunMetric
    private let positions: [CellKey: Int]

    /// Reads the cells of `table`, whose rows start on `rowLines` of `source` (row i on line i + 2 when
    /// nil), and checks them as ``load(_:)`` does.
    public init(
        table: CSVTable, source: String, rowLines: [Int]? = nil, environment: [String: String]? = nil
    ) throws(HarnessError) {
        // Another version first: its missing columns would hide the real problem.
        if let version = table.column(ResultColumn.schemaVersion.name), let first = table.rows.first {
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
            try Self.checkSchemaVersion(fields[columns[ResultColumn.schemaVersion.name]!], source: source, line: line)
            let cell = try CellRecord.parse(fields, columns: columns, source: source, line: line)
            if let earlier = positions[cell.key] {
                let first = cells[earlier].line
                throw HarnessError("\(source): line \(line): a second row for \(cell.key) (the first: line \(first))")
            }
            positions[cell.key] = cells.count
            cells.append(cell)
        }
        guard !cells.isEmpty else {
            throw HarnessError(
                "\(source): no rows: the run measured no cell (stopped before its first, or the file was cut "
                    + "after its header)"
            )
        }
        let metric = try RunMetric.of(table, environment: environment, source: source)
        for cell in cells where cell.isOK {
            try cell.checkComplete(metric: metric, source: source)
        }
        self.source = source
        self.columns = Set(table.header)
        self.cells = cells
        self.environment = environment
        self.metric = metric
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
        let (table, lines, endsWithLineBreak) = try CSVTable.readWithLines(from: results)
        var values: [String: String]?
        if let environment, FileSystem.exists(environment) { values = try readEnvironment(environment) }
        try checkNotCut(results, table: table, rowLines: lines, endsWithLineBreak: endsWithLineBreak, environment: values)
        return try RunResults(table: table, source: results, rowLines: lines, environment: values)
    }

    /// A few words on what the run holds: `9 cells: workloads floor, map, subscribeChurn; implementations
    /// baseline, builtin, rxSink`.
    public var cellSummary: String {
        func names(_ all: [String]) -> String {
            var seen = Set<String>()
            let distinct = all.filter { seen.insert($0).inserted }
            return distinct.prefix(4).joined(separator: ", ") + (distinct.count > 4 ? " and \(distinct.count - 4) more" : "")
        }
        let workloads = names(cells.map(\.key.workload)), implementations = names(cells.map(\.key.implementation))
        return "\(cells.count) cell\(cells.count == 1 ? "" : "s"): workloads \(workloads); implementations \(implementations)"
    }

    /// The cell for `key`, if the run has it.
    public subscript(key: CellKey) -> CellRecord? {
        positions[key].map { cells[$0] }
    }
}

// MARK: - Checks

extension RunResults {
    private static func checkSchemaVersion(_ found: String, source: String, line: Int) throws(HarnessError) {
        let supported = ResultColumn.supportedSchemaVersion
        guard found != String(supported) else { return }
        let problem = "\(source): line \(line): schema_version '\(found)'"
        if let version = Int(found), version > supported {
            throw HarnessError(
                "\(problem) is newer than this tool reads (\(supported)): update reactive-bench, or compare with "
                    + "the version that wrote it"
            )
        }
        throw HarnessError(
            "\(problem), expected \(supported): compare reads schema \(supported) only (docs/CSV.md); "
                + "measure the older run again with this tool"
        )
    }

    /// A results.csv cut short: the tool ends every line with a line break, and environment.csv, written
    /// after it, records how many rows it wrote (more rows than that is a run stopped between the two).
    private static func checkNotCut(
        _ path: String, table: CSVTable, rowLines: [Int], endsWithLineBreak: Bool, environment: [String: String]?
    ) throws(HarnessError) {
        if !endsWithLineBreak {
            let line = rowLines.last ?? 1
            throw HarnessError(
                "\(path): line \(line) has no line break at its end: the file was cut short (reactive-bench ends "
                    + "every line with one)"
            )
        }
        let recordedText = environment?[RunMetric.rowCountKey]
        if let recordedText, Int(recordedText) == nil || Int(recordedText)! < 0 {
            // Not a count: the check that the file was not cut short must not quietly go away.
            throw HarnessError(
                "\(path): environment.csv's \(RunMetric.rowCountKey) is '\(recordedText)', not a count of rows: "
                    + "it cannot tell whether the file was cut short"
            )
        }
        if let recorded = recordedText.flatMap({ Int($0) }), table.rows.count < recorded {
            throw HarnessError(
                "\(path): \(table.rows.count) rows, but environment.csv says \(recorded) were written: the file was "
                    + "cut short"
            )
        }
    }

    private static func readEnvironment(_ path: String) throws(HarnessError) -> [String: String] {
        let table = try RunEnvironment.read(from: path)
        return Dictionary(table.rows.map { ($0[0], $0[1]) }, uniquingKeysWith: { first, _ in first })
    }
}
