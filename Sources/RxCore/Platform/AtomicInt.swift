// Subclassing a swift-corelibs-foundation class needs CoreFoundation in scope: otherwise the compiler
// cannot load NSLock's overridable members that mention CoreFoundation types, and refuses the subclass
// (swift-corelibs-foundation pull request 5122; RxSwift imports it for the same reason).
import CoreFoundation
import Foundation

/// A 32-bit flag word behind a lock, as RxSwift 6 keeps it (`Platform/AtomicInt.swift`): the class *is*
/// an `NSLock`, and every operation below takes and releases it.
///
/// This is slower than a hardware atomic, and deliberately so: RxSwift's `Sink`, `SinkDisposer`,
/// `ObserverBase` and the disposables each own one, so a subscription pays two allocations per instance
/// (the `NSLock` object and, in swift-corelibs-foundation, its separately allocated pthread mutex) and
/// every `forwardOn` a lock/unlock pair. The `rxSink` row stands for what RxSwift costs.
final class AtomicInt: NSLock, @unchecked Sendable {
    // Guarded by the lock that `self` is.
    fileprivate var value: Int32

    init(_ value: Int32 = 0) {
        self.value = value
    }
}

/// Sets the bits of `mask` and returns the word as it was before.
@discardableResult
@inline(__always)
func fetchOr(_ atomic: AtomicInt, _ mask: Int32) -> Int32 {
    atomic.lock()
    let previous = atomic.value
    atomic.value = previous | mask
    atomic.unlock()
    return previous
}

/// The current word.
@inline(__always)
func load(_ atomic: AtomicInt) -> Int32 {
    atomic.lock()
    let current = atomic.value
    atomic.unlock()
    return current
}

/// Whether any bit of `mask` is set (one lock/unlock pair, as `load`).
@inline(__always)
func isFlagSet(_ atomic: AtomicInt, _ mask: Int32) -> Bool {
    load(atomic) & mask != 0
}
