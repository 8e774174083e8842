import CProcessControl
import Foundation

/// Keeps a run from leaving anything behind when it dies: each cell process dies with its parent, and
/// a second SIGINT kills the running cell and removes the scratch directory before the tool exits.
public enum ProcessControl {
    /// The environment variable through which a parent tells a cell process its pid.
    public static let parentVariable = "REACTIVE_BENCH_PARENT_PID"

    /// In a cell process started by ``ChildProcess``: asks the kernel to kill this process when its parent
    /// dies (kill -9 of a run, or the tool ending on a second SIGINT), so no cell outlives its run. Exits
    /// at once if the parent is already gone. Does nothing in a process started otherwise.
    public static func dieWithParent() {
        guard let text = ProcessInfo.processInfo.environment[parentVariable], let parent = pid_t(text) else { return }
        _ = cprocess_die_with_parent(parent)
    }

    /// The environment for a child: `base` (or this process's), with this process's pid for ``dieWithParent()``.
    static func childEnvironment(_ base: [String: String]?) -> [String: String] {
        var environment = base ?? ProcessInfo.processInfo.environment
        environment[parentVariable] = String(getpid())
        return environment
    }

    /// The child being waited for: the one ``cleanUpNow()`` kills (0: none).
    static func setRunningChild(_ pid: pid_t) { cprocess_set_child(pid) }

    /// The scratch directory in use: the one ``cleanUpNow()`` removes (nil: none).
    public static func setScratch(_ path: String?) { cprocess_set_scratch(path) }

    /// Kills the running child and removes the scratch directory; async-signal-safe, for a signal handler.
    public static func cleanUpNow() { cprocess_cleanup_now() }
}
