import CombineFramework
import Synchronization

/// The shared state of `withLatestFrom` and `sampleWithFrom` (the custom-operator and Producer/Sink
/// patterns), and the subscription their downstream receives.
///
/// Both inputs reach it through struct bridges (``Primary`` for the upstream, ``Secondary`` for
/// `other`). The two may deliver on different threads at once and `request`/`cancel` may race with
/// either, so all state is guarded by one `Mutex`: every method locks, changes state, takes what it
/// needs, unlocks, and only then calls out.
final class LatestFromCombiner<PrimaryValue, SecondaryValue, Downstream: Subscriber>: Subscription {
    typealias Failure = Downstream.Failure

    // The locked state is not generic: the downstream and the latest value of `other` live out of
    // line, in rooms touched only under the lock, and the state says which are occupied. Behind an
    // OpenCombine subject this code runs unspecialised, and there a generic state, or an optional or
    // a tuple of a generic type, costs a runtime metadata lookup (several hundred instructions, more
    // than the rest of the operator) on every element.
    private let state = Mutex(LatestFromState())
    /// Occupied until the operator is terminal.
    private let downstreamRoom: UnsafeMutablePointer<Downstream>
    /// Occupied while `state.hasLatest`.
    private let latestRoom: UnsafeMutablePointer<SecondaryValue>
    /// Occupied while `state.hasDeferredFailure`: `other` failed while an upstream value was being
    /// delivered on another thread; the failure follows as soon as that delivery returns, so the
    /// downstream never sees a value after its terminal event.
    private let deferredFailureRoom: UnsafeMutablePointer<Subscribers.Completion<Failure>>

    private let resultSelector: (PrimaryValue, SecondaryValue) -> Downstream.Input
    /// `sampleWithFrom` combines each value of `other` at most once; `withLatestFrom` keeps it.
    private let consumesLatest: Bool

    init(
        downstream: Downstream,
        consumesLatest: Bool,
        resultSelector: @escaping (PrimaryValue, SecondaryValue) -> Downstream.Input
    ) {
        downstreamRoom = .allocate(capacity: 1)
        downstreamRoom.initialize(to: downstream)
        latestRoom = .allocate(capacity: 1)
        deferredFailureRoom = .allocate(capacity: 1)
        self.consumesLatest = consumesLatest
        self.resultSelector = resultSelector
    }

    deinit {
        state.withLock { state in
            if !state.isTerminal { downstreamRoom.deinitialize(count: 1) }
            if state.hasLatest { latestRoom.deinitialize(count: 1) }
            if state.hasDeferredFailure { deferredFailureRoom.deinitialize(count: 1) }
        }
        downstreamRoom.deallocate()
        latestRoom.deallocate()
        deferredFailureRoom.deallocate()
    }

    /// Hands the downstream its subscription, then subscribes to `other`, then to `upstream` (the
    /// order of RxSwift's `WithLatestFromSink.run`).
    ///
    /// The downstream gets its subscription first because a synchronous `other` may fail, and so
    /// end the downstream, while it is being subscribed to.
    func connect<Upstream: Publisher, Other: Publisher>(
        _ downstream: Downstream,
        upstream: Upstream,
        other: Other
    )
    where Upstream.Output == PrimaryValue, Upstream.Failure == Failure,
        Other.Output == SecondaryValue, Other.Failure == Failure {
        downstream.receive(subscription: self)
        other.subscribe(Secondary(combiner: self))
        upstream.subscribe(Primary(combiner: self))
    }

    // MARK: - Subscription

    func request(_ demand: Subscribers.Demand) {
        // The custom-operator pattern: demand that arrives before `other` has a value is held, then sent in
        // one request.
        let primary = state.withLock { state -> Subscription? in
            guard !state.isTerminal else { return nil }
            if state.hasSecondaryValue, let primary = state.primary { return primary }
            state.heldDemand += demand
            return nil
        }
        primary?.request(demand)
    }

    func cancel() {
        // The downstream comes out too, so that it is released after the lock: its deinit may call
        // back into this object.
        let released = state.withLock { state in
            state.isTerminal ? nil : (subscriptions: finish(&state), downstream: downstreamRoom.move())
        }
        released?.subscriptions.primary?.cancel()
        released?.subscriptions.secondary?.cancel()
    }

