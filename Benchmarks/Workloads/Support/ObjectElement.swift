/// A heap-allocated element, one Int in a final class: what `map (object)` carries, to show what
/// reference counting costs each style. Making one is one 32-byte allocation.
public final class ObjectElement: Sendable {
    public let value: Int

    public init(_ value: Int) {
        self.value = value
    }
}

extension ObjectElement: Checksummable {
    @inline(__always)
    public func fold(into checksum: inout Checksum) {
        checksum.combine(value)
    }
}

extension Transforms {
    /// A new object holding ``map(_:)-(Int)`` of `element`'s value: one allocation per call.
    @inline(__always)
    public static func map(_ element: ObjectElement) -> ObjectElement {
        ObjectElement(map(element.value))
    }
}
