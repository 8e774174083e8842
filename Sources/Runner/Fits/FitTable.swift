import Harness
import Workloads

/// The per-stage fits of a run (fits.csv, documented in docs/CSV.md): for every swept scenario whose
/// parameter counts stages or subscribers, every implementation, source and metric with points at three
/// or more parameter values.
public enum FitTable {
    public static let schemaVersion = 1

    /// fits.csv's columns, in order.
    public static let schema = CSVFileSchema<StageFit>(
        file: "fits.csv", schemaVersion: schemaVersion,
        row: "how one metric of one implementation grows along one sweep: cost = intercept + slope x parameter",
        columns: [
            CSVColumn("schema_version", "`1`") { _ in String(schemaVersion) },
            FitColumn.scenario.written { $0.scenario },
            FitColumn.source.written { $0.source },
            FitColumn.implementation.written { $0.implementation },
            FitColumn.metric.written { $0.metric },
            FitColumn.measuredPer.written { $0.measuredPer },
            FitColumn.slopePer.written { $0.axis.rawValue },
            CSVColumn("parameters", "the parameter values with points, `;`-separated") {
                $0.parameters.map { ResultTable.format($0) }.joined(separator: ";")
            },
            CSVColumn(
                "points", unit: .count,
                "points in the fit: every repetition of every cell for `ns` (so the interval reflects their spread), one per cell for counts (which repeat)"
            ) { String($0.fit.points) },
            FitColumn.slope.written { fitted($0.fit.slope) },
            CSVColumn("slope_ci95_low", unit: .ofMetric, signed: true, "the slope's 95% confidence interval (Student's t, points - 2 degrees of freedom): low end") {
                fitted($0.fit.slopeInterval95.lowerBound)
            },
            CSVColumn("slope_ci95_high", unit: .ofMetric, signed: true, "its high end") { fitted($0.fit.slopeInterval95.upperBound) },
            CSVColumn("intercept", unit: .ofMetric, signed: true, "the cost at parameter 0: what the source, the sink and the harness add") {
                fitted($0.fit.intercept)
            },
            CSVColumn("intercept_ci95_low", unit: .ofMetric, signed: true, "the intercept's 95% confidence interval: low end") {
                fitted($0.fit.interceptInterval95.lowerBound)
            },
            CSVColumn("intercept_ci95_high", unit: .ofMetric, signed: true, "its high end") { fitted($0.fit.interceptInterval95.upperBound) },
            CSVColumn("r_squared", "R^2 of the line against the median at each parameter value: how straight the sweep is") {
                ResultTable.format($0.rSquared, digits: 5)
            },
            CSVColumn(
                "shape",
                "`flat` (the slope's interval holds 0), `linear` (R^2 >= \(StageFit.linearRSquared) and every median within "
                    + "\(Int(StageFit.largestLinearResidual * 100))% of the line) or `nonlinear` (the cost grows, not along a line)"
            ) { $0.shape.rawValue },
        ]
    )

    /// A slope or an intercept as fits.csv writes it.
    private static func fitted(_ value: Double) -> String { ResultTable.format(value, digits: 4) }

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

    public static func table(_ fits: [StageFit]) -> CSVTable { schema.table(fits) }

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
}
