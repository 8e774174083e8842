import Harness
import StyleKit
import Workloads

/// Measures two builds against each other, cell by cell, interleaved: the way to judge a time on a shared
/// machine, where two separate runs differ by 5-10% with nothing changed (docs/COMPARE.md).
///
/// Each measurement is one process of one side, timing one repetition after its own pilot and warm-up.
/// A pair is a base process and a new process run back to back, in the order base-new for a cell's even
/// pairs and new-base for its odd ones (A B B A ...), so that neither side always runs first; rounds go over
/// every cell before the next begins, so a slow phase of the machine spreads over many cells' pairs instead of
/// landing on one cell, and each side is told when a round starts, in the round's order (``ABSide/startRound()``:
/// a tool side runs a fresh copy of its executable, whose code lands on other physical pages). Both sides of a cell
/// time the same number of units, chosen by the base's pilot.
///
/// **Measured until decided.** The pairs come in stages of ``Settings/pairs`` rounds. After each stage every cell
/// is judged on all its pairs by ``SequentialPairedRule`` (a look); a cell whose interval still straddles a line
/// (neither clearly beyond the threshold nor clearly within it) gets another stage, until it is decided or
/// reaches a limit: ``Settings/maximumPairs``, ``Settings/cellSeconds`` of its own processes, or the run's
/// ``Settings/runSeconds``. The rule spends its alpha over the looks, so looking more than once does not raise
/// its error rates; a cell left straddling is `undecided`, never `unchanged`. When the time left cannot pay every
/// undecided cell's way to a decision, suspected changes go first, then the cells nearest a decision, and the
/// others wait (``SequentialPairedRule/Prospect``).
///
/// A process that ran far slower than the other processes of its side for the cell (more than
/// ``Settings/slowProcessFactor``: a bad placement of its pages, a neighbour that stayed all through) says
/// nothing about the code, and a paired test cannot outvote two such pairs of 15 (the trial in
/// docs/COMPARE.md missed a +13% change so): its pair is measured again, once, in a round of its own after
/// its stage, and the fresh pair replaces it. The rule is the same for both sides, so it leans no way when
/// nothing changed.
public struct ABRunner {
    public struct Settings: Sendable {
        /// What each process is asked to measure: repetitions of about this length, latency and noise
        /// gate off (the pairing cancels what the gate would catch).
        public var configuration: RunConfiguration
        /// How a change is judged (paired), with the looks (``ComparisonOptions/pairedLooks``): the report
        /// of `ab` judges the pairs with these options, as the runner did after each stage.
        public private(set) var comparison: ComparisonOptions
        /// A cell gets no further stage once its processes (warm-up and pairs, both sides) have taken
        /// this many seconds; nil: no such limit.
        public var cellSeconds: Double?
        /// No round of pairs starts that would end after the run has measured for this many seconds (from
        /// its first warm-up, a round's length judged by the last one's): a stage is cut short there, and
        /// looked at with the pairs it has; nil: what the first stage took (warm-up included) and as long
        /// again, or a minute more if that is longer, so that the later stages take about as long as the
        /// first at most (the re-measuring of a cut stage's slow pairs beyond), and a few cells get a minute.
        public var runSeconds: Double?

        /// The least time the later stages get when ``runSeconds`` is nil.
        public static let leastSecondsForLaterStages = 60.0
        /// A process whose sample exceeds its side's median for the cell by this factor has its pair measured
        /// again; at most a quarter of a stage's pairs are, the slowest first.
        public var slowProcessFactor = 1.2

        /// Stages of `pairs` pairs per cell up to `maximumPairs` (by default one stage: a single look).
        public init(pairs: Int, maximumPairs: Int? = nil, configuration: RunConfiguration, comparison: ComparisonOptions) {
            self.configuration = configuration
            self.comparison = comparison
            self.comparison.pairedLooks = PairedLooks(
                pairsPerLook: pairs, maximumPairs: maximumPairs ?? pairs, alpha: comparison.alpha
            )
        }

