import StyleKit

/// The operators of the `simpleCombine` row: the struct-bridge pattern (docs/ORIGINS.md) over the
/// from-scratch core in `SimpleCombine`, with the semantics of docs/SEMANTICS.md.
///
/// Each operator is an extension on `SimplePublisher` (`map`, `filter`, `scan`, `modulus`, `histogram`,
/// `withLatestFrom`, `sample`, `sampleWithFrom`), a struct publisher in `SimplePublishers`, and a struct
/// subscriber that hands the downstream the upstream's own subscription; where an operator needs state
/// (histogram, the two-input operators), the state lives in one locked box.
public enum SimpleCombineOperators {
    /// Every operator of the set: the core needs nothing it lacks.
    public static let supportedOperators = Set(OperatorID.allCases)

    /// Concurrent upstream events, requests and cancels are safe (docs/SEMANTICS.md): single-source
    /// operators inherit it from the upstream's subscription, the others take their box's lock.
    public static let isThreadSafe = true
}
