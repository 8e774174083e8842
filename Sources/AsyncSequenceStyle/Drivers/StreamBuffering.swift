/// How much an ``StreamSource`` lets its `AsyncStream` buffer, between the sending thread and the
/// consumer task.
public enum StreamBuffering: Hashable, Sendable, CustomStringConvertible {
    /// AsyncStream's default, `.unbounded`: sending never waits and never drops; while the consumer is
    /// behind, its buffer grows. The analogue of `.unlimited` demand.
    case unbounded
    /// At most `capacity` elements wait (`.bufferingOldest(capacity)`). AsyncStream itself would drop an
    /// element sent into a full buffer; the source instead waits for room, so nothing is lost and the
    /// sender is held to the consumer's pace. The analogue of demand in batches of `.max(capacity)`.
    case bounded(Int)

    public var description: String {
        switch self {
        case .unbounded: "unbounded"
        case .bounded(let capacity): "bounded(\(capacity))"
        }
    }

    func policy<Element>(of _: Element.Type) -> AsyncStream<Element>.Continuation.BufferingPolicy {
        switch self {
        case .unbounded:
            return .unbounded
        case .bounded(let capacity):
            precondition(capacity > 0, "a bounded stream holds at least one element")
            return .bufferingOldest(capacity)
        }
    }
}
