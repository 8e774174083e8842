import StyleKit

/// An order-sensitive fold (FNV-1a over 64-bit words) of everything a downstream received. Every cell's
/// checksum is compared with the reference computed by the workload's plain loop.
public struct Checksum: Equatable, Sendable, Codable, CustomStringConvertible {
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    public init() {}

    @inline(__always)
    public mutating func combine(_ word: Int) {
        value = (value ^ UInt64(bitPattern: Int64(word))) &* 0x0000_0100_0000_01b3
    }

    public var description: String { String(value, radix: 16) }
}

/// A value a downstream can fold into a checksum.
public protocol Checksummable {
    func fold(into checksum: inout Checksum)
}

extension Int: Checksummable {
    @inline(__always)
    public func fold(into checksum: inout Checksum) { checksum.combine(self) }
}

extension Array: Checksummable where Element == HistogramBin {
    public func fold(into checksum: inout Checksum) {
        checksum.combine(count)
        for bin in self {
            checksum.combine(bin.key)
            checksum.combine(bin.count)
        }
    }
}
