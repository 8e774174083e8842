import RxCore
import StyleKit
#if REACTIVE_BENCH_RXSWIFT
import RxSwift
#endif

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

    /// What ``RxOutput`` does with `event`: folds a `.next` value into `sink`, counts a stop event.
    /// A requirement, with one implementation below, only so that every conforming type's witness is a
    /// copy specialised for it: ``RxOutput`` calls it from unspecialised code, which could not inspect
    /// an `Event<Self>` without looking its metadata up at run time.
    static func receive(_ event: RxCore.Event<Self>, into sink: UnsafeMutablePointer<SinkState>)

    #if REACTIVE_BENCH_RXSWIFT
    /// As above, for `RxSwiftOutput`.
    static func receive(_ event: RxSwift.Event<Self>, into sink: UnsafeMutablePointer<SinkState>)
    #endif
}

extension Checksummable {
    @inline(__always)
    public static func receive(_ event: RxCore.Event<Self>, into sink: UnsafeMutablePointer<SinkState>) {
        switch event {
        case .next(let value):
            sink.pointee.receive(value)
        case .error, .completed:
            sink.pointee.completionCount += 1
        }
    }

    #if REACTIVE_BENCH_RXSWIFT
    @inline(__always)
    public static func receive(_ event: RxSwift.Event<Self>, into sink: UnsafeMutablePointer<SinkState>) {
        switch event {
        case .next(let value):
            sink.pointee.receive(value)
        case .error, .completed:
            sink.pointee.completionCount += 1
        }
    }
    #endif
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
