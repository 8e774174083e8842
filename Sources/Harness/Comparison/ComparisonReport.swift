/// Two runs compared cell by cell: what `reactive-bench compare BASE NEW` reports.
public struct ComparisonReport: Sendable {
    /// The results.csv files compared.
    public let baseSource: String
    public let newSource: String
    /// The thresholds applied.
    public let options: ComparisonOptions
    /// Every cell of either run, most urgent first: regressions, improvements, cells in one run only,
    /// then the unchanged; within each, in the order of the base run, then the new.
    public let cells: [CellComparison]
    /// What differs in how the two runs were made, from their environment.csv.
    public let environmentNotes: [EnvironmentNote]

    /// Matches the cells of `base` and `new` by (workload, implementation) and compares each pair.
    public init(base: RunResults, new: RunResults, options: ComparisonOptions = ComparisonOptions()) {
        let keys = base.cells.map(\.key) + new.cells.map(\.key).filter { base[$0] == nil }
        let shared = base.columns.intersection(new.columns)
        let cells = keys.map { key in
            CellComparison(key: key, base: base[key], new: new[key], comparedColumns: shared, options: options)
        }
        baseSource = base.source
        newSource = new.source
        self.options = options
        // enumerated() keeps the file order within a verdict: sort is not stable.
        self.cells = cells.enumerated().sorted { ($0.element.verdict, $0.offset) < ($1.element.verdict, $1.offset) }
            .map(\.element)
        environmentNotes = EnvironmentNote.notes(base: base.environment, new: new.environment)
    }

    /// How many cells have `verdict`.
    public func count(_ verdict: Verdict) -> Int {
        cells.count(where: { $0.verdict == verdict })
    }

    /// Whether any cell regressed: the exit status of `compare` is then 1.
    public var hasRegression: Bool { count(.regression) > 0 }

    /// One line: `34 cells: 2 regressions, 1 improvement, 1 only in base, 30 unchanged`.
    public var summary: String {
        let parts: [(Verdict, String, String)] = [
            (.regression, "regression", "regressions"), (.improvement, "improvement", "improvements"),
            (.onlyInBase, "only in base", "only in base"), (.onlyInNew, "only in new", "only in new"),
            (.unchanged, "unchanged", "unchanged"),
        ]
        let counted = parts.compactMap { verdict, one, many -> String? in
            let number = count(verdict)
            return number == 0 ? nil : "\(number) \(number == 1 ? one : many)"
        }
        let total = "\(cells.count) cell\(cells.count == 1 ? "" : "s")"
        return counted.isEmpty ? total : "\(total): \(counted.joined(separator: ", "))"
    }
}