        /// Pairs per stage: a cell's first look comes after them, each later look after as many more.
        public var pairs: Int { comparison.pairedLooks!.pairsPerLook }
        /// The most pairs a cell takes: one still undecided then is reported undecided.
        public var maximumPairs: Int { comparison.pairedLooks!.maximumPairs }

        /// How many pairs a cell with `pairCount` pairs takes for its next look: `pairs`, or what is left up to
        /// `maximumPairs`.
        func pairsOfNextLook(after pairCount: Int) -> Int {
            max(0, min(pairs, maximumPairs - pairCount))
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
        /// Which of the run's stages took the pair: 1 for every cell's first pairs, 2 for the next stage's (of cells the
        /// first look did not decide), ...; a cell that waited out a stage takes its next pairs in a later one.
        public var stage: Int
        /// The pair's place among its cell's pairs, from 0.
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
    /// Seconds on a monotonic clock, for the time limits.
    public var seconds: () -> Double = { Double(Clock.now()) / 1e9 }

    public init(settings: Settings) {
        self.settings = settings
    }

    public func run(_ cells: [Cell], base: any ABSide, new: any ABSide) throws(HarnessError) -> Outcome {
        var run = Run(runner: self, states: cells.map(CellState.init), base: base, new: new)
        run.steps = ProgressSteps(total: cells.count * (2 + 2 * settings.pairs), report: step)
        let start = seconds()
        var complete = try run.warmUp()
        // Cells that one build lacks or cannot run are not paired: the estimate of what is left drops them.
        var measuring = run.states.indices.filter { run.states[$0].isActive }
        run.steps = ProgressSteps(total: run.steps.done + measuring.count * 2 * settings.pairs, report: step, done: run.steps.done)
        var deadline = settings.runSeconds.map { start + $0 }
        var stage = 1
        while complete && !measuring.isEmpty {
            complete = try run.measureStage(stage, cells: measuring, until: deadline)
            guard complete else { break }
            if deadline == nil {
                let first = seconds() - start
                deadline = start + first + max(first, Settings.leastSecondsForLaterStages)
            }
            measuring = next(after: stage, of: run.states, secondsLeft: run.cutShort ? 0 : deadline! - seconds())
            stage += 1
            let pairs = measuring.map { settings.pairsOfNextLook(after: run.states[$0].pairCount) }.reduce(0, +)
            run.steps = ProgressSteps(total: run.steps.done + 2 * pairs, report: step, done: run.steps.done)
        }
        let states = run.states
        return Outcome(
            base: states.compactMap { $0.row(.base) }, new: states.compactMap { $0.row(.new) }, pairs: run.log,
            complete: complete
        )
    }

    /// The cells that get another stage after stage `stage`'s look: those still undecided, within their
    /// limits, while the run has `secondsLeft`. When those seconds cannot pay every such cell's way to a decision
    /// (``paidFor(_:of:rule:seconds:)``), the cells that come first get it and the others wait: a later look may
    /// give them a stage with what is left. Says what it decided.
    private func next(after stage: Int, of states: [CellState], secondsLeft: Double) -> [Int] {
        guard settings.comparison.metrics == .all else { return [] }
        let rule = SequentialPairedRule(settings.comparison)
        let undecided = states.indices.filter { states[$0].isActive && rule.decide(states[$0].logRatios) == .undecided }
        let pairsLeft = undecided.filter { states[$0].pairCount < settings.maximumPairs }
        let timeLeft = pairsLeft.filter { index in settings.cellSeconds.map { states[index].seconds < $0 } ?? true }
        guard !undecided.isEmpty else { return [] }
        let limits = [
            (undecided.count - pairsLeft.count, "at \(settings.maximumPairs) pairs"),
            (pairsLeft.count - timeLeft.count, "past \(DecimalText.format(settings.cellSeconds ?? 0, digits: 1)) s of their own"),
        ]
        let limited = limits.filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
        let stopped = limited.isEmpty ? "" : " (\(limited.joined(separator: ", ")): left undecided)"
        let cells = "\(undecided.count) cell\(undecided.count == 1 ? "" : "s") undecided\(stopped)"
        guard !timeLeft.isEmpty else {
            progress("look \(stage): \(cells)")
            return []
        }
        guard secondsLeft > 0 else {
            progress("look \(stage): \(cells); the run's time is up: left undecided")
            return []
        }
        let chosen = paidFor(timeLeft, of: states, rule: rule, seconds: secondsLeft)
        let pairs = Set(chosen.map { settings.pairsOfNextLook(after: states[$0].pairCount) })
        let more = pairs.count == 1 ? "\(pairs.first!)" : "up to \(pairs.max()!)"
        let waiting = chosen.count == timeLeft.count ? ""
            : " (the time left pays for \(chosen.count) of \(timeLeft.count) to be decided: suspected changes first, then those nearest a decision)"
        progress("look \(stage): \(cells); \(more) more pairs for \(chosen.count)\(waiting)")
        return chosen
    }

    /// `cells` in the order of their prospects (``SequentialPairedRule/Prospect``: suspected changes first, the
    /// strongest first, which the gate exists to decide; then those nearest a decision), as many as `seconds`
    /// pay for each cell's way to a decision: the pairs its prospect projects, at least a look's and at most up
    /// to the limit of pairs, at what its processes took so far; at least one. In cell order, as rounds go.
    ///
    /// Only the choice is planned: a stage still takes one look's pairs of each chosen cell, and the next look
    /// plans again on what they showed. Which cells go on depends on their pairs, but not how a cell is judged:
    /// every look's interval is the rule's, whose coverage holds over all the looks together however the looks
    /// come, so the error rates stay as stated.
    private func paidFor(_ cells: [Int], of states: [CellState], rule: SequentialPairedRule, seconds: Double) -> [Int] {
        let prospects = Dictionary(uniqueKeysWithValues: cells.map { index in
            (index, rule.judge(states[index].logRatios).map(rule.prospect))
        })
        let cost = { (index: Int) -> Double in
            let count = states[index].pairCount, next = settings.pairsOfNextLook(after: count)
            let projected = prospects[index]!.map { $0.projectedPairs - Double(count) } ?? .infinity
            let pairs = min(max(projected, Double(next)), Double(settings.maximumPairs - count))
            return 2 * pairs * states[index].secondsPerProcess
        }
        let ordered = cells.sorted { a, b in
            switch (prospects[a]!, prospects[b]!) {
            case (let x?, let y?) where x != y: x < y
            case (.some, nil): true
            default: a < b
            }
        }
        var left = seconds, chosen: [Int] = []
        for index in ordered {
            let price = cost(index)
            guard chosen.isEmpty || price <= left else { break }
            chosen.append(index)
            left -= price
        }
        return chosen.sorted()
    }

    fileprivate func request(_ cell: Cell, units: Int?) -> CellRequest {
        var configuration = settings.configuration
        if let units { configuration.unitsPerRepetition = units }
        return CellRequest(
            workload: cell.workload.name, implementation: cell.implementation.id, configuration: configuration,
            latency: false
        )
    }
}

// MARK: - A run

extension ABRunner {
    /// One run's state: every cell's, the pairs so far, and the progress.
    private struct Run {
        let runner: ABRunner
        var states: [CellState]
        let base: any ABSide
        let new: any ABSide
        var steps = ProgressSteps(total: 0, report: { _ in })
        var log: [Pair] = []
        /// What the last round took per pair, to tell whether the next would end by the run's deadline.
        var secondsPerPair = 0.0
        /// Whether a stage stopped for the deadline: no further stage starts.
        var cutShort = false
        /// The rounds of pairs so far (not those measuring slow pairs again): their parity orders the next.
        var rounds = 0

