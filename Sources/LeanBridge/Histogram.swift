import CombineFramework
import StyleKit
import Synchronization

extension Publisher where Output == Int {
    /// Counts every value and, once the upstream finishes, publishes one `[HistogramBin]` sorted by
    /// key (the composition pattern's histogram); `[]` for an empty upstream, nothing on failure.
    ///
    /// The first downstream request, whatever its size, asks the upstream for `.unlimited`; the
    /// result is delivered only once the downstream has requested a value.
    public func leanHistogram() -> LeanPublishers.Histogram<Self> {
        LeanPublishers.Histogram(upstream: self)
    }
}

// MARK: -

extension LeanPublishers {
    /// A publisher that emits the histogram of all values of `upstream` when it finishes.
    public struct Histogram<Upstream: Publisher>: Publisher where Upstream.Output == Int {
        public typealias Output = [HistogramBin]
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream

        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        public func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            upstream.subscribe(Bridge(counter: Counter(downstream: subscriber)))
        }
    }
}

// MARK: -

extension LeanPublishers.Histogram {
    private struct Bridge<Downstream: Subscriber>: Subscriber
    where Downstream.Input == Output, Downstream.Failure == Failure {
        typealias Input = Int

        let counter: Counter<Downstream>
        // A struct subscriber has no object identity for subjects to key it by.
        let combineIdentifier = CombineIdentifier()

        func receive(subscription: Subscription) {
            counter.receive(subscription: subscription)
        }

        func receive(_ input: Int) -> Subscribers.Demand {
            counter.count(input)
            return .none
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            counter.receive(completion: completion)
        }
    }

    // Unlike map, the demand the downstream sees is not the upstream's (one request of any size
    // turns into `.unlimited`, and the one result waits for a request), so this operator needs a
    // subscription of its own between the two: the smallest one is this box.
    private final class Counter<Downstream: Subscriber>: Subscription
    where Downstream.Input == Output, Downstream.Failure == Failure {
        // `request`/`cancel` may race with the upstream's events. The locked state is not generic:
        // the downstream lives out of line, in a room touched only under the lock. Behind an
        // OpenCombine subject this code runs unspecialised, and there a generic state costs a
        // runtime metadata lookup on every element.
        private let state = Mutex(HistogramState())
        /// Occupied until the operator is terminal.
        private let downstreamRoom: UnsafeMutablePointer<Downstream>

        init(downstream: Downstream) {
            downstreamRoom = .allocate(capacity: 1)
            downstreamRoom.initialize(to: downstream)
        }

        deinit {
            state.withLock { state in
                if !state.isTerminal { downstreamRoom.deinitialize(count: 1) }
            }
            downstreamRoom.deallocate()
        }

        func receive(subscription: Subscription) {
            let downstream = state.withLock { state -> Downstream? in
                guard !state.isTerminal, state.upstream == nil else { return nil }
                state.upstream = subscription
                return downstreamRoom.pointee
            }
            guard let downstream else { return subscription.cancel() }
            downstream.receive(subscription: self)
        }

        func count(_ value: Int) {
            state.withLock { state in
                guard !state.isTerminal, !state.upstreamFinished else { return }
                HistogramBin.counting(&state.counts, value)
            }
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            switch completion {
            case .finished:
                let result = state.withLock { state -> (Downstream, [Int: Int])? in
                    guard !state.isTerminal, !state.upstreamFinished else { return nil }
                    state.upstreamFinished = true
                    state.upstream = nil
                    return state.downstreamRequested ? finish(&state) : nil
                }
                if let (downstream, counts) = result {
                    deliver(counts, to: downstream)
                }
            case .failure:
                let result = state.withLock { state in state.isTerminal ? nil : finish(&state) }
                result?.downstream.receive(completion: completion)
            }
        }

        func request(_ demand: Subscribers.Demand) {
            var upstream: Subscription?
            let result = state.withLock { state -> (Downstream, [Int: Int])? in
                guard !state.isTerminal, !state.downstreamRequested else { return nil }
                state.downstreamRequested = true
                guard state.upstreamFinished else {
                    upstream = state.upstream
                    return nil
                }
                return finish(&state)
            }
            upstream?.request(.unlimited)
            if let (downstream, counts) = result {
                deliver(counts, to: downstream)
            }
        }

        func cancel() {
            // The downstream comes out too, so that it is released after the lock: its deinit may
            // call back into this box.
            let (upstream, _) = state.withLock { state -> (Subscription?, Downstream?) in
                // Also while the result is being delivered (a cancel from inside receive(_:)).
                state.isCancelled = true
                guard !state.isTerminal else { return (nil, nil) }
                let upstream = state.upstream
                return (upstream, finish(&state).downstream)
            }
            upstream?.cancel()
        }

        /// Marks the operator terminal and hands out the downstream and the counts, to be used or
        /// released outside the lock.
        /// - Precondition: `state` is the locked state, not yet terminal.
        private func finish(_ state: inout HistogramState) -> (downstream: Downstream, counts: [Int: Int]) {
            state.isTerminal = true
            state.upstream = nil
            defer { state.counts = [:] }
            return (downstreamRoom.move(), state.counts)
        }

        private func deliver(_ counts: [Int: Int], to downstream: Downstream) {
            _ = downstream.receive(HistogramBin.bins(from: counts))
            // The downstream may cancel from inside receive(_:); nothing reaches it after that.
            guard !state.withLock({ $0.isCancelled }) else { return }
            downstream.receive(completion: .finished)
        }
    }
}

// MARK: - State

/// The locked state of `histogram`, apart from its downstream.
private struct HistogramState {
    var upstream: Subscription?
    var counts: [Int: Int] = [:]
    var downstreamRequested = false
    var isCancelled = false
    var upstreamFinished = false
    var isTerminal = false
}
