import CombineFramework
import StyleKit

/// The locked state of `histogram`'s inner (Histogram.swift). It is not nested in the generic inner, so
/// that the `Mutex` holds a value of a fixed, non-generic type (see ``SubscriptionPublishers``).
struct HistogramState {
    enum Phase {
        case awaitingSubscription
        case subscribed
        /// The counts are complete; the bins wait for the downstream's first request.
        case upstreamFinished
        case terminal
    }

    /// What to do once the lock is released.
    enum Step {
        case none
        case requestUnlimited(Subscription)
        case deliver([Int: Int])
        case fail

        /// Whether the step sends the terminal event, so the inner lets go of its downstream.
        var endsOperator: Bool {
            switch self {
            case .deliver, .fail: true
            case .none, .requestUnlimited: false
            }
        }
    }

    // The phase is kept apart from the subscription so that counting a value reads a plain field:
    // matching an enum whose payload is an existential would copy it.
    private var phase = Phase.awaitingSubscription
    private var subscription: Subscription?
    private var counts: [Int: Int] = [:]
    private var hasDownstreamRequested = false
    /// Set by the downstream's cancel, which may arrive from inside `receive(_:)` of the bins.
    private(set) var isCancelled = false

    mutating func attach(_ subscription: Subscription) -> Bool {
        guard phase == .awaitingSubscription else { return false }
        phase = .subscribed
        self.subscription = subscription
        return true
    }

    mutating func count(_ value: Int) {
        guard phase == .subscribed else { return }
        HistogramBin.counting(&counts, value)
    }

    /// The upstream completed. Also returns the subscription let go of, released after unlocking.
    mutating func upstreamCompleted(failed: Bool) -> (step: Step, released: Subscription?) {
        guard phase == .subscribed else { return (.none, nil) }
        let subscription = self.subscription.take()
        if failed {
            _ = end()
            return (.fail, subscription)
        }
        guard hasDownstreamRequested else {
            phase = .upstreamFinished
            return (.none, subscription)
        }
        return (.deliver(end()), subscription)
    }

    /// Only the downstream's first request matters: the upstream is then unlimited, the result single.
    mutating func downstreamRequested() -> Step {
        guard !hasDownstreamRequested else { return .none }
        hasDownstreamRequested = true
        switch phase {
        case .subscribed:
            return subscription.map(Step.requestUnlimited) ?? .none
        case .upstreamFinished:
            return .deliver(end())
        case .awaitingSubscription, .terminal:
            return .none
        }
    }

    /// Returns the upstream's subscription to cancel, and the counts, released after unlocking.
    mutating func cancel() -> (Subscription?, [Int: Int]) {
        let subscription = self.subscription.take()
        let counts = end()
        isCancelled = true
        return (subscription, counts)
    }

    /// Moves to `terminal` and hands out the counts.
    private mutating func end() -> [Int: Int] {
        defer { self = HistogramState(phase: .terminal, hasDownstreamRequested: true) }
        return counts
    }
}