    // MARK: - Upstream

    fileprivate func receivePrimary(subscription: Subscription) {
        // nil: the subscription is refused (terminal already, or a second one).
        let held = state.withLock { state -> Subscribers.Demand? in
            guard !state.isTerminal, state.primary == nil else { return nil }
            state.primary = subscription
            return state.takeHeldDemand()
        }
        guard let held else { return subscription.cancel() }
        if held > .none { subscription.request(held) }
    }

    fileprivate func receivePrimary(_ value: PrimaryValue) -> Subscribers.Demand {
        // The downstream and `latest` leave the lock through stack room rather than as an optional
        // or a tuple, for the reason the state is not generic.
        withUnsafeTemporaryAllocation(of: Downstream.self, capacity: 1) { downstreamCopy in
            withUnsafeTemporaryAllocation(of: SecondaryValue.self, capacity: 1) { latestCopy in
                let downstream = downstreamCopy.baseAddress!
                let latest = latestCopy.baseAddress!
                let outcome = state.withLock { state -> PrimaryOutcome in
                    guard !state.isTerminal else { return .ignored }
                    guard state.hasLatest else { return .dropped }
                    downstream.initialize(to: downstreamRoom.pointee)
                    if consumesLatest {
                        latest.moveInitialize(from: latestRoom, count: 1)
                        state.hasLatest = false
                    } else {
                        latest.initialize(to: latestRoom.pointee)
                    }
                    state.isDelivering = true
                    return .combined
                }
                switch outcome {
                case .ignored:
                    return .none
                case .dropped:
                    // The upstream spent one unit of demand on a value the downstream never saw.
                    return .max(1)
                case .combined:
                    let output = resultSelector(value, latest.move())
                    let more = downstream.move().receive(output)
                    if state.withLock({ state in state.endDelivery() }) {
                        failWithDeferredFailure()
                    }
                    return more
                }
            }
        }
    }

    fileprivate func receivePrimary(completion: Subscribers.Completion<Failure>) {
        terminate(with: completion, cancellingPrimary: false)
    }

    // MARK: - Other

    fileprivate func receiveSecondary(subscription: Subscription) {
        let accepted = state.withLock { state -> Bool in
            guard !state.isTerminal, state.secondary == nil else { return false }
            state.secondary = subscription
            return true
        }
        guard accepted else { return subscription.cancel() }
        subscription.request(.unlimited)
    }

    fileprivate func receiveSecondary(_ value: SecondaryValue) {
        var primary: Subscription?
        let held = state.withLock { state -> Subscribers.Demand in
            guard !state.isTerminal else { return .none }
            if state.hasLatest {
                latestRoom.pointee = value
            } else {
                latestRoom.initialize(to: value)
                state.hasLatest = true
            }
            guard !state.hasSecondaryValue else { return .none }
            state.hasSecondaryValue = true
            primary = state.primary
            return state.takeHeldDemand()
        }
        if held > .none { primary?.request(held) }
    }

    fileprivate func receiveSecondary(completion: Subscribers.Completion<Failure>) {
        switch completion {
        case .finished:
            // The latest value stays usable; the finished subscription is let go, outside the lock.
            _ = state.withLock { state in state.secondary.take() }
        case .failure:
            // Deferring and ending are decided in one critical section: decided apart, a primary
            // value could start its delivery in between and reach the downstream after the failure.
            typealias Released = (subscriptions: (primary: Subscription?, secondary: Subscription?), downstream: Downstream)
            let released = state.withLock { state -> Released? in
                guard !state.isTerminal else { return nil }
                guard !state.isDelivering else {
                    if !state.hasDeferredFailure {
                        deferredFailureRoom.initialize(to: completion)
                        state.hasDeferredFailure = true
                    }
                    return nil
                }
                return (subscriptions: finish(&state), downstream: downstreamRoom.move())
            }
            guard let (subscriptions, downstream) = released else { return }
            subscriptions.primary?.cancel()
            downstream.receive(completion: completion)
        }
    }

    /// Kept out of `receivePrimary`: a completion of a generic failure type in its body would cost a
    /// runtime metadata lookup on every value.
    @inline(never)
    private func failWithDeferredFailure() {
        terminate(with: deferredFailureRoom.move(), cancellingPrimary: true)
    }

