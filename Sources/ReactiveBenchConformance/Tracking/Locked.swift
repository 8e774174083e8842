import Foundation

/// State behind a lock, for the test helpers. It is an `NSLock` (a pthread mutex) rather than
/// `Synchronization.Mutex` because ThreadSanitizer on Linux does not see `Mutex`'s synchronisation
/// (its futex calls are not instrumented) and would report every access it protects as a race,
/// drowning the reports about the code under test.
package final class Locked<State>: @unchecked Sendable {
    private let lock = NSLock()
    private var state: State

    package init(_ state: State) {
        self.state = state
    }

    package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
