/// A type-erased cancellable that cancels when it is deinitialised (Combine's `AnyCancellable`):
/// keep it, or ``store(in:)`` it, for as long as the subscription should live.
///
/// ``cancel()`` may be called any number of times, from any thread: the first call runs the
/// cancellation, the others do nothing.
public final class SimpleAnyCancellable: SimpleCancellable, Hashable, @unchecked Sendable {
    private let lock = UnfairLock.allocate()
    /// Taken out on the first cancel.
    private var cancellation: (() -> Void)?

    /// Runs `cancel` on the first ``cancel()`` or at deinitialisation, whichever comes first.
    public init(_ cancel: @escaping () -> Void) {
        cancellation = cancel
    }

    /// Cancels `cancellable` on the first ``cancel()`` or at deinitialisation.
    public convenience init<Wrapped: SimpleCancellable>(_ cancellable: Wrapped) {
        self.init(cancellable.cancel)
    }

    deinit {
        cancellation?()
        lock.deallocate()
    }

    public func cancel() {
        lock.lock()
        let cancellation = self.cancellation
        self.cancellation = nil
        lock.unlock()
        // Outside the lock: cancelling may release objects whose deinit calls back in.
        cancellation?()
    }

    /// Keeps this cancellable in `collection`.
    public func store<Collection: RangeReplaceableCollection>(in collection: inout Collection)
    where Collection.Element == SimpleAnyCancellable {
        collection.append(self)
    }

    /// Keeps this cancellable in `set`.
    public func store(in set: inout Set<SimpleAnyCancellable>) {
        set.insert(self)
    }

    public static func == (lhs: SimpleAnyCancellable, rhs: SimpleAnyCancellable) -> Bool {
        lhs === rhs
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
