/// A hand-driven input of an operator under test, whatever core it speaks: a ``TrackingSubject`` of
/// `Int`s failing with ``TestError``. Lets ``CombineRig`` drive every Combine-like core.
protocol TrackedInput: AnyObject {
    /// One log per subscriber, in subscription order.
    var logs: [SubscriptionLog] { get }
    /// The only log, or nil if the operator subscribed other than once.
    var log: SubscriptionLog? { get }
    var subscriptionCount: Int { get }

    func send(_ value: Int)
    func finish()
    func fail(with error: TestError)
}
