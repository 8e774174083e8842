import CombineFramework
import StyleKit

/// docs/SEMANTICS.md as a plain loop over a script: the output history every implementation of an
/// operator must produce. Written independently of the styles; it models the test inputs too (a
/// ``TrackingSubject`` delivers a value only within demand and ignores everything after it completed or
/// was cancelled), so Combine and Rx runs can be compared with it event for event.
package struct ReferenceModel {
    private struct Source {
        var isLive = false
        var demand: Subscribers.Demand = .none
    }

    private let operation: OperatorID
    private let family: ContractFamily
    private let policy: DemandPolicy
    private var output: [OutputEvent] = []
    private var isDone = false
    private var downstreamDemand: Subscribers.Demand = .none
    private var primary = Source()
    private var secondary = Source()
    // Operator state.
    private var accumulator = Transforms.scanInitial
    private var counted: [Int] = []
    private var hasRequestedUpstream = false
    private var upstreamAtEnd = false
    private var latest: Int?
    private var hasHadLatest = false
    private var heldDemand: Subscribers.Demand = .none
    private var pending: Int?
    private var emittedValues = 0

    /// The history `script` produces on `operation` for an implementation of `family`.
    package static func expectedEvents(_ operation: OperatorID, _ script: Script, family: ContractFamily) -> [OutputEvent] {
        var model = ReferenceModel(operation, family: family, policy: script.demand)
        model.subscribe()
        for step in script.steps { model.apply(step) }
        return model.output
    }

    private init(_ operation: OperatorID, family: ContractFamily, policy: DemandPolicy) {
        self.operation = operation
        self.family = family
        // The Rx family has no demand: everything behaves as if `.unlimited` were requested up front.
        self.policy = family == .combine ? policy : policy.withoutDemand
    }

    // MARK: - Subscription and downstream demand

    private mutating func subscribe() {
        switch operation {
        case .withLatestFrom, .sampleWithFrom:
            secondary = Source(isLive: true, demand: .unlimited)
            primary.isLive = true
        case .sample:
            primary = Source(isLive: true, demand: .unlimited)
            secondary.isLive = true
        default:
            primary.isLive = true
        }
        if policy.initial > 0 { downstreamRequests(policy.initial) }
    }

    private mutating func downstreamRequests(_ demand: Subscribers.Demand) {
        guard !isDone else { return }
        downstreamDemand += demand
        switch operation {
        case .map, .filter, .scan, .modulus:
            primary.demand += demand
        case .histogram:
            if !hasRequestedUpstream {
                hasRequestedUpstream = true
                primary.demand = .unlimited
            }
            deliverHistogramIfReady()
        case .withLatestFrom, .sampleWithFrom:
            if hasHadLatest { primary.demand += demand } else { heldDemand += demand }
        case .sample:
            secondary.demand += demand
        }
    }

    // MARK: - Steps

    private mutating func apply(_ step: Step) {
        guard !isDone else { return }
        switch step {
        case .value(let input, let value):
            guard self[input].isLive, self[input].demand > 0 else { return }
            self[input].demand -= 1
            let more = receive(value, on: input)
            if self[input].isLive { self[input].demand += more }
        case .finish(let input):
            guard self[input].isLive else { return }
            self[input].isLive = false
            receiveFinished(on: input)
        case .fail(let input):
            guard self[input].isLive else { return }
            self[input].isLive = false
            fail(with: .of(input))
        case .request(let count):
            if family == .combine { downstreamRequests(.max(count)) }
        case .cancel:
            isDone = true
        }
    }

    private mutating func receive(_ value: Int, on input: Input) -> Subscribers.Demand {
        switch (operation, input) {
        case (.map, _): return emit(Transforms.map(value))
        case (.filter, _): return Transforms.isIncluded(value) ? emit(value) : .max(1)
        case (.scan, _):
            accumulator = Transforms.scan(accumulator, value)
            return emit(accumulator)
        case (.modulus, _): return emit(abs(value % Transforms.modulo))
        case (.histogram, _):
            counted.append(value)
            return .none
        case (.withLatestFrom, .primary), (.sampleWithFrom, .primary):
            guard let latest else { return .max(1) }
            if operation == .sampleWithFrom { self.latest = nil }
            return emit(Transforms.combine(value, latest))
        case (.withLatestFrom, .secondary), (.sampleWithFrom, .secondary):
            receiveLatest(value)
            return .none
        case (.sample, .primary):
            pending = value
            return .none
        case (.sample, .secondary):
            return receiveSamplerTick()
        }
    }

    private mutating func receiveLatest(_ value: Int) {
        latest = value
        guard !hasHadLatest else { return }
        hasHadLatest = true
        if heldDemand > 0, primary.isLive { primary.demand += heldDemand }
        heldDemand = .none
    }

    private mutating func receiveSamplerTick() -> Subscribers.Demand {
        var more = Subscribers.Demand.max(1)
        if let value = pending {
            pending = nil
            more = emit(value)
        }
        if upstreamAtEnd {
            secondary.isLive = false
            finish()
        }
        return more
    }

    private mutating func receiveFinished(on input: Input) {
        switch (operation, input) {
        case (.histogram, _):
            upstreamAtEnd = true
            deliverHistogramIfReady()
        case (.sample, .primary):
            upstreamAtEnd = true
        case (.sample, .secondary):
            if let value = pending, downstreamDemand > 0 {
                pending = nil
                _ = emit(value)
            }
            if upstreamAtEnd { finish() }
        case (.withLatestFrom, .secondary), (.sampleWithFrom, .secondary):
            break
        default:
            finish()
        }
    }

    private mutating func deliverHistogramIfReady() {
        guard upstreamAtEnd, !isDone, downstreamDemand > 0 else { return }
        _ = emit(Self.histogram(counted))
        finish()
    }

    // MARK: - Downstream events

    private mutating func emit(_ value: some Any) -> Subscribers.Demand {
        precondition(downstreamDemand > 0, "the model emitted beyond demand")
        output.append(.value(String(describing: value)))
        emittedValues += 1
        if emittedValues == policy.cancelsAfter {
            // The downstream cancels from inside its `receive(_:)`.
            isDone = true
            return .none
        }
        downstreamDemand -= 1
        downstreamDemand += policy.perValue
        return policy.perValue
    }

    private mutating func finish() {
        guard !isDone else { return }
        output.append(.finished)
        end()
    }

    private mutating func fail(with error: TestError) {
        guard !isDone else { return }
        output.append(.failure(error))
        end()
    }

    /// The downstream ended: the operator cancels whatever input is still live.
    private mutating func end() {
        isDone = true
        primary.isLive = false
        secondary.isLive = false
    }

    private subscript(input: Input) -> Source {
        get { input == .primary ? primary : secondary }
        set {
            if input == .primary { primary = newValue } else { secondary = newValue }
        }
    }

    /// Bins sorted by key, counted by hand.
    private static func histogram(_ values: [Int]) -> [HistogramBin] {
        Set(values).sorted().map { key in
            HistogramBin(key: key, count: values.filter { $0 == key }.count)
        }
    }
}
