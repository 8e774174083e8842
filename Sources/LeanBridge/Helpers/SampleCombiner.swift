import CombineFramework
import Synchronization

/// The shared state of `sample` (RxSwift's `Sample`, the Producer/Sink pattern), and the subscription its
/// downstream receives.
///
/// Both inputs reach it through struct bridges (``SourceBridge`` for the upstream, ``SamplerBridge``
/// for the sampler). The two may deliver on different threads at once and `request`/`cancel` may
/// race with either, so all state is guarded by one `Mutex`: every method locks, changes state,
/// takes what it needs, unlocks, and only then calls out.
final class SampleCombiner<Output, SamplerValue, Downstream: Subscriber>: Subscription
where Downstream.Input == Output {
    typealias Failure = Downstream.Failure

    // The locked state is not generic: the downstream and the pending value live out of line,
    // in rooms touched only under the lock, and the state says which are occupied. Behind an
    // OpenCombine subject this code runs unspecialised, and there a generic state, or an
    // optional or a tuple of a generic type, costs a runtime metadata lookup on every element.
    private let state = Mutex(SampleState())
    /// Occupied until the operator is terminal.
    private let downstreamRoom: UnsafeMutablePointer<Downstream>
    /// Occupied while `state.hasPending`.
    private let pendingRoom: UnsafeMutablePointer<Output>
    /// Occupied while `state.hasDeferredFailure`: the upstream failed while a sampled value was
    /// being delivered on another thread; the failure follows as soon as that delivery returns, so
    /// the downstream never sees a value after its terminal event.
    private let deferredFailureRoom: UnsafeMutablePointer<Subscribers.Completion<Failure>>

    init(downstream: Downstream) {
        downstreamRoom = .allocate(capacity: 1)
        downstreamRoom.initialize(to: downstream)
        pendingRoom = .allocate(capacity: 1)
        deferredFailureRoom = .allocate(capacity: 1)
    }

    deinit {
        state.withLock { state in
            if !state.isTerminal { downstreamRoom.deinitialize(count: 1) }
            if state.hasPending { pendingRoom.deinitialize(count: 1) }
            if state.hasDeferredFailure { deferredFailureRoom.deinitialize(count: 1) }
        }
        downstreamRoom.deallocate()
        pendingRoom.deallocate()
        deferredFailureRoom.deallocate()
    }

    /// Hands the downstream its subscription, then subscribes to `upstream`, then to `sampler`
    /// (the order of RxSwift's `SampleSequenceSink.run`).
    ///
    /// The downstream gets its subscription first because a synchronous input may end the
    /// downstream while it is being subscribed to.
    func connect<Upstream: Publisher, Sampler: Publisher>(
        _ downstream: Downstream,
        upstream: Upstream,
        sampler: Sampler
    )
    where Upstream.Output == Output, Upstream.Failure == Failure,
        Sampler.Output == SamplerValue, Sampler.Failure == Failure {
        downstream.receive(subscription: self)
        upstream.subscribe(SourceBridge(combiner: self))
        sampler.subscribe(SamplerBridge(combiner: self))
    }

    // MARK: - Subscription

    func request(_ demand: Subscribers.Demand) {
        let sampler = state.withLock { state -> Subscription? in
            guard !state.isTerminal else { return nil }
            state.outstanding += demand
            if let sampler = state.sampler { return sampler }
            state.heldDemand += demand
            return nil
        }
        sampler?.request(demand)
    }

    func cancel() {
        // The downstream comes out too, so that it is released after the lock: its deinit may call
        // back into this object.
        let released = state.withLock { state in
            // Also while the last value is being delivered (a cancel from inside receive(_:)).
            state.isCancelled = true
            return state.isTerminal ? nil : (subscriptions: finish(&state), downstream: downstreamRoom.move())
        }
        released?.subscriptions.source?.cancel()
        released?.subscriptions.sampler?.cancel()
    }

    // MARK: - Upstream

    fileprivate func receiveSource(subscription: Subscription) {
        let accepted = state.withLock { state -> Bool in
            guard !state.isTerminal, state.source == nil else { return false }
            state.source = subscription
            return true
        }
        guard accepted else { return subscription.cancel() }
        subscription.request(.unlimited)
    }

    fileprivate func receiveSource(_ value: Output) {
        state.withLock { state in
            guard !state.isTerminal else { return }
            if state.hasPending {
                pendingRoom.pointee = value
            } else {
                pendingRoom.initialize(to: value)
                state.hasPending = true
            }
        }
    }

    fileprivate func receiveSource(completion: Subscribers.Completion<Failure>) {
        switch completion {
        case .finished:
            // No event yet: the next sampler event finishes the downstream (RxSwift's `atEnd`).
            _ = state.withLock { state -> Subscription? in
                if !state.isTerminal { state.atEnd = true }
                return state.source.take()
            }
        case .failure:
            // Deferring and ending are decided in one critical section: decided apart, a sampler
            // value could start its delivery in between and reach the downstream after the failure
            // (seen once in the two-thread conformance test).
            typealias Released = (subscriptions: (source: Subscription?, sampler: Subscription?), downstream: Downstream)
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
            subscriptions.sampler?.cancel()
            downstream.receive(completion: completion)
        }
    }

    // MARK: - Sampler

    fileprivate func receiveSampler(subscription: Subscription) {
        let held = state.withLock { state -> Subscribers.Demand? in
            guard !state.isTerminal, state.sampler == nil else { return nil }
            state.sampler = subscription
            defer { state.heldDemand = .none }
            return state.heldDemand
        }
        guard let held else { return subscription.cancel() }
        if held > .none { subscription.request(held) }
    }

    fileprivate func receiveSampler(_: SamplerValue) -> Subscribers.Demand {
        sample()
    }

    fileprivate func receiveSampler(completion: Subscribers.Completion<Failure>) {
        switch completion {
        case .finished:
            // The finished sampler's subscription is let go, outside the lock; then the sampler's
            // end counts as one last tick.
            _ = state.withLock { state in state.sampler.take() }
            _ = sample()
        case .failure:
            fail(with: completion, cancellingSource: true)
        }
    }

    // MARK: - Private

    /// A sampler value, or the sampler finishing: emits the pending value if the downstream
    /// wants one, then finishes the downstream if the upstream has ended. Returns the demand
    /// for the sampler.
    private func sample() -> Subscribers.Demand {
        // The downstream and the value leave the lock through stack room rather than as an
        // optional or a tuple, for the reason the state is not generic.
        withUnsafeTemporaryAllocation(of: Downstream.self, capacity: 1) { downstreamCopy in
            withUnsafeTemporaryAllocation(of: Output.self, capacity: 1) { valueCopy in
                let downstream = downstreamCopy.baseAddress!
                let value = valueCopy.baseAddress!
                var sampler: Subscription?
                let outcome = state.withLock { state in
                    prepareSample(&state, into: downstream, value, cancelling: &sampler)
                }
                return perform(outcome, downstream: downstream, value: value, cancelling: sampler)
            }
        }
    }

    /// Decides what a sampler event does and copies what it needs into the caller's room.
    /// - Precondition: `state` is the locked state.
    private func prepareSample(
        _ state: inout SampleState,
        into downstream: UnsafeMutablePointer<Downstream>,
        _ value: UnsafeMutablePointer<Output>,
        cancelling sampler: inout Subscription?
    ) -> SampleOutcome {
        guard !state.isTerminal else { return .ignored }
        let emits = state.hasPending && state.outstanding > .none
        if emits {
            value.moveInitialize(from: pendingRoom, count: 1)
            state.hasPending = false
            state.outstanding -= 1
        }
        if state.atEnd {
            sampler = finish(&state).sampler
            downstream.moveInitialize(from: downstreamRoom, count: 1)
            return emits ? .emitAndFinish : .finish
        }
        guard emits else {
            // A pending value without demand waits (a sampler value gets here only if the
            // sampler over-delivers).
            return state.hasPending ? .ignored : .empty
        }
        downstream.initialize(to: downstreamRoom.pointee)
        state.isDelivering = true
        return .emit
    }

    /// Carries out a sampler event outside the lock; returns the demand for the sampler.
    private func perform(
        _ outcome: SampleOutcome,
        downstream: UnsafeMutablePointer<Downstream>,
        value: UnsafeMutablePointer<Output>,
        cancelling sampler: Subscription?
    ) -> Subscribers.Demand {
        switch outcome {
        case .ignored:
            return .none
        case .empty:
            // The sampler spent one unit of demand on a tick that had nothing to emit.
            return .max(1)
        case .emit:
            let more = downstream.move().receive(value.move())
            let failsNow = state.withLock { state -> Bool in
                if !state.isTerminal, more > .none { state.outstanding += more }
                return state.endDelivery()
            }
            if failsNow { failWithDeferredFailure() }
            return more
        case .emitAndFinish, .finish:
            end(downstream.move(), emitting: outcome == .emitAndFinish ? value : nil, cancelling: sampler)
            return .none
        }
    }

    /// Emits the last value, if any, cancels the sampler and finishes the downstream. Kept out of
    /// `perform`: a completion of a generic failure type in its body would cost a runtime metadata
    /// lookup on every sampler value, not only on the last.
    @inline(never)
    private func end(
        _ downstream: Downstream,
        emitting value: UnsafeMutablePointer<Output>?,
        cancelling sampler: Subscription?
    ) {
        if let value { _ = downstream.receive(value.move()) }
        sampler?.cancel()
        // The downstream may cancel from inside receive(_:); nothing reaches it after that.
        guard !state.withLock({ $0.isCancelled }) else { return }
        downstream.receive(completion: .finished)
    }

    /// Kept out of `perform`, for the reason `end` is.
    @inline(never)
    private func failWithDeferredFailure() {
        fail(with: deferredFailureRoom.move(), cancellingSource: false)
    }

    private func fail(with completion: Subscribers.Completion<Failure>, cancellingSource: Bool) {
        let released = state.withLock { state in
            state.isTerminal ? nil : (subscriptions: finish(&state), downstream: downstreamRoom.move())
        }
        guard let (subscriptions, downstream) = released else { return }
        (cancellingSource ? subscriptions.source : subscriptions.sampler)?.cancel()
        downstream.receive(completion: completion)
    }

    /// Marks the operator terminal and hands out both subscriptions, to be used or released outside
    /// the lock; the caller moves the downstream out of its room (and so ends its occupancy).
    /// - Precondition: `state` is the locked state, not yet terminal.
    private func finish(_ state: inout SampleState) -> (source: Subscription?, sampler: Subscription?) {
        state.isTerminal = true
        if state.hasDeferredFailure {
            deferredFailureRoom.deinitialize(count: 1)
            state.hasDeferredFailure = false
        }
        if state.hasPending {
            pendingRoom.deinitialize(count: 1)
            state.hasPending = false
        }
        return (state.source.take(), state.sampler.take())
    }
}

