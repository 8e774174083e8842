import Harness

/// The cost model of one run directory: what it reads and the files it writes there.
public struct CostModelFiles: Sendable {
    /// What it writes, in this order.
    public static let declarations: [CSVFileDeclaration] = [
        CellEstimate.schema.declaration, StageEstimate.schema.declaration, EstimateSummary.schema.declaration,
        EstimatePart.schema.declaration,
    ]

    public var cells: CellEstimates
    public var stages: [StageEstimate]
    public var summary: [EstimateSummary]
    public var parts: [EstimatePart]

    /// The whole model of `runs`.
    public init(_ runs: MeasuredRuns) {
        cells = CellEstimates(runs)
        stages = StageEstimate.estimates(runs)
        summary = EstimateSummary.rows(cells)
        parts = EstimatePart.parts(runs.prices)
    }

    /// The files by name, in the order they are written.
    public var tables: [(name: String, table: CSVTable)] {
        [
            (CellEstimate.schema.file, CellEstimate.schema.table(cells.cells)),
            (StageEstimate.schema.file, StageEstimate.schema.table(stages)),
            (EstimateSummary.schema.file, EstimateSummary.schema.table(summary)),
            (EstimatePart.schema.file, EstimatePart.schema.table(parts)),
        ]
    }

    /// Writes every file into `directory`, each through a temporary file renamed into place, once all of them
    /// are computed: a failure leaves each file as it was or whole.
    public func write(into directory: String) throws(HarnessError) {
        for (name, table) in tables {
            try table.write(to: "\(directory)/\(name)")
        }
    }
}
