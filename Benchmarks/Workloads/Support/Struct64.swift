/// A 64-byte element, eight Ints: what `map (struct64)` carries, to show what copying a value too large
/// for registers costs each style (generic code that cannot see its size passes it indirectly).
public struct Struct64: Equatable, Sendable {
    public var a, b, c, d, e, f, g, h: Int

    /// The element made from one seeded Int: `seed`, `seed + 1`, ... `seed + 7`.
    public init(seed: Int) {
        self.init(
            a: seed, b: seed &+ 1, c: seed &+ 2, d: seed &+ 3, e: seed &+ 4, f: seed &+ 5, g: seed &+ 6, h: seed &+ 7
        )
    }

    public init(a: Int, b: Int, c: Int, d: Int, e: Int, f: Int, g: Int, h: Int) {
        (self.a, self.b, self.c, self.d, self.e, self.f, self.g, self.h) = (a, b, c, d, e, f, g, h)
    }
}

extension Struct64: Checksummable {
    /// Folds all eight fields, XORed into one word: every field stays live (folding one field would let
    /// the optimiser drop the other seven from the hand loop) for one checksum step per element.
    @inline(__always)
    public func fold(into checksum: inout Checksum) {
        checksum.combine(a ^ b ^ c ^ d ^ e ^ f ^ g ^ h)
    }
}

extension Transforms {
    /// A new `Struct64` with ``map(_:)-(Int)`` applied to every field.
    @inline(__always)
    public static func map(_ value: Struct64) -> Struct64 {
        Struct64(
            a: map(value.a), b: map(value.b), c: map(value.c), d: map(value.d),
            e: map(value.e), f: map(value.f), g: map(value.g), h: map(value.h)
        )
    }
}