// MARK: - State

/// The locked state of a ``SampleCombiner``, apart from its generic values.
private struct SampleState {
    var source: Subscription?
    var sampler: Subscription?
    /// The pending upstream value is in the operator's room.
    var hasPending = false
    /// The upstream has finished: the next sampler event finishes the downstream (RxSwift's `atEnd`).
    var atEnd = false
    /// Downstream demand not yet met: the sampler finishing may emit only if some is left.
    var outstanding = Subscribers.Demand.none
    /// Demand that waits for the sampler's subscription.
    var heldDemand = Subscribers.Demand.none
    var isTerminal = false
    /// A sampled value is on its way to the downstream, outside the lock.
    var isDelivering = false
    /// The upstream failed during that delivery; its completion is in the combiner's room.
    var hasDeferredFailure = false
    /// The downstream cancelled, possibly while a terminal delivery was under way.
    var isCancelled = false
}

extension SampleState {
    /// Ends a delivery; returns whether a deferred failure must now be sent (it leaves the room
    /// occupied for the caller to move out).
    mutating func endDelivery() -> Bool {
        isDelivering = false
        guard hasDeferredFailure, !isTerminal else { return false }
        hasDeferredFailure = false
        return true
    }
}

/// What a sampler event leads to, decided under the lock.
private enum SampleOutcome {
    /// Nothing to do.
    case ignored
    /// Nothing pending: the tick goes back to the sampler.
    case empty
    /// The pending value goes downstream.
    case emit
    /// The pending value goes downstream, then the downstream finishes.
    case emitAndFinish
    /// The downstream finishes.
    case finish
}

// MARK: - Bridges

extension SampleCombiner {
    /// The struct subscriber for the upstream: it only forwards to the shared combiner.
    struct SourceBridge: Subscriber {
        typealias Input = Output

        let combiner: SampleCombiner
        // A struct subscriber has no object identity; the two bridges must not share one either.
        let combineIdentifier = CombineIdentifier()

        func receive(subscription: Subscription) {
            combiner.receiveSource(subscription: subscription)
        }

        func receive(_ input: Output) -> Subscribers.Demand {
            combiner.receiveSource(input)
            // The upstream was asked for `.unlimited`.
            return .none
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            combiner.receiveSource(completion: completion)
        }
    }

    /// The struct subscriber for the sampler: it only forwards to the shared combiner.
    struct SamplerBridge: Subscriber {
        typealias Input = SamplerValue

        let combiner: SampleCombiner
        // A struct subscriber has no object identity; the two bridges must not share one either.
        let combineIdentifier = CombineIdentifier()

        func receive(subscription: Subscription) {
            combiner.receiveSampler(subscription: subscription)
        }

        func receive(_ input: SamplerValue) -> Subscribers.Demand {
            combiner.receiveSampler(input)
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            combiner.receiveSampler(completion: completion)
        }
    }
}
