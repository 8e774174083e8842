import Harness

extension ABRunner {
    enum Side: String {
        case base, new
    }

    /// A cell's rows on both sides as they build up, and its pairs.
    struct CellState {
        let cell: Cell
        /// Nil: the side's build does not have the cell.
        var base: CellResult?
        var new: CellResult?
        var present: [Side: Bool] = [.base: true, .new: true]
        var units: Int?
        private(set) var baseSamples: [Double] = []
        private(set) var newSamples: [Double] = []
        /// Where each pair of samples is in the log (pairs.csv's rows).
        private(set) var logged: [Int] = []
        /// The warm-up's repetitions: the time of a cell that was never paired (the other build lacks it).
        var warmUpSamples: [Side: [Double]] = [:]
        /// How long the cell's processes took, both sides, in seconds (``Settings/cellSeconds``).
        var seconds = 0.0
        /// How many processes took them.
        var processes = 0

        init(cell: Cell) {
            self.cell = cell
        }

        /// Both sides have the cell and ran it `ok` so far.
        var isActive: Bool {
            present[.base]! && present[.new]! && base?.status == .ok && new?.status == .ok
        }

        var pairCount: Int { baseSamples.count }

        /// What one of its processes took, on average so far.
        var secondsPerProcess: Double { processes > 0 ? seconds / Double(processes) : 0 }

        /// The pairs' log ratios, as the report will judge them.
        var logRatios: [Double] {
            SequentialPairedRule.logRatios(base: baseSamples, new: newSamples)
        }

        mutating func markAbsent(_ side: Side) {
            present[side] = false
        }

        /// Folds one measurement into the side's row: counts keep the largest value, a failure stays.
        mutating func absorb(_ result: CellResult, side: Side) {
            if units == nil, result.status == .ok, result.unitsPerRepetition > 0 { units = result.unitsPerRepetition }
            switch side {
            case .base: base.absorbing(result)
            case .new: new.absorbing(result)
            }
        }

        /// A new pair, at `logged` in the log.
        mutating func append(base before: Double, new after: Double, logged index: Int) {
            baseSamples.append(before)
            newSamples.append(after)
            logged.append(index)
        }

        /// The pair at `position` measured again, at `logged` in the log.
        mutating func replace(_ position: Int, base before: Double, new after: Double, logged index: Int) {
            baseSamples[position] = before
            newSamples[position] = after
            logged[position] = index
        }

        /// The positions, from `first` on, of the pairs in which a process took more than `factor` times its
        /// side's median over all the cell's pairs, the slowest (against its median) first, at most `atMost`
        /// of them.
        func slowPairs(factor: Double, from first: Int, atMost limit: Int) -> [Int] {
            let medians = (SampleStatistics.median(baseSamples), SampleStatistics.median(newSamples))
            guard medians.0 > 0, medians.1 > 0, first < pairCount else { return [] }
            let excess = (first..<pairCount).map { max(baseSamples[$0] / medians.0, newSamples[$0] / medians.1) }
            return excess.indices.filter { excess[$0] > factor }.sorted { excess[$0] > excess[$1] }.prefix(limit)
                .map { first + $0 }
        }

        /// The side's row with its pairs' samples as its time, or nil when its build does not have the cell.
        func row(_ side: Side) -> CellResult? {
            guard present[side]!, var row = side == .base ? base : new else { return nil }
            guard row.status == .ok else { return row }
            var samples = side == .base ? baseSamples : newSamples
            if samples.isEmpty, let warmUp = warmUpSamples[side], !warmUp.isEmpty {
                samples = warmUp
                row.detail = "not paired (the other build lacks the cell or failed): the warm-up's repetitions"
            }
            row.nanosecondsPerUnit = samples
            if samples.isEmpty && row.detail.isEmpty { row.detail = "no pair measured (the other side failed or was stopped)" }
            return row
        }
    }
}

extension Optional where Wrapped == CellResult {
    /// The first measurement, or this row with `later` folded in (``CellResult/absorb(_:)``).
    fileprivate mutating func absorbing(_ later: CellResult) {
        guard var row = self else {
            self = later
            return
        }
        row.absorb(later)
        self = row
    }
}