    // MARK: - Private

    /// Ends the downstream with `completion` and cancels the input that did not end it.
    private func terminate(with completion: Subscribers.Completion<Failure>, cancellingPrimary: Bool) {
        let released = state.withLock { state in
            state.isTerminal ? nil : (subscriptions: finish(&state), downstream: downstreamRoom.move())
        }
        guard let (subscriptions, downstream) = released else { return }
        (cancellingPrimary ? subscriptions.primary : subscriptions.secondary)?.cancel()
        downstream.receive(completion: completion)
    }

    /// Marks the operator terminal and hands out both subscriptions, to be used or released outside
    /// the lock; the caller moves the downstream out of its room (and so ends its occupancy).
    /// - Precondition: `state` is the locked state, not yet terminal.
    private func finish(_ state: inout LatestFromState) -> (primary: Subscription?, secondary: Subscription?) {
        state.isTerminal = true
        state.heldDemand = .none
        if state.hasDeferredFailure {
            deferredFailureRoom.deinitialize(count: 1)
            state.hasDeferredFailure = false
        }
        if state.hasLatest {
            latestRoom.deinitialize(count: 1)
            state.hasLatest = false
        }
        return (state.primary.take(), state.secondary.take())
    }
}

// MARK: - State

/// The locked state of a ``LatestFromCombiner``, apart from its generic values.
private struct LatestFromState {
    var primary: Subscription?
    var secondary: Subscription?
    /// The latest value of `other` is in the combiner's room.
    var hasLatest = false
    /// `other` has produced a value (a consumed `latest` does not turn this back).
    var hasSecondaryValue = false
    /// Downstream demand waiting for the first `latest` and for the upstream's subscription.
    var heldDemand = Subscribers.Demand.none
    var isTerminal = false
    /// An upstream value is on its way to the downstream, outside the lock.
    var isDelivering = false
    /// `other` failed during that delivery; its completion is in the combiner's room.
    var hasDeferredFailure = false

    /// Ends a delivery; returns whether a deferred failure must now be sent (it leaves the room
    /// occupied for the caller to move out).
    mutating func endDelivery() -> Bool {
        isDelivering = false
        guard hasDeferredFailure, !isTerminal else { return false }
        hasDeferredFailure = false
        return true
    }

    /// The held demand, taken once both a `latest` and the upstream's subscription exist.
    mutating func takeHeldDemand() -> Subscribers.Demand {
        guard hasSecondaryValue, primary != nil else { return .none }
        defer { heldDemand = .none }
        return heldDemand
    }
}

/// What an upstream value leads to, decided under the lock.
private enum PrimaryOutcome {
    /// The operator has ended.
    case ignored
    /// No value of `other` to combine with.
    case dropped
    /// The downstream and the value of `other` wait in the caller's stack room.
    case combined
}

// MARK: - Bridges

extension LatestFromCombiner {
    /// The struct subscriber for the upstream: it only forwards to the shared combiner.
    struct Primary: Subscriber {
        typealias Input = PrimaryValue

        let combiner: LatestFromCombiner
        // A struct subscriber has no object identity; the two bridges must not share one either.
        let combineIdentifier = CombineIdentifier()

        func receive(subscription: Subscription) {
            combiner.receivePrimary(subscription: subscription)
        }

        func receive(_ input: PrimaryValue) -> Subscribers.Demand {
            combiner.receivePrimary(input)
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            combiner.receivePrimary(completion: completion)
        }
    }

    /// The struct subscriber for `other`: it only forwards to the shared combiner.
    struct Secondary: Subscriber {
        typealias Input = SecondaryValue

        let combiner: LatestFromCombiner
        // A struct subscriber has no object identity; the two bridges must not share one either.
        let combineIdentifier = CombineIdentifier()

        func receive(subscription: Subscription) {
            combiner.receiveSecondary(subscription: subscription)
        }

        func receive(_ input: SecondaryValue) -> Subscribers.Demand {
            combiner.receiveSecondary(input)
            // `other` was asked for `.unlimited`.
            return .none
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            combiner.receiveSecondary(completion: completion)
        }
    }
}
