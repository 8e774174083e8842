import CCallgrind

/// Callgrind's collection on a thread that the measuring thread hands work to (the second sender of
/// `contention`): on while it does that work, off while it waits for more.
///
/// Callgrind switches collection per thread, and a thread starts with it on (cells run with
/// `--collect-atstart=yes`, see ``InstructionRegion``). Left alone, the helper's waiting (a spin that
/// yields a different number of times in every run) would be counted in whatever region is open; with
/// collection off for good, none of its work would be counted (as happened when cells ran with
/// `--collect-atstart=no`: `contention` counted one sender's half). Outside callgrind both are no-ops.
public enum HelperThreadCollection {
    private static let underCallgrind = Callgrind.isRunning

    /// Switches the calling thread's collection off: call it once, first thing on the helper thread.
    public static func startWaiting() {
        if underCallgrind { ccallgrind_toggle_collect() }
    }

    /// Runs `work` with the calling helper thread's collection on.
    public static func collecting<Result>(_ work: () throws -> Result) rethrows -> Result {
        if underCallgrind { ccallgrind_toggle_collect() }
        defer { if underCallgrind { ccallgrind_toggle_collect() } }
        return try work()
    }
}
