import Synchronization

/// Where ``blackHole(_:)`` puts what it is given: a relaxed atomic store is a side effect the optimiser
/// must keep, costs a plain store on x86-64 and arm64, and is not a data race when threads share the sink.
private let blackHoleSink = Atomic<UInt>(0)

/// Consumes a value so that the optimiser cannot drop the computation that produced it.
///
/// The function is never inlined and stores (part of) the value's bytes into a global atomic, so the
/// caller has to materialise the value. It does not allocate for any value: the bytes are read in place.
@inline(never)
public func blackHole<T>(_ value: T) {
    withUnsafeBytes(of: value) { bytes in
        let word: UInt
        if bytes.count >= MemoryLayout<UInt>.size {
            word = bytes.loadUnaligned(as: UInt.self)
        } else {
            word = bytes.reduce(0) { ($0 << 8) | UInt($1) }
        }
        blackHoleSink.store(word, ordering: .relaxed)
    }
}
