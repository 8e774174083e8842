/// A hand-driven input of an operator under test that logs what the operator asked of it, whatever core
/// it speaks: a ``TrackingSubject`` of `Int`s failing with ``TestError``. Lets ``CombineRig`` drive every
/// Combine-like core.
package protocol TrackedInput: DrivenInput {
    /// One log per subscriber, in subscription order.
    var logs: [SubscriptionLog] { get }
    /// The only log, or nil if the operator subscribed other than once.
    var log: SubscriptionLog? { get }
    var subscriptionCount: Int { get }
}
