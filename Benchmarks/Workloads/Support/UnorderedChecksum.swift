/// An order-insensitive fold of `Int`s: their count, wrapping sum and xor. For workloads whose outputs
/// arrive in no defined order (`contention`: two senders interleave as the scheduler pleases); the
/// result is handed to the sink as three values, so the cell's checksum is ``checksum``.
public struct UnorderedChecksum: Equatable, Sendable {
    public private(set) var count = 0
    public private(set) var sum = 0
    public private(set) var xor = 0

    public init() {}

    @inline(__always)
    public mutating func combine(_ value: Int) {
        count &+= 1
        sum &+= value
        xor ^= value
    }

    /// The ordinary checksum of `count`, `sum` and `xor`, in that order.
    public var checksum: Checksum {
        var checksum = Checksum()
        checksum.combine(count)
        checksum.combine(sum)
        checksum.combine(xor)
        return checksum
    }
}
