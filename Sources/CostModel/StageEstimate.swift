import Foundation
import Harness

/// What one more stage of a swept pipeline costs per element, split by priced event (a row of
/// stage_estimates.csv): the instruction run's per-stage slopes priced as a cell's counts are, beside the
/// time run's per-stage slope.
public struct StageEstimate: Sendable, Equatable {
    public var series: FitSlopes.Series
    public var implementation: String
    /// The time run's slope: ns per element per stage.
    public var measured: Double
    public var priced: PricedCounts

    public var estimate: Double { priced.estimate }
    /// Measured minus estimate, over measured: what the prices leave unexplained (below 0 the estimate is
    /// too high); nil when the measured slope is not above 0.
    public var unexplained: Double? { measured > 0 ? (measured - estimate) / measured : nil }

    public init(series: FitSlopes.Series, implementation: String, measured: Double, priced: PricedCounts) {
        self.series = series
        self.implementation = implementation
        self.measured = measured
        self.priced = priced
    }

    /// Every stage series of the time run's fits (`slope_per` `stage`), and in each every implementation
    /// with a time slope and an instruction slope per element, in the order of the time run's rows.
    public static func estimates(_ runs: MeasuredRuns) -> [StageEstimate] {
        var implementations: [String] = []
        for cell in runs.timed where !implementations.contains(cell.record.key.implementation) {
            implementations.append(cell.record.key.implementation)
        }
        let element = "element"
        return runs.timeFits.stageSeries.flatMap { series in
            implementations.compactMap { name -> StageEstimate? in
                guard let measured = runs.timeFits.slope(series, name, "ns", per: element),
                    let instructions = runs.instructionFits.slope(series, name, "instructions", per: element)
                else { return nil }
                var counts: [AnatomyCounter: Double] = [:]
                for event in PricedEvent.all {
                    counts[event.counter] = runs.instructionFits.slope(series, name, event.counter.columnStem, per: element) ?? 0
                }
                let frames = framesBeyondPredictorPerStage(runs, series, name)
                // fits.csv has no slope of the consumer's work: a swept stage does none of it.
                return StageEstimate(
                    series: series, implementation: name, measured: measured,
                    priced: runs.prices.price(instructions: instructions, counts: counts, framesBeyondPredictor: frames)
                )
            }
        }
    }

    /// Per stage, the frames a delivery nests beyond the return-address predictor: the least-squares slope
    /// of ``EstimatePrices/framesBeyondPredictor(callDepth:)`` over the series' `ok` cells of the time run
    /// against their stages, as fits.csv's slopes are; 0 without two cells that have a `call_depth`.
    static func framesBeyondPredictorPerStage(_ runs: MeasuredRuns, _ series: FitSlopes.Series, _ implementation: String) -> Double {
        let points = runs.timed.compactMap { cell -> (Double, Double)? in
            let record = cell.record
            guard record.scenario == series.scenario, record.source == series.source, record.key.implementation == implementation,
                record.isOK, let depth = cell.callDepth, let stages = DecimalField.number(record.parameter)
            else { return nil }
            return (stages, runs.prices.framesBeyondPredictor(callDepth: depth))
        }
        guard points.count >= 2 else { return 0 }
        let count = Double(points.count)
        let meanX = points.reduce(0) { $0 + $1.0 } / count, meanY = points.reduce(0) { $0 + $1.1 } / count
        let spread = points.reduce(0) { $0 + pow($1.0 - meanX, 2) }
        return spread > 0 ? points.reduce(0) { $0 + ($1.0 - meanX) * ($1.1 - meanY) } / spread : 0
    }
}
