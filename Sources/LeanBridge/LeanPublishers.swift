/// The namespace for the publishers of the lean-bridge style, as `Publishers` is OpenCombine's.
///
/// Each operator is a `struct` publisher whose subscriber is a `struct` that wraps the downstream and hands
/// it the upstream's own `Subscription` (the struct-bridge pattern's `ModulusOperatorBridge`). Where an
/// operator needs state, the state lives in the smallest box that is correct for it. The one-input
/// operators' bridges are `@inlinable` and subscribe with `receive(subscriber:)`, so that a pipeline built
/// where its types are known is specialised end to end (docs/FAST-OPERATORS.md).
public enum LeanPublishers {}
