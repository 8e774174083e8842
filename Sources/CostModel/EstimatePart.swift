import Harness
import Runner

/// One part an estimate adds up (a row of estimate_parts.csv): a priced event, the frames beyond the
/// return-address predictor, a slow consumer's own work, or the instructions no event accounts for, with what
/// counts it and its price.
public struct EstimatePart: Sendable, Equatable {
    /// The price list's event (`retainRelease`, `deepFrame`), `consumerWork` or `other_instructions`.
    public var part: String
    /// How a table's column or a sentence names it.
    public var title: String
    /// Its ns per unit's column in estimates.csv and stage_estimates.csv.
    public var column: ColumnDeclaration
    /// The column its count is read from: an anatomy counter's per unit, `call_depth`, the consumer's
    /// work's instructions, or the other instructions.
    public var countedBy: String
    /// Whether its count is priced as the instructions it executes, among the other instructions
    /// (``EstimatePrices/pricedAsInstructions``), rather than at its control's ns.
    public var pricedAsInstructions: Bool
    /// ns per event (its control's, from the time run), per frame beyond the predictor, or per instruction
    /// (the dependent chain's for the consumer's work, the independent control's for the others); nil for a
    /// price the estimate does not use (``unpricedReason``).
    public var nanosecondsPerCount: Double?
    /// Instructions per event of its control (the instruction run's), 1 for an instruction; nil for frames.
    public var instructionsPerCount: Double?
    /// Why the estimate does not use its price: the time run's prices.csv marks it as not trusted
    /// (``EstimatePrices/unpriced``), or has none (deepFrame); nil when it does.
    public var unpricedReason: String?

    /// The parts in the order the estimate adds them up.
    public static func parts(_ prices: EstimatePrices) -> [EstimatePart] {
        PricedEvent.all.map { event in
            EstimatePart(
                part: event.event, title: event.title, column: CostModelColumns.part(event),
                countedBy: ResultColumn.anatomyPerUnit(event.counter).name,
                pricedAsInstructions: prices.pricedAsInstructions.contains(event.event),
                nanosecondsPerCount: prices.nanoseconds[event.event], instructionsPerCount: prices.instructions[event.event],
                unpricedReason: prices.unpriced[event.event].map(Self.marked)
            )
        } + [
            EstimatePart(
                part: PricedEvent.deepFrame, title: PriceList.deepFrameTitle, column: CostModelColumns.deepFrames,
                countedBy: ResultColumn.callDepth.name,
                pricedAsInstructions: false, nanosecondsPerCount: prices.deepFrame?.nanoseconds, instructionsPerCount: nil,
                unpricedReason: prices.unpriced[PricedEvent.deepFrame].map(Self.marked)
                    ?? (prices.deepFrame == nil ? "the price list has no \(PricedEvent.deepFrame) price" : nil)
            ),
            EstimatePart(
                part: consumerWork, title: "a slow consumer's own work (a dependent chain)", column: CostModelColumns.consumerWork,
                countedBy: ResultColumn.componentPerUnit(.consumerWork).name,
                pricedAsInstructions: false, nanosecondsPerCount: prices.perDependentInstruction, instructionsPerCount: 1,
                unpricedReason: nil
            ),
            EstimatePart(
                part: otherInstructions, title: "other instructions", column: CostModelColumns.otherInstructionsNanoseconds,
                countedBy: CostModelColumns.otherInstructions.name,
                pricedAsInstructions: true, nanosecondsPerCount: prices.perInstruction, instructionsPerCount: 1,
                unpricedReason: nil
            ),
        ]
    }

    /// Why a part whose price the price list marks is not priced.
    static func marked(_ reason: String) -> String { "prices.csv marks its price as not trusted: \(reason)" }

    static let otherInstructions = "other_instructions"
    static let consumerWork = "consumerWork"
}
