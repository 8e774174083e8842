import Foundation
import Harness
import Runner
import Workloads

/// One run's fits.csv as the stage estimates read it: the slope of each fit, and the series whose step is a
/// stage.
public struct FitSlopes: Sendable, Equatable {
    /// One fit's identity: which sweep, which row, which metric, per what.
    public struct Key: Hashable, Sendable {
        public var scenario: String
        public var source: String
        public var implementation: String
        public var metric: String
        public var measuredPer: String

        public init(scenario: String, source: String, implementation: String, metric: String, measuredPer: String) {
            self.scenario = scenario
            self.source = source
            self.implementation = implementation
            self.metric = metric
            self.measuredPer = measuredPer
        }
    }

    /// A sweep: a scenario over one source.
    public struct Series: Hashable, Sendable {
        public var scenario: String
        public var source: String

        public init(scenario: String, source: String) {
            self.scenario = scenario
            self.source = source
        }
    }

    /// The slope of every fit; the first row of a key when the file repeats one.
    public var slopes: [Key: Double]
    /// The series whose fits step by a stage (`slope_per` `stage`), in the order the file first names them.
    public var stageSeries: [Series]

    public init(slopes: [Key: Double] = [:], stageSeries: [Series] = []) {
        self.slopes = slopes
        self.stageSeries = stageSeries
    }

    /// The slope of `metric` per `measuredPer` (`element`, `subscription`), or nil.
    public func slope(_ series: Series, _ implementation: String, _ metric: String, per measuredPer: String) -> Double? {
        let key = Key(
            scenario: series.scenario, source: series.source, implementation: implementation, metric: metric, measuredPer: measuredPer
        )
        return slopes[key]
    }

    /// `directory/fits.csv`; none for a run without one (written before fits.csv existed).
    ///
    /// - Throws: one line when the file cannot be read, lacks a column or has a slope that is not a number.
    static func read(directory: String) throws(HarnessError) -> FitSlopes {
        let path = "\(directory)/\(FitTable.schema.file)"
        guard FileManager.default.fileExists(atPath: path) else { return FitSlopes() }
        let file = try DeclaredTable.read(path, required: [
            FitColumn.scenario, FitColumn.source, FitColumn.implementation, FitColumn.metric, FitColumn.measuredPer,
            FitColumn.slopePer, FitColumn.slope,
        ])
        var fits = FitSlopes()
        for row in file.rows {
            let field = { (column: ColumnDeclaration) in file.field(row.fields, column) }
            guard let slope = try file.number(row, FitColumn.slope) else {
                throw HarnessError("\(path): line \(row.line), column \(FitColumn.slope.name): '' is not a number")
            }
            let series = Series(scenario: field(FitColumn.scenario), source: field(FitColumn.source))
            let key = Key(
                scenario: series.scenario, source: series.source, implementation: field(FitColumn.implementation),
                metric: field(FitColumn.metric), measuredPer: field(FitColumn.measuredPer)
            )
            if fits.slopes[key] == nil { fits.slopes[key] = slope }
            if field(FitColumn.slopePer) == SweepAxis.stage.rawValue, !fits.stageSeries.contains(series) {
                fits.stageSeries.append(series)
            }
        }
        return fits
    }
}
