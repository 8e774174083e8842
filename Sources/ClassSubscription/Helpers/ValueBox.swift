/// A value of a generic type kept beside an inner's `Mutex` (the latest value of `other`, the pending
/// value of `sample`): copying a reference out of the lock is cheap, copying a generic `Optional` is
/// not (see ``SubscriptionPublishers``).
///
/// Its owner writes `value` only under its lock and only while no one else holds the box; a box handed
/// out of the lock is never written again. That makes the runtime exclusivity check redundant.
final class ValueBox<Value> {
    @exclusivity(unchecked) var value: Value

    init(_ value: Value) {
        self.value = value
    }
}
