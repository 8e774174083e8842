import Harness
import Workloads

/// The per-stage fits of a run (fits.csv, documented in docs/CSV.md): for every swept scenario whose
/// parameter counts stages or subscribers, every implementation, source and metric with points at three
/// or more parameter values.
public enum FitTable {
    public static let schemaVersion = 1

    public static let columns: [String] = [
        "schema_version", "scenario", "source", "implementation", "metric", "measured_per", "slope_per",
        "parameters", "points", "slope", "slope_ci95_low", "slope_ci95_high", "intercept",
        "intercept_ci95_low", "intercept_ci95_high", "r_squared", "shape",
    ]

    /// The fits of `run`'s `ok` rows, in the order their scenarios first appear, then by implementation
    /// as the rows come, then by metric.
    public static func fits(_ run: RunResults) -> [StageFit] {
        var series: [SeriesKey: [CellRecord]] = [:], order: [SeriesKey] = []
        for record in run.cells where record.isOK {
            guard let axis = axis(of: record.scenario), Double(record.parameter) != nil else { continue }
            let key = SeriesKey(scenario: record.scenario, source: record.source, implementation: record.key.implementation, axis: axis)
            if series[key] == nil { order.append(key) }
            series[key, default: []].append(record)
        }
        return order.flatMap { key in
            FitMetric.all.compactMap { metric in fit(series[key]!, key: key, metric: metric) }
        }
    }

    public static func table(_ fits: [StageFit]) -> CSVTable {
        CSVTable(header: columns, rows: fits.map(row))
    }

    /// The sweep axis of `scenario`, from the scenario table; nil for a scenario that is not a count.
    static func axis(of scenario: String) -> SweepAxis? {
        Scenarios.all.first { $0.scenario == scenario }?.sweepAxis
    }

    private struct SeriesKey: Hashable {
        let scenario: String, source: String, implementation: String, axis: SweepAxis
    }

    private static func fit(_ records: [CellRecord], key: SeriesKey, metric: FitMetric) -> StageFit? {
        guard let unit = records.first?.unit, metric.applies(toUnit: unit) else { return nil }
        var x: [Double] = [], y: [Double] = []
        for record in records {
            let parameter = Double(record.parameter)!
            for value in metric.values(record) {
                x.append(parameter)
                let perUnit = !metric.perSubscription
                y.append(perUnit ? key.axis.perSend(value, parameter: parameter, unit: MeasuredUnit(rawValue: record.unit) ?? .element) : value)
            }
        }
        guard let line = LinearFit(x: x, y: y) else { return nil }
        let parameters = Array(Set(x)).sorted()
        let medians = parameters.map { parameter in
            SampleStatistics.median(zip(x, y).filter { $0.0 == parameter }.map(\.1))
        }
        return StageFit(
            scenario: key.scenario, source: key.source, implementation: key.implementation, metric: metric.name,
            measuredPer: metric.measuredPer(unit: unit), perUnit: !metric.perSubscription, axis: key.axis, parameters: parameters, fit: line,
            rSquared: rSquared(of: line, x: parameters, y: medians),
            largestRelativeResidual: zip(parameters, medians).map { parameter, median in
                median == 0 ? 0 : abs(median - (line.intercept + line.slope * parameter)) / abs(median)
            }.max() ?? 0
        )
    }

    /// R^2 of `line` against the points `x`, `y`; 1 when y does not vary.
    private static func rSquared(of line: LinearFit, x: [Double], y: [Double]) -> Double {
        let mean = y.reduce(0, +) / Double(y.count)
        let total = y.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
        let residual = zip(x, y).reduce(0.0) { sum, point in
            let error = point.1 - (line.intercept + line.slope * point.0)
            return sum + error * error
        }
        return total == 0 ? 1 : max(0, 1 - residual / total)
    }

    private static func row(_ stage: StageFit) -> [String] {
        let fit = stage.fit
        let format = { (value: Double) in ResultTable.format(value, digits: 4) }
        return [
            String(schemaVersion), stage.scenario, stage.source, stage.implementation, stage.metric, stage.measuredPer,
            stage.axis.rawValue, stage.parameters.map { ResultTable.format($0) }.joined(separator: ";"),
            String(fit.points), format(fit.slope), format(fit.slopeInterval95.lowerBound),
            format(fit.slopeInterval95.upperBound), format(fit.intercept), format(fit.interceptInterval95.lowerBound),
            format(fit.interceptInterval95.upperBound), ResultTable.format(stage.rSquared, digits: 5),
            stage.shape.rawValue,
        ]
    }
}
