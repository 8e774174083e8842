/// What a direct source keeps per subscriber: an object that is live until its subscriber cancels or the
/// source ends it, and that the source's ``DeliveryList`` lets go of once it is not.
protocol DeliveryNode: AnyObject {
    /// Whether the node still delivers: false once it was cancelled (disposed) or ended.
    var isLive: Bool { get }
}
