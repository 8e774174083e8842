import Harness

/// How well each estimate of estimates.csv fits the measured medians, over all cells and over the cells
/// that share an implementation, a scenario, a source or a parameter (a row of estimate_summary.csv each).
public struct EstimateSummary: Sendable, Equatable {
    /// Which of estimates.csv's estimates a row is of.
    public enum Estimate: CaseIterable, Sendable {
        /// The counts at the price list's prices.
        case prices
        /// The same with every other instruction at the dependent chain's price.
        case pricesIfDependent
        /// iai-callgrind's and CodSpeed's cycles at the ns per cycle that fits best.
        case cycles

        /// Its column in estimates.csv, which names it in estimate_summary.csv.
        public var column: ColumnDeclaration {
            switch self {
            case .prices: CostModelColumns.estimated
            case .pricesIfDependent: CostModelColumns.ifDependent
            case .cycles: CostModelColumns.cyclesEstimate
            }
        }
    }

    /// What the cells of a row have in common: nothing (every cell), or the value of a results.csv column.
    public enum Grouping: CaseIterable, Sendable {
        case all
        case implementation
        case scenario
        case source
        case parameter

        /// `all`, or the results.csv column's name.
        public var name: String {
            switch self {
            case .all: "all"
            case .implementation: ResultColumn.implementation.name
            case .scenario: ResultColumn.scenario.name
            case .source: ResultColumn.source.name
            case .parameter: ResultColumn.parameter.name
            }
        }
    }

    public var estimate: Estimate
    public var grouping: Grouping
    /// The column's value the cells share; empty for ``Grouping/all``.
    public var group: String
    public var spread: ErrorSpread
    /// The group's `ok` cells left out of every estimate for keeping a second thread busy.
    public var leftOut: Int
    /// For ``Estimate/prices``: the cells whose measured median lies between their priced events alone and
    /// the dependent bound, ``ErrorSpread/tolerance`` either side.
    public var bracketed: Int?
    /// For ``Estimate/cycles``: the ns per cycle the cycles were read at (``CellEstimates/nanosecondsPerCycle``).
    public var nanosecondsPerCycle: Double?

    /// Every row for `estimates`: per estimate, all cells, then each grouping's values in the order the
    /// estimated cells first have them, then the left-out cells. The cycles' rows count only the cells
    /// with cycles.
    public static func rows(_ estimates: CellEstimates) -> [EstimateSummary] {
        Estimate.allCases.flatMap { estimate in
            Grouping.allCases.flatMap { grouping in
                groups(grouping, estimates).map { group in
                    let cells = estimates.cells.filter { value(grouping, of: $0) == group }
                    let leftOut = estimates.leftOut.filter { value(grouping, of: $0) == group }.count
                    let errors = cells.compactMap { error(estimate, of: $0) }
                    let bracketed = estimate == .prices ? cells.filter(isBracketed).count : nil
                    return EstimateSummary(
                        estimate: estimate, grouping: grouping, group: group, spread: ErrorSpread(errors), leftOut: leftOut,
                        bracketed: bracketed, nanosecondsPerCycle: estimate == .cycles ? estimates.nanosecondsPerCycle : nil
                    )
                }
            }
        }
    }

    static func error(_ estimate: Estimate, of cell: CellEstimate) -> Double? {
        switch estimate {
        case .prices: cell.error
        case .pricesIfDependent: cell.ifDependentError
        case .cycles: cell.cyclesError
        }
    }

    static func isBracketed(_ cell: CellEstimate) -> Bool {
        let tolerance = ErrorSpread.tolerance
        return cell.measured >= cell.priced.eventsOnly * (1 - tolerance) && cell.measured <= cell.ifDependent * (1 + tolerance)
    }

    /// The values of `grouping` among the estimated cells, then among the left-out cells.
    private static func groups(_ grouping: Grouping, _ estimates: CellEstimates) -> [String] {
        guard grouping != .all else { return [""] }
        var seen: [String] = []
        for value in estimates.cells.map({ value(grouping, of: $0) }) + estimates.leftOut.map({ value(grouping, of: $0) })
        where !seen.contains(value) {
            seen.append(value)
        }
        return seen
    }

    static func value(_ grouping: Grouping, of cell: CellEstimate) -> String {
        switch grouping {
        case .all: ""
        case .implementation: cell.implementation
        case .scenario: cell.scenario
        case .source: cell.source
        case .parameter: cell.parameter
        }
    }

    static func value(_ grouping: Grouping, of cell: TimedCell) -> String {
        switch grouping {
        case .all: ""
        case .implementation: cell.record.key.implementation
        case .scenario: cell.record.scenario
        case .source: cell.record.source
        case .parameter: cell.record.parameter
        }
    }
}
