import CombineFramework
import StyleKit

/// A number of `map { Transforms.map($0) }` stages, as a type: `OneMap` is 1, `TwiceAsDeep<OneMap>` is
/// 2, and so on. A chain built from a type has its full static type (`Map<Map<Map<...>>>`), as an app
/// that writes `.map { ... }.map { ... }...` gets, instead of a chain assembled by a loop at run time, where every
/// stage would be built by unspecialised generic code.
///
/// Every stage writes its closure where it is built, as an app writes `.map { ... }`, rather than taking
/// the transform as a value: a closure value handed to a generic operator needs a reabstraction thunk
/// whose context is allocated on every subscription, which a literal at the call site does not.
public protocol MapChainDepth: SendableMetatype {
    static var depth: Int { get }

    /// Builds `depth` `map { Transforms.map($0) }` stages of `Style` over `upstream` and hands the chain
    /// to `consumer`.
    static func build<Style: CombineOperatorStyle, Upstream: Publisher, Consumer: PublisherConsumer>(
        _ style: Style.Type, _ upstream: Upstream, into consumer: Consumer
    ) throws(UnsupportedOperator) -> Consumer.Result
    where Upstream.Output == Int, Consumer.Input == Int, Consumer.Failure == Upstream.Failure
}

/// One `map` stage.
public enum OneMap: MapChainDepth {
    public static var depth: Int { 1 }

    public static func build<Style: CombineOperatorStyle, Upstream: Publisher, Consumer: PublisherConsumer>(
        _ style: Style.Type, _ upstream: Upstream, into consumer: Consumer
    ) throws(UnsupportedOperator) -> Consumer.Result
    where Upstream.Output == Int, Consumer.Input == Int, Consumer.Failure == Upstream.Failure {
        try Style.map(upstream, { Transforms.map($0) }, into: consumer)
    }
}

/// Twice as many stages as `Half`: `Half`'s chain, then `Half`'s chain again on top of it.
public enum TwiceAsDeep<Half: MapChainDepth>: MapChainDepth {
    public static var depth: Int { 2 * Half.depth }

    public static func build<Style: CombineOperatorStyle, Upstream: Publisher, Consumer: PublisherConsumer>(
        _ style: Style.Type, _ upstream: Upstream, into consumer: Consumer
    ) throws(UnsupportedOperator) -> Consumer.Result
    where Upstream.Output == Int, Consumer.Input == Int, Consumer.Failure == Upstream.Failure {
        try Half.build(style, upstream, into: SecondHalf<Half, Style, Consumer>(consumer: consumer))
    }
}

/// 4 and 16 stages.
public typealias FourMaps = TwiceAsDeep<TwiceAsDeep<OneMap>>
public typealias SixteenMaps = TwiceAsDeep<TwiceAsDeep<FourMaps>>

// MARK: -

/// Builds the second half of a ``TwiceAsDeep`` chain on top of the first half.
private struct SecondHalf<Half: MapChainDepth, Style: CombineOperatorStyle, Consumer: PublisherConsumer>:
    PublisherConsumer
where Consumer.Input == Int {
    typealias Input = Int
    typealias Failure = Consumer.Failure

    let consumer: Consumer

    func consume<P: Publisher>(_ publisher: P) -> Consumer.Result where P.Output == Int, P.Failure == Failure {
        // The first half was built from the same style and operator, so this half cannot be unsupported.
        try! Half.build(Style.self, publisher, into: consumer)
    }
}
