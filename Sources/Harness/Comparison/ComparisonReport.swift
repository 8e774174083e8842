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
    /// How much slower or faster the new run ran as a whole: two separate runs' times are judged net of
    /// it. Nil when times are paired or not compared, or too few cells have a time in both runs.
    public let runShift: RunShift?

    /// Matches the cells of `base` and `new` by (workload, implementation) and compares each pair.
    public init(base: RunResults, new: RunResults, options: ComparisonOptions = ComparisonOptions()) {
        let keys = base.cells.map(\.key) + new.cells.map(\.key).filter { base[$0] == nil }
        let shared = base.columns.intersection(new.columns)
        let shift = options.metrics == .all && options.timeVerdicts != .paired ? RunShift.between(base, new) : nil
        let cells = keys.map { key in
            CellComparison(
                key: key, base: base[key], new: new[key], comparedColumns: shared, options: options, shift: shift
            )
        }
        baseSource = base.source
        newSource = new.source
        self.options = options
        // enumerated() keeps the file order within a verdict: sort is not stable.
        self.cells = cells.enumerated().sorted { ($0.element.verdict, $0.offset) < ($1.element.verdict, $1.offset) }
            .map(\.element)
        environmentNotes = EnvironmentNote.notes(base: base.environment, new: new.environment)
        runShift = shift
    }

    /// ``init(base:new:options:)`` for two runs that can be compared: the command line's way in.
    ///
    /// - Throws: one line when the comparison would compare nothing: the runs share no cell, or one
    ///   measured times and the other instruction counts (each then lacks what the other has).
    public static func checked(
        base: RunResults, new: RunResults, options: ComparisonOptions = ComparisonOptions()
    ) throws(HarnessError) -> ComparisonReport {
        if base.metric != new.metric {
            throw HarnessError(
                "\(base.source) holds \(base.metric.description) and \(new.source) \(new.metric.description): "
                    + "compare two runs of one metric (run --metric; environment.csv records it)"
            )
        }
        guard base.cells.contains(where: { new[$0.key] != nil }) else {
            throw HarnessError(
                "\(base.source) and \(new.source) have no cell in common (base: \(base.cellSummary); new: "
                    + "\(new.cellSummary)): compare runs of the same workloads and implementations"
            )
        }
        return ComparisonReport(base: base, new: new, options: options)
    }

    /// How many cells have `verdict`.
    public func count(_ verdict: Verdict) -> Int {
        cells.count(where: { $0.verdict == verdict })
    }

    /// Whether any cell regressed.
    public var hasRegression: Bool { count(.regression) > 0 }

    /// Whether a cell's time could not be decided (``Verdict/undecided``: only `reactive-bench ab` leaves
    /// one so, at its limits).
    public var hasUndecided: Bool { count(.undecided) > 0 }

    /// The exit status of `compare` and `ab` that reports the comparison: 1 when it ``fails``, else
    /// ``undecidedExitStatus`` when a cell is undecided, else 0.
    public var exitStatus: Int32 {
        if fails { return 1 }
        return hasUndecided ? Self.undecidedExitStatus : 0
    }

    /// The exit status of a comparison that does not fail but left a cell's time undecided: neither "no
    /// regression" nor "regression", and none of the statuses the tool exits with otherwise (2 bad input,
    /// 3 output, 130 stopped).
    public static let undecidedExitStatus: Int32 = 4

    /// The cells of the base the new run lacks, in the base's order.
    public var missingFromNew: [CellKey] { cells.filter { $0.verdict == .onlyInBase }.map(\.key) }

    /// Whether the comparison fails, and `compare` and `ab` exit with status 1: a cell regressed, or the
    /// new run lacks cells of the base and ``ComparisonOptions/onlyCommon`` does not say that is meant.
    public var fails: Bool { hasRegression || (!options.onlyCommon && !missingFromNew.isEmpty) }

    /// What failing for missing cells says, nil when it does not: how many, the first of them, and how to
    /// compare the common cells only.
    public var missingCellsLine: String? {
        let missing = missingFromNew
        guard !options.onlyCommon, !missing.isEmpty else { return nil }
        let shown = missing.prefix(5).map { "\($0.workload) / \($0.implementation)" }.joined(separator: ", ")
        let more = missing.count > 5 ? ", and \(missing.count - 5) more" : ""
        return "the new run lacks \(missing.count) of the base's \(count(where: { $0.base != nil })) cells (\(shown)\(more)): "
            + "a run that lost cells fails; --only-common compares the cells both runs have"
    }

    private func count(where isIncluded: (CellComparison) -> Bool) -> Int { cells.count(where: isIncluded) }

    /// One line: `34 cells: 2 regressions, 1 improvement, 1 only in base, 30 unchanged`.
    public var summary: String {
        let parts: [(Verdict, String, String)] = [
            (.regression, "regression", "regressions"), (.improvement, "improvement", "improvements"),
            (.undecided, "undecided", "undecided"),
            (.slower, "slower", "slower"), (.faster, "faster", "faster"),
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
