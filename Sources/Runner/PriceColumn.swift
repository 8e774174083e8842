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
        "per_event", unit: .ofMetric, signed: true,
        "the price: `metric` per event, calls and loop step included; empty when `trusted` is `false`. A time is never "
            + "below 0 (a count of a simulated event may be, by a few thousandths)"
    )
    public static let low = ColumnDeclaration(
        "low", unit: .ofMetric,
        "a time's 95% interval, low end: the two controls are timed in rounds, one repetition of each in turn in one "
            + "process, and the price is the Hodges-Lehmann estimate of the rounds' differences, (k3 - k1) / 2 per element, "
            + "with its interval (distribution-free; with fewer than 6 rounds, their whole range, which covers less); empty "
            + "for counts, which are exact, and when `trusted` is `false`"
    )
    public static let trusted = ColumnDeclaration("trusted", trustedMeaning)
    private static let trustedMeaning = [
        "`false` for a time that does not hold, which is then not written (`per_event`, `low` and `high` empty), the run",
        "prints a `warning:` line for it and the estimate leaves it out: its value or its interval's low end is not above 0,",
        "or its interval's half-width, (`high` - `low`) / 2, is more than \(PriceList.widestHalfWidthText) of its value",
        "(`reason` says which). `true` otherwise, and for counts, which are exact",
    ].joined(separator: " ")
    public static let reason = ColumnDeclaration(
        "reason", "why a price is not trusted, with what was measured; empty when it is"
    )
}
