import Harness
import StyleKit
import Workloads

/// Measures two builds against each other, cell by cell, interleaved: the way to judge a time on a shared
/// machine, where two separate runs differ by 5-10% with nothing changed (docs/COMPARE.md).
///
/// Each measurement is one process of one side, timing one repetition after its own pilot and warm-up.
/// A pair is a base process and a new process run back to back, in the order base-new in even rounds and
/// new-base in odd ones (A B B A ...), so that neither side always runs first; rounds go over every cell
/// before the next begins, so a slow phase of the machine spreads over many cells' pairs instead of
/// landing on one cell, and each side is told when a round starts, in the round's order (``ABSide/startRound()``:
/// a tool side runs a fresh copy of its executable, whose code lands on other physical pages). Both sides of a cell
/// time the same number of units, chosen by the base's pilot.
///
/// A process that ran far slower than the other processes of its side for the cell (more than
/// ``Settings/slowProcessFactor``: a bad placement of its pages, a neighbour that stayed all through) says
/// nothing about the code, and a paired test cannot outvote two such pairs of 15 (the trial in
/// docs/COMPARE.md missed a +13% change so): its pair is measured again, once, in a round of its own, and the
/// fresh pair replaces it. The rule is the same for both sides, so it leans no way when nothing changed.
///
/// The time is judged on the pairs' ratios (``TimeMetric``, paired). A cell whose first `pairs` pairs say
/// it changed is measured again with as many fresh pairs, and the fresh pairs alone decide: a change
/// that chance made out of 1% extreme pairs is not made again, one that is real is.
public struct ABRunner {
    public struct Settings: Sendable {
        /// Pairs per cell (and again for a cell that is confirmed).
        public var pairs: Int
        /// What each process is asked to measure: repetitions of about this length, latency and noise
        /// gate off (the pairing cancels what the gate would catch).
        public var configuration: RunConfiguration
        /// How a change is judged (paired); a cell whose first pairs show one is confirmed.
        public var comparison: ComparisonOptions
        /// Measure a cell that changed again with fresh pairs, which then decide.
        public var confirms = true
        /// A process whose sample exceeds its side's median for the cell by this factor has its pair measured
        /// again; at most a quarter of a stage's pairs are, the slowest first.
        public var slowProcessFactor = 1.2

        public init(pairs: Int, configuration: RunConfiguration, comparison: ComparisonOptions) {
            self.pairs = pairs
            self.configuration = configuration
            self.comparison = comparison
        }

        /// The fewest pairs that can show a change at alpha 0.01: all 8 of one sign give p = 2/256.
        public static let minimumPairs = 8
    }

    /// One cell to compare.
    public struct Cell {
        public let workload: any Workload
        public let implementation: Implementation

        public init(workload: any Workload, implementation: Implementation) {
            self.workload = workload
            self.implementation = implementation
        }

        var title: String { "\(workload.name) / \(implementation.id.rawValue)" }
    }

    /// One pair as measured, for `pairs.csv`.
    public struct Pair: Sendable {
        public var workload: String
        public var implementation: String
        /// 1 for the first pairs, 2 for a confirmation's fresh ones.
        public var stage: Int
        public var index: Int
        public var baseFirst: Bool
        public var base: Double
        public var new: Double
        /// False for a pair with a slow process, replaced by a pair measured again (the later pair of the same
        /// stage and index).
        public var kept = true
    }

    public struct Outcome {
        /// Each side's rows, in cell order; a cell its build does not have is not among them.
        public var base: [CellResult]
        public var new: [CellResult]
        public var pairs: [Pair]
        /// False when the run was stopped: the rows hold the pairs measured so far.
        public var complete: Bool

        public init(base: [CellResult], new: [CellResult], pairs: [Pair], complete: Bool) {
            self.base = base
            self.new = new
            self.pairs = pairs
            self.complete = complete
        }
    }

    public var settings: Settings
    public var progress: (String) -> Void = { _ in }
    public var step: (ProgressStep) -> Void = { _ in }
    public var shouldStop: () -> Bool = { false }
    /// Called after every round with every pair so far, for writing them as they come: a killed `ab`
    /// (kill -9) keeps what it measured.
    public var roundFinished: ([Pair]) -> Void = { _ in }

    public init(settings: Settings) {
        self.settings = settings
    }

