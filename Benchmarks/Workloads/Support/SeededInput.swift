/// The seeded input every implementation receives: the same values in the same order. Generated once,
/// outside every measured region; element `i` of a run is `values[i & mask]`.
public struct SeededInput: Sendable {
    public static let defaultSeed: UInt64 = 0x5EED_0000_0000_0001
    public static let defaultLength = 1 << 16

    public let seed: UInt64
    public let values: [Int]
    private let mask: Int

    /// `length` must be a power of two. Values are in `-1_000_000...1_000_000`: signed, so `modulus` sees
    /// negative numbers, and small enough that `scan`'s sums stay far from overflow in practice (overflow
    /// would wrap identically everywhere anyway: every implementation uses `&+`).
    public init(seed: UInt64 = defaultSeed, length: Int = defaultLength) {
        precondition(length > 0 && length & (length - 1) == 0, "input length must be a power of two")
        var generator = SplitMix64(seed: seed)
        self.seed = seed
        self.values = (0..<length).map { _ in Int(generator.next() % 2_000_001) - 1_000_000 }
        self.mask = length - 1
    }

    @inline(__always)
    public subscript(index: Int) -> Int { values[index & mask] }
}

/// SplitMix64 (Steele, Lea, Flood 2014): a tiny, fast, well-distributed seeded generator.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
