import Foundation
import Testing

/// The subprocess helper every CLI test stands on: its signal must arrive while the process runs even
/// when every thread of Swift's cooperative pool is busy with synchronous work, as on a loaded CI
/// machine running the whole suite (stop 28: a run meant to be stopped after 2 s ran to the end).
struct ToolProcessTests {
    @Test func theSignalArrivesWhileEveryPoolThreadIsBusy() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // More synchronous sleepers than the pool has threads, each longer than `sleep` runs: a poll
        // that needs a pool thread could only run after `sleep` had exited by itself. They take the
        // pool's threads as soon as this task suspends, once `sleep` has started.
        let blockers = (0...ProcessInfo.processInfo.activeProcessorCount).map { _ in
            Task.detached { usleep(3_000_000) }
        }
        let started = ContinuousClock.now
        // SIGKILL, because `sleep` keeps the signal mask it inherits from a pool thread (all blocked).
        let outcome = try await ToolProcess.run(
            "/bin/sleep", ["2"], in: directory.path,
            terminateWhen: { ContinuousClock.now - started > .milliseconds(300) }, terminateWith: SIGKILL
        )
        for blocker in blockers { await blocker.value }
        #expect(!outcome.exitedNormally && outcome.exitStatus == SIGKILL, "\(outcome)")
    }
}