    public func run(_ cells: [Cell], base: any ABSide, new: any ABSide) throws(HarnessError) -> Outcome {
        var states = cells.map(CellState.init)
        var steps = ProgressSteps(total: cells.count * (2 + 2 * settings.pairs), report: step)
        var log: [Pair] = []
        var complete = try warmUp(&states, base: base, new: new, steps: &steps)
        // Cells that one build lacks or cannot run are not paired: the estimate of what is left drops them.
        let paired = states.count(where: \.isActive)
        steps = ProgressSteps(total: steps.done + paired * 2 * settings.pairs, report: step, done: steps.done)
        if complete {
            complete = try pair(&states, stage: 1, base: base, new: new, steps: &steps, log: &log)
        }
        if complete && settings.confirms {
            let flagged = states.indices.filter { states[$0].isActive && changed(states[$0]) }
            for index in flagged { states[index].startConfirmation() }
            if !flagged.isEmpty {
                progress("\(flagged.count) cell\(flagged.count == 1 ? "" : "s") changed: \(settings.pairs) fresh pairs each decide")
            }
            steps = ProgressSteps(total: steps.done + flagged.count * 2 * settings.pairs, report: step, done: steps.done)
            complete = try pair(&states, stage: 2, base: base, new: new, steps: &steps, log: &log)
        }
        return Outcome(
            base: states.compactMap { $0.row(.base) }, new: states.compactMap { $0.row(.new) }, pairs: log,
            complete: complete
        )
    }

    // MARK: - Stages

    /// One measurement of each side per cell, thrown away but for the units: the base's pilot chooses
    /// them, and both sides load their executable and libraries once before anything counts.
    private func warmUp(
        _ states: inout [CellState], base: any ABSide, new: any ABSide, steps: inout ProgressSteps
    ) throws(HarnessError) -> Bool {
        for index in states.indices {
            let cell = states[index].cell
            for side in [Side.base, .new] {
                if shouldStop() { return false }
                steps.next("warm-up \(side.rawValue) \(cell.title)")
                var request = self.request(cell, units: states[index].units)
                request.configuration.repetitions = 1
                switch try (side == .base ? base : new).measure(request, workload: cell.workload, implementation: cell.implementation) {
                case .stopped:
                    return false
                case .absent(let reason):
                    progress("\(cell.title): not in the \(side.rawValue) build (\(reason))")
                    states[index].markAbsent(side)
                case .measured(let result, let samples):
                    states[index].absorb(result, side: side)
                    states[index].warmUpSamples[side] = samples
                }
            }
        }
        return true
    }

    /// `settings.pairs` rounds over the cells still being paired; false when stopped.
    private func pair(
        _ states: inout [CellState], stage: Int, base: any ABSide, new: any ABSide, steps: inout ProgressSteps,
        log: inout [Pair]
    ) throws(HarnessError) -> Bool {
        for round in 0..<settings.pairs {
            // No round, and no fresh copies of the executables, once no cell is left to pair at this stage.
            guard states.contains(where: { $0.isActive && $0.stage == stage }) else { break }
            let baseFirst = round.isMultiple(of: 2)
            // The copies are made in the round's order too: the side that copies second can land on the pages
            // the first side's previous copy just gave back, and that must not be the same side all along.
            for side in baseFirst ? [base, new] : [new, base] {
                try side.startRound()
            }
            for index in states.indices where states[index].isActive && states[index].stage == stage {
                let label = "pair \(round + 1)/\(settings.pairs)\(stage == 2 ? " (confirming)" : "")"
                switch try measurePair(&states[index], baseFirst: baseFirst, label: label, base: base, new: new, steps: &steps) {
                case .stopped: return false
                case .incomplete: continue
                case .measured(let before, let after):
                    states[index].baseSamples.append(before)
                    states[index].newSamples.append(after)
                    let cell = states[index].cell
                    states[index].logged.append(log.count)
                    log.append(Pair(
                        workload: cell.workload.name, implementation: cell.implementation.id.rawValue, stage: stage,
                        index: round, baseFirst: baseFirst, base: before, new: after
                    ))
                }
            }
            roundFinished(log)
        }
        return try remeasureSlowProcesses(&states, stage: stage, base: base, new: new, steps: &steps, log: &log)
    }

    /// Measures again, in rounds of their own, the pairs of this stage in which a process ran slow
    /// (``Settings/slowProcessFactor``), each in its original order, and puts the fresh pair in its place;
    /// false when stopped.
    private func remeasureSlowProcesses(
        _ states: inout [CellState], stage: Int, base: any ABSide, new: any ABSide, steps: inout ProgressSteps,
        log: inout [Pair]
    ) throws(HarnessError) -> Bool {
        var slow: [Int: [Int]] = [:]
        for index in states.indices where states[index].isActive && states[index].stage == stage {
            let pairs = states[index].slowPairs(factor: settings.slowProcessFactor, atMost: settings.pairs / 4)
            if !pairs.isEmpty { slow[index] = pairs }
        }
        let count = slow.values.map(\.count).reduce(0, +)
        guard count > 0 else { return true }
        progress("\(count) pair\(count == 1 ? "" : "s") with a process over \(settings.slowProcessFactor)x its side's median: measured again")
        steps = ProgressSteps(total: steps.total + 2 * count, report: step, done: steps.done)
        for round in 0..<(slow.values.map(\.count).max() ?? 0) {
            for side in round.isMultiple(of: 2) ? [base, new] : [new, base] {
                try side.startRound()
            }
            for (index, pairs) in slow.sorted(by: { $0.key < $1.key }) where round < pairs.count && states[index].isActive {
                let position = pairs[round], logged = states[index].logged[position]
                let label = "pair \(log[logged].index + 1)/\(settings.pairs)\(stage == 2 ? " (confirming)" : "") again"
                let measured = try measurePair(
                    &states[index], baseFirst: log[logged].baseFirst, label: label, base: base, new: new, steps: &steps
                )
                guard case .measured(let before, let after) = measured else {
                    if case .stopped = measured { return false }
                    continue
                }
                states[index].baseSamples[position] = before
                states[index].newSamples[position] = after
                log[logged].kept = false
                var fresh = log[logged]
                (fresh.base, fresh.new, fresh.kept) = (before, after, true)
                states[index].logged[position] = log.count
                log.append(fresh)
            }
            roundFinished(log)
        }
        return true
    }

