import AsyncAlgorithms
import StyleKit

/// The `asyncSequence` row: the operator set written with Swift concurrency, as a Swift team moving from
/// Combine or Rx writes it: the standard library's `map` and `filter`, async-algorithms' `reductions`
/// for `scan`, compositions of those for `modulus` (`map`) and `histogram` (a `reduce` at the end), and
/// a consumer task iterating with `for await` (``AsyncPipeline``).
///
/// The two-input operators have no faithful expression (``unsupportedReasons``): the cells that need
/// them are `unsupported`, never approximated.
public enum AsyncSequenceOperators {
    public static let supportedOperators: Set<OperatorID> = [.map, .filter, .scan, .modulus, .histogram]

    /// Why an operator has no async counterpart with its semantics (docs/SEMANTICS.md).
    public static let unsupportedReasons: [OperatorID: String] = [
        .withLatestFrom: "neither the standard library nor async-algorithms 1.1 has withLatestFrom: "
            + "combineLatest also emits on every value of `other`, and merge followed by a stateful map "
            + "depends on which of two concurrently iterated inputs merge reads first, so neither is the operator",
        .sample: "no async operator samples one sequence on the elements of another: debounce and throttle "
            + "sample on a clock, and combineLatest emits on both inputs",
        .sampleWithFrom: "no async operator combines each element of `other` at most once with the next "
            + "upstream element: zip pairs them without dropping, combineLatest reuses them",
    ]

    /// Why `operation` cannot be expressed, or nil if it can.
    public static func unsupportedReason(for operation: OperatorID) -> String? {
        unsupportedReasons[operation]
    }

    /// Transforms every element: the standard library's `map`.
    @inlinable
    public static func map<Base: AsyncSequence, Output>(
        _ base: Base,
        _ transform: @escaping (Base.Element) async -> Output
    ) -> AsyncMapSequence<Base, Output> {
        base.map(transform)
    }

    /// Keeps the elements for which `isIncluded` is true: the standard library's `filter`.
    @inlinable
    public static func filter<Base: AsyncSequence>(
        _ base: Base,
        _ isIncluded: @escaping (Base.Element) async -> Bool
    ) -> AsyncFilterSequence<Base> {
        base.filter(isIncluded)
    }

    /// Every partial result of folding the elements, starting from `initialResult`: async-algorithms'
    /// `reductions` (its exclusive form, which does not emit `initialResult` itself, as `scan` does not).
    @inlinable
    public static func scan<Base: AsyncSequence, Result>(
        _ base: Base,
        _ initialResult: Result,
        _ nextPartialResult: @Sendable @escaping (Result, Base.Element) async -> Result
    ) -> AsyncExclusiveReductionsSequence<Base, Result> {
        base.reductions(initialResult, nextPartialResult)
    }
}