        private var settings: Settings { runner.settings }

        init(runner: ABRunner, states: [CellState], base: any ABSide, new: any ABSide) {
            self.runner = runner
            self.states = states
            self.base = base
            self.new = new
        }

        /// One measurement of each side per cell, thrown away but for the units: the base's pilot chooses
        /// them, and both sides load their executable and libraries once before anything counts.
        mutating func warmUp() throws(HarnessError) -> Bool {
            for index in states.indices {
                let cell = states[index].cell
                for side in [Side.base, .new] {
                    if runner.shouldStop() { return false }
                    steps.next("warm-up \(side.rawValue) \(cell.title)")
                    var request = runner.request(cell, units: states[index].units)
                    request.configuration.repetitions = 1
                    switch try measure(side, request, index) {
                    case .stopped:
                        return false
                    case .absent(let reason):
                        runner.progress("\(cell.title): not in the \(side.rawValue) build (\(reason))")
                        states[index].markAbsent(side)
                    case .measured(let result, let samples):
                        states[index].absorb(result, side: side)
                        states[index].warmUpSamples[side] = samples
                    }
                }
            }
            return true
        }

        /// Stage `stage` of `cells`: a round per pair, each cell taking the pairs of its next look (a cell that
        /// waited out a stage is a look behind the others, and takes its own), then the pairs with a slow process
        /// again; false when stopped. No round starts that would end after `deadline`, as far as the last
        /// round's seconds per pair tell: a stage cut short is looked at with the pairs it has (an unscheduled
        /// look, which alpha spending allows).
        mutating func measureStage(_ stage: Int, cells: [Int], until deadline: Double?) throws(HarnessError) -> Bool {
            let start = cells.map { states[$0].pairCount }
            let target = Dictionary(uniqueKeysWithValues: zip(cells, start.map { $0 + settings.pairsOfNextLook(after: $0) }))
            // As many rounds as the most pairs a cell takes: a pair that came to nothing (a side gave no sample) is
            // not measured again within the stage.
            for _ in 0..<(cells.map { target[$0]! - states[$0].pairCount }.max() ?? 0) {
                // No round, and no fresh copies of the executables, once no cell is left to pair.
                let pairing = cells.filter { states[$0].isActive && states[$0].pairCount < target[$0]! }
                guard !pairing.isEmpty else { break }
                let roundStart = runner.seconds()
                if let deadline, roundStart + secondsPerPair * Double(pairing.count) > deadline {
                    cutShort = true
                    break
                }
                // Rounds alternate the order over the whole run: a cell's pairs go A B B A ... within a stage, and
                // across its stages while it never waits one out.
                let baseFirst = rounds.isMultiple(of: 2)
                rounds += 1
                // The copies are made in the round's order too: the side that copies second can land on the
                // pages the first side's previous copy just gave back, and that must not be the same side all along.
                for side in baseFirst ? [base, new] : [new, base] {
                    try side.startRound()
                }
                for index in pairing where states[index].isActive {
                    let pair = states[index].pairCount
                    let label = "pair \(pair + 1)\(stage > 1 ? " (look \(stage))" : "/\(settings.pairs)")"
                    switch try measurePair(index, baseFirst: baseFirst, label: label) {
                    case .stopped: return false
                    case .incomplete: continue
                    case .measured(let before, let after):
                        states[index].append(base: before, new: after, logged: log.count)
                        let cell = states[index].cell
                        log.append(Pair(
                            workload: cell.workload.name, implementation: cell.implementation.id.rawValue, stage: stage,
                            index: pair, baseFirst: baseFirst, base: before, new: after
                        ))
                    }
                }
                secondsPerPair = (runner.seconds() - roundStart) / Double(pairing.count)
                runner.roundFinished(log)
            }
            return try remeasureSlowProcesses(Dictionary(uniqueKeysWithValues: zip(cells, start)), stage: stage)
        }

