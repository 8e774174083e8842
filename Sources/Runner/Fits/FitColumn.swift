import Harness

/// The columns of fits.csv that code reads by name (the cost model's stage estimates), declared once; the
/// rest are declared in ``FitTable/schema`` alone.
public enum FitColumn {
    public static let scenario = ColumnDeclaration("scenario", "the swept scenario, as in results.csv")
    public static let source = ColumnDeclaration(
        "source", "as in results.csv: `subject` or `direct`; empty where the source is under test"
    )
    public static let implementation = ColumnDeclaration("implementation", "as in results.csv")
    public static let metric = ColumnDeclaration(
        "metric", "`ns` (time), `instructions` (instruction runs), `allocations`, or an anatomy counter's stem"
    )
    public static let measuredPer = ColumnDeclaration("measured_per", "what one cost value is per: `element` or `subscription`")
    public static let slopePer = ColumnDeclaration("slope_per", "what one step of the parameter is: `stage` or `subscriber`")
    public static let slope = ColumnDeclaration(
        "slope", unit: .ofMetric, signed: true,
        "the cost of one more stage (subscriber), in `metric` per `measured_per`: `ns` per element per stage, say"
    )
}
