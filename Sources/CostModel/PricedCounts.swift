import Harness

/// One unit's (or one stage's) counts priced: ns per priced event, the frames beyond the return-address
/// predictor, a slow consumer's own work, and the instructions no event accounts for with their ns.
public struct PricedCounts: Sendable, Equatable {
    /// ns of each ``PricedEvent``, in ``PricedEvent/all``'s order (0 for an event priced as instructions).
    public var events: [Double]
    /// ns of the frames nested beyond the return-address predictor.
    public var deepFrames: Double
    /// ns of a slow consumer's own work: its instructions at the dependent chain's price.
    public var consumerWork: Double
    /// The instructions no priced event accounts for.
    public var otherInstructions: Double
    /// Their ns at the independent arithmetic control's price.
    public var otherInstructionsNanoseconds: Double

    /// Every part added up: the estimate.
    public var estimate: Double {
        // Left to right, as the parts are listed, so that the sum is the same wherever it is taken.
        (events + [deepFrames, consumerWork]).reduce(0, +) + otherInstructionsNanoseconds
    }

    /// The events, frames and consumer's work alone, without the other instructions.
    public var eventsOnly: Double { estimate - otherInstructionsNanoseconds }
}