        /// Measures again, in rounds of their own, the pairs of this stage (from `start`, per cell) in which a
        /// process ran slow (``Settings/slowProcessFactor``), each in its original order, and puts the fresh
        /// pair in its place; false when stopped.
        private mutating func remeasureSlowProcesses(_ start: [Int: Int], stage: Int) throws(HarnessError) -> Bool {
            var slow: [Int: [Int]] = [:]
            for (index, first) in start where states[index].isActive {
                let stagePairs = states[index].pairCount - first
                let pairs = states[index].slowPairs(factor: settings.slowProcessFactor, from: first, atMost: stagePairs / 4)
                if !pairs.isEmpty { slow[index] = pairs }
            }
            let count = slow.values.map(\.count).reduce(0, +)
            guard count > 0 else { return true }
            runner.progress(
                "\(count) pair\(count == 1 ? "" : "s") with a process over \(settings.slowProcessFactor)x its side's median: measured again"
            )
            steps = ProgressSteps(total: steps.total + 2 * count, report: runner.step, done: steps.done)
            for round in 0..<(slow.values.map(\.count).max() ?? 0) {
                for side in round.isMultiple(of: 2) ? [base, new] : [new, base] {
                    try side.startRound()
                }
                for (index, pairs) in slow.sorted(by: { $0.key < $1.key }) where round < pairs.count && states[index].isActive {
                    let position = pairs[round], logged = states[index].logged[position]
                    let label = "pair \(log[logged].index + 1) again"
                    let measured = try measurePair(index, baseFirst: log[logged].baseFirst, label: label)
                    guard case .measured(let before, let after) = measured else {
                        if case .stopped = measured { return false }
                        continue
                    }
                    states[index].replace(position, base: before, new: after, logged: log.count)
                    log[logged].kept = false
                    var fresh = log[logged]
                    (fresh.base, fresh.new, fresh.kept) = (before, after, true)
                    log.append(fresh)
                }
                runner.roundFinished(log)
            }
            return true
        }

