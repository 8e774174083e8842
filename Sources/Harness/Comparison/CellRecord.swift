/// One row of a results.csv as `compare` reads it: the cell's key and status, its time per unit over the
/// repetitions, and the counts.
public struct CellRecord: Sendable, Equatable {
    public let key: CellKey
    /// `ok`, `unsupported`, `checksum_mismatch`, `failed`, `crashed` or `timeout` (docs/CSV.md).
    public let status: String
    /// Why a row is not `ok`, in one line.
    public let detail: String
    /// What one unit is (`element`, `subscription`); empty when the file does not say.
    public let unit: String
    /// The workload without its parameter and source (`map` for `map (object) [direct]`); empty when the
    /// file does not say.
    public let scenario: String
    /// The parameter's value (`4` for `pipelineDepth (4)`); empty for a scenario without one.
    public let parameter: String
    /// Where the elements came from (`subject`, `direct`); empty for a workload without the source axis,
    /// and for every row of a file written before it existed.
    public let source: String
    /// ns per unit of every repetition, in order; empty when the row has none (a row that is not `ok`).
    public let samples: [Double]
    /// The numeric columns of ``ResultColumn/numeric`` that the row has a value for.
    public let values: [String: Double]
    /// The line of the file the row starts on.
    public let line: Int

    public init(
        key: CellKey, status: String, detail: String = "", unit: String = "", scenario: String = "",
        parameter: String = "", source: String = "", samples: [Double] = [], values: [String: Double] = [:],
        line: Int = 0
    ) {
        self.key = key
        self.status = status
        self.detail = detail
        self.unit = unit
        self.scenario = scenario
        self.parameter = parameter
        self.source = source
        self.samples = samples
        self.values = values
        self.line = line
    }

    public var isOK: Bool { status == "ok" }

    /// Whether the noise gate found too few of the row's repetitions quiet, so that its time statistics keep
    /// the disturbed ones (its `detail` says so: ``KeptDisturbedNote``).
    public var keptDisturbed: Bool { KeptDisturbedNote.isIn(detail) }

    /// The threads the cell kept busy while it was timed, as its row's `threads` says (1, or 2 for a cell
    /// that keeps a second thread busy); nil for a row without the column (a file written before it).
    public var threads: Double? { values[ResultColumn.threads.name] }

    /// The median of the samples, or the `ns_per_unit_median` column for a row without samples.
    public var nanosecondsPerUnitMedian: Double? {
        samples.isEmpty ? values[ResultColumn.nanosecondsPerUnitMedian.name] : SampleStatistics.median(samples)
    }
}

// MARK: - Parsing

extension CellRecord {
    /// Reads the row `fields` of `source`, which starts on `line`; `columns` gives each column's index.
    ///
    /// - Throws: an error naming the file, the line and the column of a field that should be a number
    ///   and is not, or of an empty workload or implementation.
    static func parse(
        _ fields: [String], columns: [String: Int], source: String, line: Int
    ) throws(HarnessError) -> CellRecord {
        func field(_ name: String) -> String { columns[name].map { fields[$0] } ?? "" }
        func problem(_ column: String, _ what: String) -> HarnessError {
            HarnessError("\(source): line \(line), column \(column): \(what)")
        }
        let workload = field(ResultColumn.workload.name), implementation = field(ResultColumn.implementation.name)
        if workload.isEmpty { throw problem(ResultColumn.workload.name, "empty: every row names its workload") }
        if implementation.isEmpty {
            throw problem(ResultColumn.implementation.name, "empty: every row names its implementation")
        }
        var values: [String: Double] = [:]
        for name in ResultColumn.numeric where !field(name).isEmpty {
            guard let value = number(field(name)) else {
                throw problem(name, "'\(field(name))' is not a number")
            }
            if value < 0 && !ResultColumn.mayBeNegative.contains(name) {
                throw problem(name, "'\(field(name))' is negative: counts and times are never below 0")
            }
            values[name] = value
        }
        var samples: [Double] = []
        let sampleText = field(ResultColumn.nanosecondsPerUnitSamples.name)
        for piece in sampleText.split(separator: ";", omittingEmptySubsequences: false) where !sampleText.isEmpty {
            guard let sample = number(String(piece)) else {
                throw problem(ResultColumn.nanosecondsPerUnitSamples.name, "'\(piece)' is not a number (in '\(sampleText)')")
            }
            if sample < 0 {
                throw problem(ResultColumn.nanosecondsPerUnitSamples.name, "'\(piece)' is negative: times are never below 0")
            }
            samples.append(sample)
        }
        return CellRecord(
            key: CellKey(workload: workload, implementation: implementation), status: field(ResultColumn.status.name),
            detail: field(ResultColumn.detail.name), unit: field(ResultColumn.unit.name),
            scenario: field(ResultColumn.scenario.name), parameter: field(ResultColumn.parameter.name),
            source: field(ResultColumn.source.name), samples: samples, values: values, line: line
        )
    }

    /// Checks that an `ok` row says what an `ok` row of a `metric` run always says: every count, and its time
    /// (time runs) or its instruction count (instruction runs, unless `detail` says why it has none, as
    /// `asyncHop`'s does). An empty field would otherwise be skipped, and the cell called unchanged.
    func checkComplete(metric: RunMetric, source: String) throws(HarnessError) {
        var required = ResultColumn.countsOfEveryOKRow
        switch metric {
        case .time: required.append(ResultColumn.nanosecondsPerUnitMedian.name)
        case .instructions where detail.isEmpty: required.append(ResultColumn.instructionsPerUnit.name)
        case .instructions: break
        }
        for column in required where values[column] == nil {
            throw HarnessError(
                "\(source): line \(line), column \(column): empty in an ok row (an ok row of a \(metric.rawValue) run "
                    + "always has it)"
            )
        }
        if metric == .time && samples.isEmpty {
            throw HarnessError(
                "\(source): line \(line), column \(ResultColumn.nanosecondsPerUnitSamples.name): empty in an ok row (an ok "
                    + "row of a time run always has its samples)"
            )
        }
    }

    /// A finite decimal number, or nil: `Double(_:)` also takes `nan`, `inf` and hexadecimal.
    private static func number(_ text: String) -> Double? {
        let decimal = text.utf8.allSatisfy { byte in
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || "+-.eE".utf8.contains(byte)
        }
        guard decimal, let value = Double(text), value.isFinite else { return nil }
        return value
    }
}
