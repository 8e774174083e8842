import CombineFramework

/// One way of writing Combine operators. Each style module provides one conforming enum; the
/// registry, the workloads and the conformance suite only ever talk to this protocol.
///
/// Every requirement builds the operator over `upstream` and hands the result to `consumer`.
/// A style that cannot express an operator throws ``UnsupportedOperator`` (and leaves the operator
/// out of ``supportedOperators``); the semantics every style must share are in docs/SEMANTICS.md.
/// A style writes only the operators it has: every other one throws by default, with
/// ``unsupportedReason``.
public protocol CombineOperatorStyle {
    /// The row's name in every report (``ImplementationID``).
    static var implementation: ImplementationID { get }
    /// One line for `reactive-bench list` and the README.
    static var summary: String { get }
    static var supportedOperators: Set<OperatorID> { get }
    /// Whether concurrent upstream events, requests and cancels are safe in every operator of the style
    /// (docs/SEMANTICS.md); the concurrency workloads and contracts run only where they are.
    static var isThreadSafe: Bool { get }
    /// Why the operators the style leaves unwritten are unsupported: the reason their default
    /// implementations throw (default: "not written in this style").
    static var unsupportedReason: String { get }

    static func map<Upstream: Publisher, Output, Consumer: PublisherConsumer>(
        _ upstream: Upstream,
        _ transform: @escaping (Upstream.Output) -> Output,
        into consumer: Consumer
    ) throws(UnsupportedOperator) -> Consumer.Result
    where Consumer.Input == Output, Consumer.Failure == Upstream.Failure

    static func filter<Upstream: Publisher, Consumer: PublisherConsumer>(
        _ upstream: Upstream,
        _ isIncluded: @escaping (Upstream.Output) -> Bool,
        into consumer: Consumer
    ) throws(UnsupportedOperator) -> Consumer.Result
    where Consumer.Input == Upstream.Output, Consumer.Failure == Upstream.Failure

    static func scan<Upstream: Publisher, Output, Consumer: PublisherConsumer>(
        _ upstream: Upstream,
        _ initialResult: Output,
        _ nextPartialResult: @escaping (Output, Upstream.Output) -> Output,
        into consumer: Consumer
    ) throws(UnsupportedOperator) -> Consumer.Result
    where Consumer.Input == Output, Consumer.Failure == Upstream.Failure

    /// `abs(value % modulo)` for every value (the struct-bridge pattern's `ModulusOperator`).
    static func modulus<Upstream: Publisher, Consumer: PublisherConsumer>(
        _ upstream: Upstream,
        _ modulo: Int,
        into consumer: Consumer
    ) throws(UnsupportedOperator) -> Consumer.Result
    where Upstream.Output == Int, Consumer.Input == Int, Consumer.Failure == Upstream.Failure

    /// Counts every value and emits the bins, sorted by key, once upstream finishes (the composition
    /// pattern's histogram).
    static func histogram<Upstream: Publisher, Consumer: PublisherConsumer>(
        _ upstream: Upstream,
        into consumer: Consumer
    ) throws(UnsupportedOperator) -> Consumer.Result
    where Upstream.Output == Int, Consumer.Input == [HistogramBin], Consumer.Failure == Upstream.Failure

    /// Each `upstream` value combined with the latest value of `other`, if there is one (the
    /// custom-operator and Producer/Sink patterns, docs/ORIGINS.md).
    static func withLatestFrom<Upstream: Publisher, Other: Publisher, Output, Consumer: PublisherConsumer>(
        _ upstream: Upstream,
        _ other: Other,
        _ resultSelector: @escaping (Upstream.Output, Other.Output) -> Output,
        into consumer: Consumer
    ) throws(UnsupportedOperator) -> Consumer.Result
    where Other.Failure == Upstream.Failure, Consumer.Input == Output, Consumer.Failure == Upstream.Failure

    /// The latest `upstream` value, at most once, each time `sampler` emits (RxSwift's `sample`).
    static func sample<Upstream: Publisher, Sampler: Publisher, Consumer: PublisherConsumer>(
        _ upstream: Upstream,
        _ sampler: Sampler,
        into consumer: Consumer
    ) throws(UnsupportedOperator) -> Consumer.Result
    where Sampler.Failure == Upstream.Failure, Consumer.Input == Upstream.Output,
        Consumer.Failure == Upstream.Failure

