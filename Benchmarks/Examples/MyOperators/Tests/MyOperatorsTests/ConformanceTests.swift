import MyOperators
import ReactiveBenchConformance
import Testing

/// `myMap` and `myWithLatestFrom` held to the contracts every ReactiveBench style passes (its
/// docs/SEMANTICS.md): values, completion, the upstream's request/cancel history, demand, cancellation,
/// termination, memory, cold and direct sources, random scripts against a reference model; the six
/// operators the style lacks must throw UnsupportedOperator. A departure fails this test with the
/// contract, the operator and the expected and actual history.
@Test func myOperatorsConform() async {
    await CombineConformance.check(MyOperators.self)
}