        /// What measuring one pair gave.
        private enum PairMeasurement {
            /// Each side's fastest repetition, as results.csv writes it.
            case measured(base: Double, new: Double)
            /// A side lacks the cell or failed: no pair.
            case incomplete
            case stopped
        }

        /// One process of each side for the cell at `index`, in the order `baseFirst` says, folded into its
        /// rows.
        private mutating func measurePair(_ index: Int, baseFirst: Bool, label: String) throws(HarnessError) -> PairMeasurement {
            let cell = states[index].cell
            var times: [Side: Double] = [:]
            for side in baseFirst ? [Side.base, .new] : [.new, .base] {
                if runner.shouldStop() { return .stopped }
                steps.next("\(label) \(side.rawValue) \(cell.title)")
                switch try measure(side, runner.request(cell, units: states[index].units), index) {
                case .stopped:
                    return .stopped
                case .absent(let reason):
                    states[index].markAbsent(side)
                    runner.progress("\(cell.title): not in the \(side.rawValue) build any more (\(reason))")
                case .measured(let result, let samples):
                    states[index].absorb(result, side: side)
                    // The sample as results.csv holds it: the report judges those, and must judge as the looks did.
                    if let fastest = samples.min() { times[side] = ResultTable.written(fastest) }
                }
                if !states[index].isActive { return .incomplete }
            }
            guard let before = times[.base], let after = times[.new] else { return .incomplete }
            return .measured(base: before, new: after)
        }

        /// One measurement of `side` for the cell at `index`, its time counted against the cell's limit.
        private mutating func measure(_ side: Side, _ request: CellRequest, _ index: Int) throws(HarnessError) -> SideMeasurement {
            let cell = states[index].cell, start = runner.seconds()
            defer {
                states[index].seconds += runner.seconds() - start
                states[index].processes += 1
            }
            return try (side == .base ? base : new).measure(request, workload: cell.workload, implementation: cell.implementation)
        }
    }
}
