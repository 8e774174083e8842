import SimpleCombine
import StyleKit

extension SimplePublisher where Output == Int {
    /// Counts every value and, once the upstream finishes, publishes one `[HistogramBin]` sorted by key
    /// (the composition pattern's histogram); `[]` for an empty upstream, nothing on failure.
    ///
    /// The first downstream request, whatever its size, asks the upstream for `.unlimited`; the result
    /// is delivered only once the downstream has requested a value.
    public func histogram() -> SimplePublishers.Histogram<Self> {
        SimplePublishers.Histogram(upstream: self)
    }
}

// MARK: -

extension SimplePublishers {
    /// A publisher that emits the histogram of all values of `upstream` when it finishes.
    public struct Histogram<Upstream: SimplePublisher>: SimplePublisher where Upstream.Output == Int {
        public typealias Output = [HistogramBin]
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream

        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        public func receive<Downstream: SimpleSubscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            upstream.subscribe(Bridge(counter: Counter(downstream: subscriber)))
        }
    }
}

// MARK: -

extension SimplePublishers.Histogram {
    private struct Bridge<Downstream: SimpleSubscriber>: SimpleSubscriber
    where Downstream.Input == Output, Downstream.Failure == Failure {
        typealias Input = Int

        let counter: Counter<Downstream>
        // A struct subscriber has no address to be identified by.
        let combineIdentifier = SimpleCombineIdentifier()

        func receive(subscription: any SimpleSubscription) {
            counter.receive(subscription: subscription)
        }

        func receive(_ input: Int) -> SimpleSubscribers.Demand {
            counter.count(input)
            return .none
        }

        func receive(completion: SimpleSubscribers.Completion<Failure>) {
            counter.receive(completion: completion)
        }
    }

    // Unlike map's, the demand the downstream sees is not the upstream's (one request of any size turns
    // into `.unlimited`, and the one result waits for a request), so this operator needs a subscription
    // of its own between the two: the smallest one is this box.
    private final class Counter<Downstream: SimpleSubscriber>: SimpleSubscription
    where Downstream.Input == Output, Downstream.Failure == Failure {
        // `request`/`cancel` may race with the upstream's events: everything below is guarded by `lock`,
        // which is never held while another object is called.
        private let lock = UnfairLock.allocate()
        /// Until the operator is terminal.
        private var downstream: Downstream?
        private var upstream: (any SimpleSubscription)?
        private var counts: [Int: Int] = [:]
        private var downstreamRequested = false
        private var upstreamFinished = false
        /// The downstream cancelled, possibly while the result was being delivered.
        private var isCancelled = false

        init(downstream: Downstream) {
            self.downstream = downstream
        }

        deinit {
            lock.deallocate()
        }

        func receive(subscription: any SimpleSubscription) {
            lock.lock()
            guard let downstream, upstream == nil, !upstreamFinished else {
                lock.unlock()
                return subscription.cancel()
            }
            upstream = subscription
            lock.unlock()
            downstream.receive(subscription: self)
        }

        func count(_ value: Int) {
            lock.lock()
            if downstream != nil, !upstreamFinished {
                HistogramBin.counting(&counts, value)
            }
            lock.unlock()
        }

        func receive(completion: SimpleSubscribers.Completion<Failure>) {
            lock.lock()
            guard downstream != nil, !upstreamFinished else {
                lock.unlock()
                return
            }
            let finishedUpstream = upstream.take()
            switch completion {
            case .finished:
                upstreamFinished = true
                let result = downstreamRequested ? finish() : nil
                lock.unlock()
                withExtendedLifetime(finishedUpstream) {}
                if let (downstream, counts) = result {
                    deliver(counts, to: downstream)
                }
            case .failure:
                let (downstream, _) = finish()
                lock.unlock()
                withExtendedLifetime(finishedUpstream) {}
                downstream.receive(completion: completion)
            }
        }

        func request(_ demand: SimpleSubscribers.Demand) {
            lock.lock()
            guard downstream != nil, !downstreamRequested else {
                lock.unlock()
                return
            }
            downstreamRequested = true
            guard upstreamFinished else {
                let upstream = self.upstream
                lock.unlock()
                upstream?.request(.unlimited)
                return
            }
            let (downstream, counts) = finish()
            lock.unlock()
            deliver(counts, to: downstream)
        }

        func cancel() {
            lock.lock()
            isCancelled = true
            guard downstream != nil else {
                lock.unlock()
                return
            }
            let upstream = self.upstream
            // The downstream is released after unlocking: its deinit may call back into this box.
            let released = finish()
            lock.unlock()
            withExtendedLifetime(released) {}
            upstream?.cancel()
        }

        /// Makes the operator terminal and hands out the downstream and the counts, to be used or
        /// released after unlocking.
        /// - Precondition: the lock is held and the operator is not terminal.
        private func finish() -> (downstream: Downstream, counts: [Int: Int]) {
            upstream = nil
            defer { counts = [:] }
            return (downstream.take()!, counts)
        }

        private func deliver(_ counts: [Int: Int], to downstream: Downstream) {
            _ = downstream.receive(HistogramBin.bins(from: counts))
            // The downstream may cancel from inside receive(_:); nothing reaches it after that.
            lock.lock()
            let isCancelled = self.isCancelled
            lock.unlock()
            if !isCancelled {
                downstream.receive(completion: .finished)
            }
        }
    }
}