    /// What measuring one pair gave.
    private enum PairMeasurement {
        /// Each side's fastest repetition.
        case measured(base: Double, new: Double)
        /// A side lacks the cell or failed: no pair.
        case incomplete
        case stopped
    }

    /// One process of each side for `state`'s cell, in the order `baseFirst` says, folded into its rows.
    private func measurePair(
        _ state: inout CellState, baseFirst: Bool, label: String, base: any ABSide, new: any ABSide,
        steps: inout ProgressSteps
    ) throws(HarnessError) -> PairMeasurement {
        let cell = state.cell
        var times: [Side: Double] = [:]
        for side in baseFirst ? [Side.base, .new] : [.new, .base] {
            if shouldStop() { return .stopped }
            steps.next("\(label) \(side.rawValue) \(cell.title)")
            let request = self.request(cell, units: state.units)
            switch try (side == .base ? base : new).measure(request, workload: cell.workload, implementation: cell.implementation) {
            case .stopped:
                return .stopped
            case .absent(let reason):
                state.markAbsent(side)
                progress("\(cell.title): not in the \(side.rawValue) build any more (\(reason))")
            case .measured(let result, let samples):
                state.absorb(result, side: side)
                if let fastest = samples.min() { times[side] = fastest }
            }
            if !state.isActive { return .incomplete }
        }
        guard let before = times[.base], let after = times[.new] else { return .incomplete }
        return .measured(base: before, new: after)
    }

    /// Whether the cell's pairs so far show a time change (never when times are not compared).
    private func changed(_ state: CellState) -> Bool {
        guard settings.comparison.metrics == .all else { return false }
        let key = CellKey(workload: state.cell.workload.name, implementation: state.cell.implementation.id.rawValue)
        let before = CellRecord(key: key, status: "ok", samples: state.baseSamples)
        let after = CellRecord(key: key, status: "ok", samples: state.newSamples)
        let time = TimeMetric.compare(base: before, new: after, options: settings.comparison)
        return time.map { $0.verdict == .regression || $0.verdict == .improvement } ?? false
    }

    private func request(_ cell: Cell, units: Int?) -> CellRequest {
        var configuration = settings.configuration
        if let units { configuration.unitsPerRepetition = units }
        return CellRequest(
            workload: cell.workload.name, implementation: cell.implementation.id, configuration: configuration,
            latency: false
        )
    }
}

// MARK: - One cell

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
        var baseSamples: [Double] = []
        var newSamples: [Double] = []
        /// Where each pair of samples is in the log (pairs.csv's rows).
        var logged: [Int] = []
        /// 1 while the first pairs are measured, 2 while a change is confirmed.
        var stage = 1
        var firstPairs: ([Double], [Double])?
        /// The warm-up's repetitions: the time of a cell that was never paired (the other build lacks it).
        var warmUpSamples: [Side: [Double]] = [:]

        init(cell: Cell) {
            self.cell = cell
        }

        /// Both sides have the cell and ran it `ok` so far.
        var isActive: Bool {
            present[.base]! && present[.new]! && base?.status == .ok && new?.status == .ok
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

        /// The indices of the pairs in which a process took more than `factor` times its side's median, the
        /// slowest (against its median) first, at most `atMost` of them.
        func slowPairs(factor: Double, atMost limit: Int) -> [Int] {
            let medians = (SampleStatistics.median(baseSamples), SampleStatistics.median(newSamples))
            guard medians.0 > 0, medians.1 > 0 else { return [] }
            let excess = zip(baseSamples, newSamples).map { max($0.0 / medians.0, $0.1 / medians.1) }
            return excess.indices.filter { excess[$0] > factor }.sorted { excess[$0] > excess[$1] }.prefix(limit).map { $0 }
        }

        mutating func startConfirmation() {
            firstPairs = (baseSamples, newSamples)
            baseSamples = []
            newSamples = []
            logged = []
            stage = 2
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
            if let firstPairs, row.detail.isEmpty {
                let first = side == .base ? firstPairs.0 : firstPairs.1
                row.detail = "measured again: the first \(first.count) pairs showed a change; these \(samples.count) fresh pairs decide"
            }
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
