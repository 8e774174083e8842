import AsyncSequenceStyle
import CombineFramework
import SimpleCombine
import SimpleCombineOperators
import StyleKit

/// The chainable operators a depth sweep stacks: each keeps the element type, so any number of them
/// makes a pipeline, and each does the same small work per element in every style.
public enum ChainStage: String, Sendable, CaseIterable {
    /// `map { Transforms.map($0) }`.
    case map
    /// `filter { Transforms.passesAll($0) }`: a real predicate that passes every element, so each stage
    /// costs a filter's test and its forward, and never a replenishing `.max(1)`.
    case filter
    /// `scan(0) { Transforms.sum($0, $1) }`: a running sum per stage, the state an operator keeps
    /// between elements.
    case scan

    /// The sweep's scenario: `pipelineDepth` (the map sweep's key since before the others), `filterDepth`,
    /// `scanDepth`.
    public var scenario: String { self == .map ? "pipelineDepth" : "\(rawValue)Depth" }

    public var operatorID: OperatorID {
        switch self {
        case .map: .map
        case .filter: .filter
        case .scan: .scan
        }
    }

    /// One element through `depth` stages, `sums` holding each scan stage's running sum (scan only).
    @inline(__always)
    func apply(_ value: Int, depth: Int, sums: inout [Int]) -> Int? {
        var value = value
        for stage in 0..<depth {
            switch self {
            case .map:
                value = Transforms.map(value)
            case .filter:
                guard Transforms.passesAll(value) else { return nil }
            case .scan:
                sums[stage] = Transforms.sum(sums[stage], value)
                value = sums[stage]
            }
        }
        return value
    }

    /// This stage of `Style` over `upstream`, handed to `consumer`.
    func build<Style: CombineOperatorStyle, Upstream: Publisher, Consumer: PublisherConsumer>(
        _ style: Style.Type, _ upstream: Upstream, into consumer: Consumer
    ) throws(UnsupportedOperator) -> Consumer.Result
    where Upstream.Output == Int, Consumer.Input == Int, Consumer.Failure == Upstream.Failure {
        switch self {
        case .map: try Style.map(upstream, { Transforms.map($0) }, into: consumer)
        case .filter: try Style.filter(upstream, { Transforms.passesAll($0) }, into: consumer)
        case .scan: try Style.scan(upstream, 0, { Transforms.sum($0, $1) }, into: consumer)
        }
    }

    /// This stage over `upstream`, in the Rx family.
    func build<Rx: RxLibrary>(_ upstream: RxObservable<Rx, Int>) -> RxObservable<Rx, Int> {
        switch self {
        case .map: upstream.map { Transforms.map($0) }
        case .filter: upstream.filter { Transforms.passesAll($0) }
        case .scan: upstream.scan(0) { Transforms.sum($0, $1) }
        }
    }

    /// This stage over `upstream`, in SimpleCombine, handed to `consumer`.
    func build<Upstream: SimplePublisher, Consumer: SimplePublisherConsumer>(
        _ upstream: Upstream, into consumer: Consumer
    ) -> Consumer.Result where Upstream.Output == Int, Upstream.Failure == Never, Consumer.Input == Int {
        switch self {
        case .map: consumer.consume(upstream.map { Transforms.map($0) })
        case .filter: consumer.consume(upstream.filter { Transforms.passesAll($0) })
        case .scan: consumer.consume(upstream.scan(0) { Transforms.sum($0, $1) })
        }
    }

    /// This stage over `upstream`, with Swift concurrency's operators, handed to `consumer`.
    func build<Upstream: AsyncSequence, Consumer: AsyncSequenceConsumer>(
        _ upstream: Upstream, into consumer: Consumer
    ) -> Consumer.Result where Upstream.Element == Int, Consumer.Input == Int {
        switch self {
        case .map: consumer.consume(AsyncSequenceOperators.map(upstream) { Transforms.map($0) })
        case .filter: consumer.consume(AsyncSequenceOperators.filter(upstream) { Transforms.passesAll($0) })
        case .scan: consumer.consume(AsyncSequenceOperators.scan(upstream, 0) { Transforms.sum($0, $1) })
        }
    }
}
