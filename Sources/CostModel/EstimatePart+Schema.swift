import Harness
import Runner

extension EstimatePart {
    /// estimate_parts.csv, written by `reactive-bench estimate`.
    public static let schema = CSVFileSchema<EstimatePart>(
        file: "estimate_parts.csv",
        row: "one part an estimate adds up, in the order it adds them: each priced event, the frames beyond the "
            + "return-address predictor, then the instructions no event accounts for",
        columns: [
            CSVColumn("part", "the price list's event (`retainRelease`, `deepFrame`), or `other_instructions`") { $0.part },
            CSVColumn("title", "how tables and charts name it") { $0.title },
            CSVColumn("column", "its ns per unit's column in estimates.csv and stage_estimates.csv") { $0.column.name },
            CSVColumn("counted_by", "the column its count is read from") { $0.countedBy },
            CSVColumn(
                "priced_as_instructions",
                "`true` for an event whose control costs no more than its instructions at the independent price (the low end "
                    + "of its interval): its count is priced as the instructions the cell executes for it, among the other "
                    + "instructions, and its column reads 0; `false` for one priced at its control's ns, or not priced at all "
                    + "(`unpriced_reason`)"
            ) { String($0.pricedAsInstructions) },
            CSVColumn(
                "ns_per_count", unit: .nanoseconds,
                "its price: ns per event (the time run's prices.csv), per frame beyond the predictor, or per other "
                    + "instruction; 6 decimals, for a price per instruction is a few hundredths of a ns"
            ) { ResultTable.format($0.nanosecondsPerCount, digits: 6) },
            CSVColumn(
                "instructions_per_count", unit: .instructions,
                "its control's instructions per event (the instruction run's prices.csv); 1 for an instruction, empty for a frame"
            ) { number($0.instructionsPerCount) },
            CSVColumn(
                "unpriced_reason",
                "why the estimate does not use its price (then `ns_per_count` is empty): the time run's prices.csv marks it "
                    + "as not trusted (its reason follows), and an event's count is priced as the instructions the cell executes "
                    + "for it, among the other instructions, while frames beyond the predictor cost nothing; or the price list "
                    + "has none. Empty when its price is used"
            ) { $0.unpricedReason ?? "" },
        ]
    )
}
