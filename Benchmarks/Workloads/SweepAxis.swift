/// What a swept parameter counts, when a cost grows with it: the x of the per-stage fits (fits.csv).
public enum SweepAxis: String, Sendable {
    /// Pipeline stages (`pipelineDepth`, `subscribeChurn`): a fit's slope is the cost of one more stage,
    /// per unit as the cell measures it (an element, or a subscription).
    case stage
    /// Subscribers of one subject (`fanOut`): the cell's unit is one delivery, so the cost of sending one
    /// element is the per-unit value times the subscribers, and the slope is the cost of one more
    /// subscriber per element sent (allocations per subscription: the set-up of one more subscriber).
    case subscriber

    /// A per-unit `value` of a cell counting `unit`s whose parameter is `parameter`, as the fit's y.
    public func perSend(_ value: Double, parameter: Double, unit: MeasuredUnit) -> Double {
        self == .subscriber && unit == .element ? value * parameter : value
    }
}
