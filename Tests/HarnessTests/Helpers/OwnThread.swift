import Foundation

/// Runs `body` on a thread of its own and returns what it returns, suspending the calling task meanwhile.
///
/// For tests that drive `asyncSequence` cells: a cell's `run` waits on its thread until the consumer
/// task, which needs a thread of the global concurrent executor, has processed what it sent. Tests run
/// as tasks on that executor's threads (as many as the cores: two here), so a test that waited there
/// could, with the other tests, hold every thread while the consumers waited for one: a hang. Here the
/// test's task is suspended, not blocked. Record expectations from what `body` returns, in the test's
/// task, not inside `body`.
func onOwnThread<Result: Sendable>(_ body: @escaping @Sendable () throws -> Result) async throws -> Result {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread {
            continuation.resume(with: Swift.Result { try body() })
        }
        // The default 512 KiB is not enough for a debug build's deepest cells.
        thread.stackSize = 8 << 20
        thread.start()
    }
}
