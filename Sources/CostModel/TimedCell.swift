import Harness

/// One cell of a time run with what the estimate reads beyond ``CellRecord``: its family and how deep its
/// element's delivery nests.
public struct TimedCell: Sendable, Equatable {
    public var record: CellRecord
    /// The implementation's family (`combine`, `asyncSequence`, ...); empty when the file does not say.
    public var family: String
    /// `call_depth`: the frames an element's delivery nests; nil when the row has none.
    public var callDepth: Double?

    public init(record: CellRecord, family: String = "", callDepth: Double? = nil) {
        self.record = record
        self.family = family
        self.callDepth = callDepth
    }

    /// The measured median, ns per unit (`ns_per_unit_median`, as written).
    public var median: Double? { record.values[ResultColumn.nanosecondsPerUnitMedian.name] }

    /// Whether the cell ran and has a median above 0.
    public var isOK: Bool { record.isOK && (median.map { $0.isFinite && $0 > 0 } ?? false) }

    /// The cells of `run`, with the family and call depth read again from its results.csv.
    static func cells(of run: RunResults) throws(HarnessError) -> [TimedCell] {
        let file = try DeclaredTable.read(run.source, required: [ResultColumn.workload, ResultColumn.implementation])
        var extra: [CellKey: (family: String, callDepth: Double?)] = [:]
        for row in file.rows {
            let key = CellKey(
                workload: file.field(row.fields, ResultColumn.workload),
                implementation: file.field(row.fields, ResultColumn.implementation)
            )
            extra[key] = (file.field(row.fields, ResultColumn.family), try file.number(row, ResultColumn.callDepth))
        }
        return run.cells.map { TimedCell(record: $0, family: extra[$0.key]?.family ?? "", callDepth: extra[$0.key]?.callDepth) }
    }
}
