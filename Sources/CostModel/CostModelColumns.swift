import Harness

/// The columns the cost model's files share, declared once; each file's schema
/// (``CellEstimate/schema``, ``StageEstimate/schema``, ``EstimateSummary/schema``, ``EstimatePart/schema``)
/// lists its own. A number "per unit" is per the row's unit: a cell's unit (an element or a subscription) in
/// estimates.csv, one element through one more stage in stage_estimates.csv.
public enum CostModelColumns {
    public static let measured = ColumnDeclaration(
        "measured_ns_per_unit", unit: .nanoseconds,
        "the time run's measured cost: a cell's median (`ns_per_unit_median`), or the slope of a stage's time (fits.csv)"
    )
    public static let estimated = ColumnDeclaration(
        "estimated_ns_per_unit", unit: .nanoseconds,
        "the estimate: every priced part below added up (each `<part>_ns_per_unit`, then the other instructions' ns)"
    )
    public static let otherInstructions = ColumnDeclaration(
        "other_instructions_per_unit", unit: .instructions,
        "the instructions no priced event accounts for: the instruction count less each priced event's count x its "
            + "control's instructions (estimate_parts.csv)"
    )
    public static let otherInstructionsNanoseconds = ColumnDeclaration(
        "other_instructions_ns_per_unit", unit: .nanoseconds,
        "those instructions at the independent arithmetic control's ns per instruction (`independentInstructions`)"
    )
    public static let estimateError = ColumnDeclaration(
        "estimate_error", unit: .fraction,
        "the estimate over the measured median, less 1: 0.13 is 13% too high, -0.2 20% too low"
    )
    public static let ifDependent = ColumnDeclaration(
        "estimated_ns_per_unit_if_dependent", unit: .nanoseconds,
        "an upper bound: the same counts with every other instruction at the dependent chain's ns per instruction "
            + "(`instructions`: each waits for the one before)"
    )
    public static let cyclesEstimate = ColumnDeclaration(
        "iai_estimated_ns_per_unit", unit: .nanoseconds,
        "iai-callgrind's and CodSpeed's estimate beside it: `estimated_cycles_per_unit` at the one ns per cycle that fits "
            + "the run's cells best (the median of measured over cycles; estimate_summary.csv's `ns_per_cycle`); empty "
            + "without simulated cycles"
    )
    public static let cyclesError = ColumnDeclaration(
        "iai_estimate_error", unit: .fraction, "that estimate over the measured median, less 1"
    )

    /// The column of one part's ns (a ``PricedEvent``'s, or deepFrame's): `retainRelease_ns_per_unit`.
    public static func part(_ part: String, _ meaning: String) -> ColumnDeclaration {
        ColumnDeclaration("\(part)_ns_per_unit", unit: .nanoseconds, meaning)
    }

    /// Each priced event's column: its count per unit (the instruction run's anatomy counter) x its control's ns.
    public static func part(_ event: PricedEvent) -> ColumnDeclaration {
        part(
            event.event,
            "\(event.title): `\(ResultColumn.anatomyPerUnit(event.counter).name)` x its control's ns (0 where the price "
                + "list prices it as its instructions; estimate_parts.csv)"
        )
    }

    /// The frames beyond the return-address predictor's: each at prices.csv's deepFrame ns.
    public static let deepFrames = part(
        PricedEvent.deepFrame,
        "the frames an element's delivery nests beyond those the return-address predictor holds (`call_depth` less "
            + "prices.csv's deepFrame `frames`; for a stage, their slope) x deepFrame's ns per frame"
    )

    /// A slow consumer's own work: its instructions at the dependent chain's price.
    public static let consumerWork = part(
        EstimatePart.consumerWork,
        "a slow consumer's own work: `\(ResultColumn.componentPerUnit(.consumerWork).name)` (a chain of xorshift steps, "
            + "each waiting for the one before) x the dependent chain's ns per instruction (`instructions`); 0 elsewhere"
    )
}

extension ColumnUnit {
    /// A ratio less 1, or a share: 0.13 is 13%.
    public static let fraction: ColumnUnit = "fraction"
}
