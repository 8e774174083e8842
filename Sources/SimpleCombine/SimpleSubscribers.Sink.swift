extension SimplePublisher {
    /// Subscribes a ``SimpleSubscribers/Sink`` that asks for everything and calls the two closures
    /// (Combine's `sink`). The subscription lives as long as the returned cancellable.
    public func sink(
        receiveCompletion: @escaping (SimpleSubscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> SimpleAnyCancellable {
        let sink = SimpleSubscribers.Sink<Output, Failure>(
            receiveCompletion: receiveCompletion,
            receiveValue: receiveValue
        )
        subscribe(sink)
        return SimpleAnyCancellable(sink)
    }
}

extension SimplePublisher where Failure == Never {
    /// Subscribes a ``SimpleSubscribers/Sink`` that asks for everything and calls `receiveValue`.
    public func sink(receiveValue: @escaping (Output) -> Void) -> SimpleAnyCancellable {
        sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
    }
}

// MARK: -

extension SimpleSubscribers {
    /// A subscriber that requests `.unlimited` on subscription and hands every event to a closure.
    ///
    /// It holds its subscription until it completes or cancels, and no longer: the cycle between a
    /// sink and its publisher's subscription is broken by either. `cancel()` may be called any number
    /// of times, from any thread.
    public final class Sink<Input, Failure: Error>: SimpleSubscriber, SimpleCancellable, @unchecked Sendable {
        private enum Status {
            case awaitingSubscription
            case subscribed(any SimpleSubscription)
            case terminal
        }

        private let lock = UnfairLock.allocate()
        private var status = Status.awaitingSubscription
        private var receiveValue: ((Input) -> Void)?
        private var receiveCompletion: ((Completion<Failure>) -> Void)?

        public init(
            receiveCompletion: @escaping (Completion<Failure>) -> Void,
            receiveValue: @escaping (Input) -> Void
        ) {
            self.receiveCompletion = receiveCompletion
            self.receiveValue = receiveValue
        }

        deinit {
            lock.deallocate()
        }

        public func receive(subscription: any SimpleSubscription) {
            lock.lock()
            guard case .awaitingSubscription = status else {
                lock.unlock()
                subscription.cancel()
                return
            }
            status = .subscribed(subscription)
            lock.unlock()
            subscription.request(.unlimited)
        }

        public func receive(_ input: Input) -> Demand {
            lock.lock()
            let receiveValue = self.receiveValue
            lock.unlock()
            receiveValue?(input)
            return .none
        }

        public func receive(completion: Completion<Failure>) {
            lock.lock()
            let receiveCompletion = self.receiveCompletion
            // The subscription and the closures are released after unlocking: their deinits may call
            // back into this sink.
            let released = (status, receiveValue)
            status = .terminal
            self.receiveValue = nil
            self.receiveCompletion = nil
            lock.unlock()
            withExtendedLifetime(released) {}
            receiveCompletion?(completion)
        }

        public func cancel() {
            lock.lock()
            guard case .subscribed(let subscription) = status else {
                lock.unlock()
                return
            }
            let released = (receiveValue, receiveCompletion)
            status = .terminal
            receiveValue = nil
            receiveCompletion = nil
            lock.unlock()
            withExtendedLifetime(released) {}
            subscription.cancel()
        }
    }
}
