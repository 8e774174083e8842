import Harness
import Runner
import Workloads

/// One event the estimate prices by its control in the price list (prices.csv): the control's action,
/// the anatomy counter that counts the event in a cell, and how reports name it.
public struct PricedEvent: Sendable, Equatable {
    /// The price list's control of the event (its `event` column).
    public let action: AnatomyControlAction
    /// The counter a cell's count of the event is read from (`<counter>_per_unit`).
    public let counter: AnatomyCounter
    /// How a table's column or a sentence names it: the action's title (`retain+release`), unless the
    /// estimate counts it apart from another event.
    public let title: String

    init(action: AnatomyControlAction, counter: AnatomyCounter, title: String? = nil) {
        self.action = action
        self.counter = counter
        self.title = title ?? action.title
    }

    /// The price list's name of the event: `retainRelease`.
    public var event: String { action.rawValue }

    /// Every priced event, in the order the estimate prices them and estimates.csv lists them. A
    /// retain+release pair comes before the atomics, since it executes two of them (``EstimatePrices``).
    public static let all: [PricedEvent] = [
        PricedEvent(action: .retainRelease, counter: .retains),
        PricedEvent(action: .exclusivityCheck, counter: .exclusivityChecks),
        PricedEvent(action: .lock, counter: .lockAcquisitions),
        PricedEvent(action: .metadataLookup, counter: .metadataLookups),
        PricedEvent(action: .dynamicCast, counter: .dynamicCasts),
        PricedEvent(action: .malloc, counter: .mallocs),
        // The atomics no retain+release pair made (a pair executes two).
        PricedEvent(action: .atomicRMW, counter: .atomicRMWs, title: "other atomic RMW"),
    ]

    /// The controls whose instructions price what no event accounts for: instructions that do not wait
    /// for each other (the estimate's price, as most of a pipeline's do not) and a dependent chain (its
    /// upper bound).
    public static let independentInstructions = AnatomyControlAction.independentInstructions
    public static let dependentInstructions = AnatomyControlAction.instructions

    /// The price list's event of a frame nested beyond the return-address predictor.
    public static let deepFrame = PriceList.deepFrame
}
