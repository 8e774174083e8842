import Harness

/// The columns of prices.csv that code reads by name (the cost model), declared once; the rest are declared
/// in ``PriceList/schema`` alone.
public enum PriceColumn {
    public static let event = ColumnDeclaration(
        "event",
        "the event: an anatomy control's action (`retainRelease`, `lock`, ...), or `deepFrame`, a frame nested deeper "
            + "than the return-address predictor holds"
    )
    public static let metric = ColumnDeclaration(
        "metric",
        "`ns` in a time run (and `frames` for `deepFrame`); in an instruction run `instructions`, each anatomy counter's "
            + "stem and, with `--simulate`, each simulated event's"
    )
    public static let perEvent = ColumnDeclaration(
        "per_event", unit: .ofMetric, signed: true, "the price: `metric` per event, calls and loop step included"
    )
    public static let low = ColumnDeclaration(
        "low", unit: .ofMetric, signed: true,
        "a time's interval, low end: the k = 3 median's 95% interval less the k = 1 one's, halved (distribution-free, so "
            + "at least 95%); empty for counts, which are exact"
    )
}
