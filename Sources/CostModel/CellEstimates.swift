import Harness
import Workloads

/// Every single-thread cell of a time run estimated from its instruction run's counts (estimates.csv), and
/// the cells left out for keeping a second thread busy.
public struct CellEstimates: Sendable, Equatable {
    /// One per cell that is `ok` in both runs and has an instruction count, in the time run's order.
    public var cells: [CellEstimate]
    /// The time run's `ok` cells left out: a thread hop, two threads contending and the `asyncSequence`
    /// row's tasks wait on other threads, which no count prices.
    public var leftOut: [TimedCell]
    /// The ns per cycle at which iai-callgrind's cycles fit the cells best (the median of measured over
    /// cycles), the kindest reading of a formula that has no clock in it; nil without cycles.
    public var nanosecondsPerCycle: Double?

    public init(cells: [CellEstimate], leftOut: [TimedCell] = [], nanosecondsPerCycle: Double? = nil) {
        self.cells = cells
        self.leftOut = leftOut
        self.nanosecondsPerCycle = nanosecondsPerCycle
    }

    /// The estimates of `runs`' cells.
    public init(_ runs: MeasuredRuns) {
        var cells: [CellEstimate] = [], leftOut: [TimedCell] = []
        for cell in runs.timed where cell.isOK {
            if Self.keepsASecondThreadBusy(cell) {
                leftOut.append(cell)
                continue
            }
            guard let counted = runs.counted[cell.record.key], counted.isOK,
                let instructions = counted.values[ResultColumn.instructionsPerUnit.name]
            else { continue }
            var counts: [AnatomyCounter: Double] = [:]
            for event in PricedEvent.all {
                counts[event.counter] = counted.values[ResultColumn.anatomyPerUnit(event.counter).name] ?? 0
            }
            let prices = runs.prices
            let frames = prices.framesBeyondPredictor(callDepth: cell.callDepth)
            let priced = prices.price(
                instructions: instructions, counts: counts, framesBeyondPredictor: frames,
                consumerWork: counted.values[ResultColumn.componentPerUnit(.consumerWork).name] ?? 0
            )
            var estimate = CellEstimate(
                workload: cell.record.key.workload, implementation: cell.record.key.implementation, unit: cell.record.unit,
                measured: cell.median!, priced: priced, callDepth: cell.callDepth, ifDependent: prices.ifDependent(priced),
                cycles: counted.values[ResultColumn.simulatedPerUnit(.estimatedCycles).name]
            )
            (estimate.scenario, estimate.source, estimate.parameter) = (cell.record.scenario, cell.record.source, cell.record.parameter)
            cells.append(estimate)
        }
        self.init(cells: cells, leftOut: leftOut)
        fitCycles()
    }

    /// Sets ``nanosecondsPerCycle`` and every cell's cycles estimate from the cells' cycles above 0.
    mutating func fitCycles() {
        let ratios = cells.compactMap { cell in cell.cycles.flatMap { $0 > 0 ? cell.measured / $0 : nil } }
        nanosecondsPerCycle = ratios.isEmpty ? nil : SampleStatistics.median(ratios)
        for index in cells.indices {
            let cycles = cells[index].cycles
            cells[index].cyclesEstimate = nanosecondsPerCycle.flatMap { perCycle in cycles.flatMap { $0 > 0 ? $0 * perCycle : nil } }
        }
    }

    /// Whether `cell` keeps a second thread busy while it is timed: what its row's `threads` says, as the run
    /// that measured it knew (``Workload/keepsASecondThreadBusy(for:)``), whatever this build's workloads
    /// are; for a run written before that column, this build's workload of that name says, and a workload it
    /// does not know is taken for one thread.
    static func keepsASecondThreadBusy(_ cell: TimedCell) -> Bool {
        if let threads = cell.record.threads { return threads > 1 }
        let workload = Scenarios.all.first { $0.name == cell.record.key.workload }
            ?? Scenarios.all.first { $0.scenario == cell.record.scenario }
        return workload?.keepsASecondThreadBusy(family: Family(rawValue: cell.family)) ?? false
    }
}
