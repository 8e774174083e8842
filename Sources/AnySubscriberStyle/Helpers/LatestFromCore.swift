import CombineFramework
import Synchronization

/// The closures and the shared state of `withLatestFrom` and `sampleWithFrom` (docs/SEMANTICS.md; the
/// custom-operator and Producer/Sink patterns): one `AnySubscriber` for `other`, one for the upstream, and
/// the downstream's `ClosureSubscription`, all capturing this object.
///
/// As in the custom-operator pattern's `trackLatestFromSecondStream`, downstream demand is held until
/// `other` has produced a value. Unlike that pattern, the closures capture this object strongly: the
/// downstream may hold nothing but its subscription, and a weakly captured state would vanish under a live
/// pipeline. The cycles through the upstreams are broken here instead: the terminal event and cancel drop
/// both upstream subscriptions, the latest value and the downstream.
final class LatestFromCore<UpstreamOutput, OtherOutput, Downstream: Subscriber> {
    typealias Failure = Downstream.Failure
    typealias Transform = (UpstreamOutput, OtherOutput) -> Downstream.Input

    private struct State {
        var gate: DownstreamGate<Downstream>
        var upstream: Subscription?
        var other: Subscription?
        var latest: OtherOutput?
        var otherHasProduced = false
        /// Downstream demand that waits for the first value of `other` (and for the upstream's subscription).
        var heldDemand = Subscribers.Demand.none
    }

    private enum Admission {
        case deliver(Downstream, OtherOutput)
        case drop
        case closed
    }

    private enum Source {
        case upstream
        case other
    }

    /// `sampleWithFrom` combines each value of `other` once; `withLatestFrom` keeps it until replaced.
    private let consumesLatest: Bool
    private let state: Mutex<State>

    init(_ downstream: Downstream, consumesLatest: Bool) {
        self.consumesLatest = consumesLatest
        state = Mutex(State(gate: DownstreamGate(downstream)))
    }

    func makeSubscription() -> ClosureSubscription {
        ClosureSubscription(
            request: { [self] demand in route(demand)?.request(demand) },
            cancel: { [self] in cancel() }
        )
    }

    func makeOtherSubscriber() -> AnySubscriber<OtherOutput, Failure> {
        AnySubscriber(
            receiveSubscription: { [self] subscription in
                guard attach(subscription, from: .other) != nil else { return subscription.cancel() }
                subscription.request(.unlimited)
            },
            receiveValue: { [self] value in
                if let (upstream, demand) = storeLatest(value) { upstream.request(demand) }
                return .none
            },
            receiveCompletion: { [self] completion in
                switch completion {
                case .finished: otherFinished()
                case .failure: terminate(with: completion, from: .other)
                }
            }
        )
    }

    func makeUpstreamSubscriber(_ transform: @escaping Transform) -> AnySubscriber<UpstreamOutput, Failure> {
        AnySubscriber(
            receiveSubscription: { [self] subscription in
                guard let heldDemand = attach(subscription, from: .upstream) else { return subscription.cancel() }
                if heldDemand > .none { subscription.request(heldDemand) }
            },
            receiveValue: { [self] value in
                switch admit() {
                case .closed:
                    return .none
                case .drop:
                    return .max(1)
                case .deliver(let downstream, let latest):
                    let demand = downstream.receive(transform(value, latest))
                    endDelivery()?.deliver()
                    return demand
                }
            },
            receiveCompletion: { [self] completion in terminate(with: completion, from: .upstream) }
        )
    }

    // MARK: - Locked transitions: lock, change, take what the caller needs, unlock

    /// Stores a subscription; returns the held demand to request from it (`.none` for `other`), or `nil`
    /// when the subscription must be cancelled.
    private func attach(_ subscription: Subscription, from source: Source) -> Subscribers.Demand? {
        state.withLock { state in
            guard state.gate.isOpen else { return nil }
            switch source {
            case .other:
                guard state.other == nil else { return nil }
                state.other = subscription
                return Subscribers.Demand.none
            case .upstream:
                guard state.upstream == nil else { return nil }
                state.upstream = subscription
                return releaseHeldDemand(&state)?.1 ?? Subscribers.Demand.none
            }
        }
    }

    /// Where a downstream request goes: straight to the upstream once `other` has produced, else held.
    private func route(_ demand: Subscribers.Demand) -> Subscription? {
        state.withLock { state in
            guard demand > .none, state.gate.isOpen else { return nil }
            if state.otherHasProduced, let upstream = state.upstream { return upstream }
            state.heldDemand += demand
            return nil
        }
    }

    private func storeLatest(_ value: OtherOutput) -> (Subscription, Subscribers.Demand)? {
        state.withLock { state in
            guard state.gate.isOpen else { return nil }
            state.latest = value
            state.otherHasProduced = true
            return releaseHeldDemand(&state)
        }
    }

    private func releaseHeldDemand(_ state: inout State) -> (Subscription, Subscribers.Demand)? {
        guard state.otherHasProduced, let upstream = state.upstream, state.heldDemand > .none else { return nil }
        defer { state.heldDemand = .none }
        return (upstream, state.heldDemand)
    }

    private func admit() -> Admission {
        state.withLock { state in
            guard state.gate.isOpen else { return .closed }
            guard let latest = state.latest else { return .drop }
            guard let downstream = state.gate.beginDelivery() else { return .closed }
            if consumesLatest { state.latest = nil }
            return .deliver(downstream, latest)
        }
    }

    private func endDelivery() -> PendingCompletion<Downstream>? {
        state.withLock { state in state.gate.endDelivery() }
    }

    /// `other` finishing changes nothing downstream: the latest value stays usable.
    private func otherFinished() {
        state.withLock { state in state.other = nil }
    }

    /// Ends the downstream for either input, and cancels the input that did not end.
    private func terminate(with completion: Subscribers.Completion<Failure>, from source: Source) {
        let (survivor, pending) = state.withLock { state in
            let survivor = source == .upstream ? state.other : state.upstream
            state.upstream = nil
            state.other = nil
            state.latest = nil
            return (survivor, state.gate.close(with: completion))
        }
        survivor?.cancel()
        pending?.deliver()
    }

    private func cancel() {
        let (upstream, other) = state.withLock { state in
            defer {
                state.upstream = nil
                state.other = nil
                state.latest = nil
                state.gate.cancel()
            }
            return (state.upstream, state.other)
        }
        upstream?.cancel()
        other?.cancel()
    }
}
