extension SimplePublishers {
    /// A publisher that delivers the elements of a sequence, within demand, then finishes (Combine's
    /// `Publishers.Sequence`): a cold, synchronous source.
    ///
    /// Elements are delivered from inside `request(_:)`, on the requesting thread; a request made from
    /// inside `receive(_:)` adds to the demand of the delivery under way instead of re-entering it.
    /// The publisher finishes as soon as the last element has been delivered, and at once, on
    /// subscription, when the sequence is empty.
    public struct Sequence<Elements: Swift.Sequence, Failure: Error>: SimplePublisher {
        public typealias Output = Elements.Element

        public let sequence: Elements

        public init(sequence: Elements) {
            self.sequence = sequence
        }

        public func receive<Downstream: SimpleSubscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            var iterator = sequence.makeIterator()
            guard let first = iterator.next() else {
                subscriber.receive(subscription: SimpleSubscriptions.empty)
                subscriber.receive(completion: .finished)
                return
            }
            subscriber.receive(subscription: Inner(downstream: subscriber, next: first, rest: iterator))
        }
    }
}

// MARK: -

extension SimplePublishers.Sequence {
    private final class Inner<Downstream: SimpleSubscriber>: SimpleSubscription
    where Downstream.Input == Output, Downstream.Failure == Failure {
        private enum Status {
            case live(Downstream)
            /// Delivered everything, or cancelled.
            case ended
        }

        private let lock = UnfairLock.allocate()
        private var status: Status
        /// The element to deliver next: looked up one ahead, so the last one is followed by `.finished`
        /// at once.
        private var next: Output?
        private var rest: Elements.Iterator
        private var demand = SimpleSubscribers.Demand.none
        /// A delivery loop is running (on this thread, re-entered from `receive(_:)`, or on another).
        private var isDelivering = false

        init(downstream: Downstream, next: Output, rest: Elements.Iterator) {
            status = .live(downstream)
            self.next = next
            self.rest = rest
        }

        deinit {
            lock.deallocate()
        }

        func request(_ demand: SimpleSubscribers.Demand) {
            precondition(demand > .none, "API violation: a subscriber requested no values")
            lock.lock()
            guard case .live = status else {
                lock.unlock()
                return
            }
            self.demand += demand
            // The loop under way delivers the new demand too.
            guard !isDelivering else {
                lock.unlock()
                return
            }
            isDelivering = true
            deliverWhileDemanded()
        }

        func cancel() {
            lock.lock()
            let ended = status
            status = .ended
            next = nil
            lock.unlock()
            // The subscriber is released after unlocking.
            withExtendedLifetime(ended) {}
        }

        /// Delivers elements while there is demand.
        /// - Precondition: the lock is held and `isDelivering` was set by the caller; the lock is
        ///   released on return.
        private func deliverWhileDemanded() {
            while case .live(let downstream) = status, demand > .none, let value = next {
                demand -= 1
                next = rest.next()
                let isLast = next == nil
                lock.unlock()
                let more = downstream.receive(value)
                lock.lock()
                if isLast {
                    // Unless the subscriber cancelled from inside `receive(_:)`.
                    guard case .live = status else { break }
                    status = .ended
                    lock.unlock()
                    downstream.receive(completion: .finished)
                    return
                }
                demand += more
            }
            isDelivering = false
            lock.unlock()
        }
    }
}
