import Foundation
import Harness

/// SIGINT and SIGTERM ask a run to stop: the current cell's process is killed, the finished cells are
/// written, and the tool exits with status 130. A second signal ends the tool at once, after killing the
/// running cell and removing the scratch directory (``ProcessControl/cleanUpNow()``); the run directory
/// keeps what was last written.
enum Interruption {
    nonisolated(unsafe) private static var signalled: sig_atomic_t = 0

    static func install() {
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber) { number in
                if Interruption.signalled != 0 {
                    ProcessControl.cleanUpNow()
                    _exit(128 + number)
                }
                Interruption.signalled = 1
            }
        }
        // A parent may have started the tool with these blocked (Foundation's Process passes its
        // thread's mask on): unblock them, or nothing could interrupt the run but SIGKILL. Only now that
        // the handlers are in place: a signal that arrived while blocked is delivered at the unblocking,
        // and before them it took the default action (a run killed by SIGTERM, once in CI).
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        sigaddset(&unblocked, SIGINT)
        sigaddset(&unblocked, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
    }

    static func requested() -> Bool { signalled != 0 }
}
