/// A subject that relays each value to every subscriber that has demand for it, through one conduit
/// per subscriber (Combine's `PassthroughSubject`, as the SimpleCombine pattern writes it). A value sent
/// to a subscriber without demand is dropped for that subscriber; a subscriber that arrives after the
/// completion receives it at once.
///
/// Thread safety, as Combine's: subscribing, requesting, cancelling and sending may happen on any
/// threads at once. The subject and each conduit have a small lock of their own, held only to change
/// their state; what a call needs is taken out, the lock is released, and only then is a subscriber
/// called. Each conduit also serialises the calls to its subscriber (Combine's downstream lock), so
/// that values sent from two threads at once reach a subscriber one after the other, a completion never
/// overtakes a value that is being delivered, and nothing reaches a subscriber before it has its
/// subscription.
///
/// A conduit holds the subject, and the subject its live conduits: the cycle is broken by the
/// subscriber cancelling or by the completion.
public final class SimplePassthroughSubject<Output, Failure: Error>: SimpleSubject, @unchecked Sendable {
    private enum State {
        case active(ContiguousArray<ConduitBase>)
        case terminated(SimpleSubscribers.Completion<Failure>)
    }

    private let lock = UnfairLock.allocate()
    private var state = State.active([])

    public init() {}

    deinit {
        lock.deallocate()
    }

    public func receive<Downstream: SimpleSubscriber>(subscriber: Downstream)
    where Downstream.Input == Output, Downstream.Failure == Failure {
        Conduit(parent: self, downstream: subscriber).connect(subscriber, to: self)
    }

    public func send(_ value: Output) {
        lock.lock()
        // A snapshot: subscribers may come and go on other threads while the value is delivered.
        guard case .active(let conduits) = state else {
            lock.unlock()
            return
        }
        lock.unlock()
        for conduit in conduits {
            conduit.offer(value)
        }
    }

    public func send(completion: SimpleSubscribers.Completion<Failure>) {
        lock.lock()
        guard case .active(let conduits) = state else {
            lock.unlock()
            return
        }
        state = .terminated(completion)
        lock.unlock()
        for conduit in conduits {
            conduit.finish(completion)
        }
    }

    /// Adds `conduit` to the live ones; if the subject has completed, returns the completion instead.
    private func register(_ conduit: ConduitBase) -> SimpleSubscribers.Completion<Failure>? {
        lock.lock()
        defer { lock.unlock() }
        switch state {
        case .active(var conduits):
            // Emptied first, so that `conduits` holds the only reference and appends in place.
            state = .active([])
            conduits.append(conduit)
            state = .active(conduits)
            return nil
        case .terminated(let completion):
            return completion
        }
    }

    private func remove(_ conduit: ConduitBase) {
        lock.lock()
        guard case .active(var conduits) = state else {
            lock.unlock()
            return
        }
        state = .active([])
        let removed = conduits.firstIndex { $0 === conduit }.map { conduits.remove(at: $0) }
        state = .active(conduits)
        lock.unlock()
        // Released after unlocking.
        withExtendedLifetime(removed) {}
    }
}

// MARK: -

extension SimplePassthroughSubject {
    /// What the subject sees of a conduit, whatever its subscriber's type.
    private class ConduitBase {
        func offer(_ value: Output) {
            preconditionFailure("abstract")
        }

        func finish(_ completion: SimpleSubscribers.Completion<Failure>) {
            preconditionFailure("abstract")
        }
    }

    /// One subscriber's subscription: its demand, and the link to the subject while it is live.
    private final class Conduit<Downstream: SimpleSubscriber>: ConduitBase, SimpleSubscription
    where Downstream.Input == Output, Downstream.Failure == Failure {
        private enum Status {
            case live(downstream: Downstream, parent: SimplePassthroughSubject)
            case ended
        }

        /// Guards `status` and `demand`; never held while the subscriber is called.
        private let lock = UnfairLock.allocate()
        /// Held for every call to the subscriber, taken before `lock` (never the other way round).
        private let downstreamLock = UnfairRecursiveLock.allocate()
        private var status: Status
        private var demand = SimpleSubscribers.Demand.none

        init(parent: SimplePassthroughSubject, downstream: Downstream) {
            status = .live(downstream: downstream, parent: parent)
        }

        deinit {
            lock.deallocate()
            downstreamLock.deallocate()
        }

        /// Joins `parent` and hands the subscriber its subscription. The downstream lock is taken before
        /// the conduit can be reached from the subject, so an event sent meanwhile on another thread
        /// waits until the subscriber has its subscription.
        func connect(_ downstream: Downstream, to parent: SimplePassthroughSubject) {
            downstreamLock.lock()
            defer { downstreamLock.unlock() }
            guard let completion = parent.register(self) else {
                downstream.receive(subscription: self)
                return
            }
            // The subject has completed: this conduit never joined it, and nothing else can reach it.
            status = .ended
            downstream.receive(subscription: SimpleSubscriptions.empty)
            downstream.receive(completion: completion)
        }

        // MARK: - From the subject

        override func offer(_ value: Output) {
            downstreamLock.lock()
            defer { downstreamLock.unlock() }
            lock.lock()
            guard case .live(let downstream, _) = status, demand > .none else {
                lock.unlock()
                return
            }
            demand -= 1
            lock.unlock()
            let more = downstream.receive(value)
            guard more > .none else { return }
            lock.lock()
            if case .live = status {
                demand += more
            }
            lock.unlock()
        }

        override func finish(_ completion: SimpleSubscribers.Completion<Failure>) {
            downstreamLock.lock()
            defer { downstreamLock.unlock() }
            lock.lock()
            guard case .live(let downstream, _) = status else {
                lock.unlock()
                return
            }
            // The subscriber and the subject are released after unlocking, when `ended` goes.
            let ended = status
            status = .ended
            lock.unlock()
            downstream.receive(completion: completion)
            withExtendedLifetime(ended) {}
        }

        // MARK: - SimpleSubscription

        func request(_ demand: SimpleSubscribers.Demand) {
            precondition(demand > .none, "API violation: a subscriber requested no values")
            lock.lock()
            if case .live = status {
                self.demand += demand
            }
            lock.unlock()
        }

        func cancel() {
            lock.lock()
            guard case .live(_, let parent) = status else {
                lock.unlock()
                return
            }
            let ended = status
            status = .ended
            lock.unlock()
            parent.remove(self)
            withExtendedLifetime(ended) {}
        }
    }
}