    /// As `withLatestFrom`, but each value of `other` is used at most once (the Producer/Sink
    /// pattern's variant).
    static func sampleWithFrom<Upstream: Publisher, Other: Publisher, Output, Consumer: PublisherConsumer>(
        _ upstream: Upstream,
        _ other: Other,
        _ resultSelector: @escaping (Upstream.Output, Other.Output) -> Output,
        into consumer: Consumer
    ) throws(UnsupportedOperator) -> Consumer.Result
    where Other.Failure == Upstream.Failure, Consumer.Input == Output, Consumer.Failure == Upstream.Failure
}

// MARK: - The operators a style leaves unwritten

extension CombineOperatorStyle {
    public static var unsupportedReason: String { "not written in this style" }

    /// What an operator the style did not write throws. An operator ``supportedOperators`` lists reaches
    /// here only when the style's method does not match the requirement's signature, and says so.
    public static func unwritten(_ operation: OperatorID) -> UnsupportedOperator {
        guard supportedOperators.contains(operation) else {
            return UnsupportedOperator(implementation, operation, reason: unsupportedReason)
        }
        return UnsupportedOperator(
            implementation, operation,
            reason: "listed in supportedOperators, but no method matches the requirement's signature (docs/YOUR-OPERATORS.md)"
        )
    }

    public static func map<Upstream: Publisher, Output, Consumer: PublisherConsumer>(
        _ upstream: Upstream, _ transform: @escaping (Upstream.Output) -> Output, into consumer: Consumer
    ) throws(UnsupportedOperator) -> Consumer.Result where Consumer.Input == Output, Consumer.Failure == Upstream.Failure {
        throw unwritten(.map)
    }

    public static func filter<Upstream: Publisher, Consumer: PublisherConsumer>(
        _ upstream: Upstream, _ isIncluded: @escaping (Upstream.Output) -> Bool, into consumer: Consumer
    ) throws(UnsupportedOperator) -> Consumer.Result
    where Consumer.Input == Upstream.Output, Consumer.Failure == Upstream.Failure {
        throw unwritten(.filter)
    }

    public static func scan<Upstream: Publisher, Output, Consumer: PublisherConsumer>(
        _ upstream: Upstream, _ initialResult: Output, _ nextPartialResult: @escaping (Output, Upstream.Output) -> Output,
        into consumer: Consumer
    ) throws(UnsupportedOperator) -> Consumer.Result where Consumer.Input == Output, Consumer.Failure == Upstream.Failure {
        throw unwritten(.scan)
    }

    public static func modulus<Upstream: Publisher, Consumer: PublisherConsumer>(
        _ upstream: Upstream, _ modulo: Int, into consumer: Consumer
    ) throws(UnsupportedOperator) -> Consumer.Result
    where Upstream.Output == Int, Consumer.Input == Int, Consumer.Failure == Upstream.Failure {
        throw unwritten(.modulus)
    }

    public static func histogram<Upstream: Publisher, Consumer: PublisherConsumer>(
        _ upstream: Upstream, into consumer: Consumer
    ) throws(UnsupportedOperator) -> Consumer.Result
    where Upstream.Output == Int, Consumer.Input == [HistogramBin], Consumer.Failure == Upstream.Failure {
        throw unwritten(.histogram)
    }

    public static func withLatestFrom<Upstream: Publisher, Other: Publisher, Output, Consumer: PublisherConsumer>(
        _ upstream: Upstream, _ other: Other, _ resultSelector: @escaping (Upstream.Output, Other.Output) -> Output,
        into consumer: Consumer
    ) throws(UnsupportedOperator) -> Consumer.Result
    where Other.Failure == Upstream.Failure, Consumer.Input == Output, Consumer.Failure == Upstream.Failure {
        throw unwritten(.withLatestFrom)
    }

    public static func sample<Upstream: Publisher, Sampler: Publisher, Consumer: PublisherConsumer>(
        _ upstream: Upstream, _ sampler: Sampler, into consumer: Consumer
    ) throws(UnsupportedOperator) -> Consumer.Result
    where Sampler.Failure == Upstream.Failure, Consumer.Input == Upstream.Output, Consumer.Failure == Upstream.Failure {
        throw unwritten(.sample)
    }

    public static func sampleWithFrom<Upstream: Publisher, Other: Publisher, Output, Consumer: PublisherConsumer>(
        _ upstream: Upstream, _ other: Other, _ resultSelector: @escaping (Upstream.Output, Other.Output) -> Output,
        into consumer: Consumer
    ) throws(UnsupportedOperator) -> Consumer.Result
    where Other.Failure == Upstream.Failure, Consumer.Input == Output, Consumer.Failure == Upstream.Failure {
        throw unwritten(.sampleWithFrom)
    }
}
