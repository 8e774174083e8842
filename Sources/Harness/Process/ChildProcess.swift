import CProcessControl
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a program as a child process with a time limit, and tells how it ended: the isolation that keeps
/// one crashing, hanging or heap-corrupting cell from touching the others.
///
public enum ChildProcess {
    public enum Ending: Equatable, Sendable {
        case exited(status: Int32)
        /// Killed by a signal it did not handle (a crash: SIGSEGV, SIGILL from a Swift trap, SIGABRT).
        case signalled(Int32)
        /// Still running after the time limit: killed.
        case timedOut(seconds: Double)
        /// `shouldStop` said so while it ran: killed.
        case stopped
    }

    /// Starts `executable` and waits for it, checking `shouldStop` every 50 ms. The child runs in a process
    /// group of its own, and the time limit covers the whole group: a child past its limit or told to stop
    /// gets SIGTERM, then SIGKILL after a second, and so does everything it started; once the child has
    /// exited, whatever it left running is killed before it is collected (the Swift runtime's backtracer,
    /// which inherits a crashing cell's stderr, once blocked a run for ever that way). The child learns this
    /// process's pid (``ProcessControl/dieWithParent()``), and a second SIGINT kills it
    /// (``ProcessControl/cleanUpNow()``).
    ///
    /// Its stdin is /dev/null; its stdout goes to `standardOutputPath` or /dev/null (results travel through
    /// files the caller names in `arguments`); its stderr to `standardErrorPath` when given (a crash report
    /// belongs in a log, not in the middle of the parent's progress), else to the parent's stderr.
    public static func run(
        _ executable: String, _ arguments: [String], timeLimit seconds: Double, environment: [String: String]? = nil,
        standardErrorPath: String? = nil, standardOutputPath: String? = nil, directory: String? = nil,
        shouldStop: () -> Bool = { false }
    ) throws(HarnessError) -> Ending {
        let input = try descriptor("/dev/null", O_RDONLY)
        defer { close(input) }
        let output = try descriptor(standardOutputPath ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC)
        defer { close(output) }
        // One file for both: one descriptor, so that neither stream writes over the other's lines.
        let errors = try standardErrorPath.map { path throws(HarnessError) in
            guard path == standardOutputPath else { return try descriptor(path, O_WRONLY | O_CREAT | O_TRUNC) }
            let shared = fcntl(output, F_DUPFD_CLOEXEC, 0)
            guard shared >= 0 else { throw FileSystem.failure(errno, "cannot share \(path) with standard output") }
            return shared
        }
        defer { if let errors { close(errors) } }
        let child = try spawn(executable, arguments, ProcessControl.childEnvironment(environment), directory, input, output, errors ?? STDERR_FILENO)
        ProcessControl.setRunningChild(child)
        defer { ProcessControl.setRunningChild(0) }
        let deadline = Double(Clock.now()) + seconds * 1e9
        while true {
            if cprocess_wait(child, 50) == 1, let ending = reap(child) { return ending }
            let stop = shouldStop()
            guard stop || Double(Clock.now()) >= deadline else { continue }
            end(child)
            return stop ? .stopped : .timedOut(seconds: seconds)
        }
    }

    private static func descriptor(_ path: String, _ flags: Int32) throws(HarnessError) -> Int32 {
        let descriptor = open(path, flags | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileSystem.failure(errno, "cannot open \(path)") }
        return descriptor
    }

    private static func spawn(
        _ executable: String, _ arguments: [String], _ environment: [String: String], _ directory: String?,
        _ input: Int32, _ output: Int32, _ errors: Int32
    ) throws(HarnessError) -> pid_t {
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        let child = cprocess_spawn(executable, argv, envp, directory, input, output, errors)
        guard child > 0 else {
            throw FileSystem.failure(-child, "cannot start \(executable)")
        }
        return child
    }

    /// How `child` ended, once it has (nil while it runs).
    private static func reap(_ child: pid_t) -> Ending? {
        var status: Int32 = 0, signal: Int32 = 0
        guard cprocess_reap(child, &status, &signal) == 1 else { return nil }
        return signal != 0 ? .signalled(signal) : .exited(status: status)
    }

    /// SIGTERM to the child's group, SIGKILL a second later if the child is still there, then collects it.
    private static func end(_ child: pid_t) {
        cprocess_signal_group(child, SIGTERM)
        if cprocess_wait(child, 1000) == 1, reap(child) != nil { return }
        cprocess_signal_group(child, SIGKILL)
        while cprocess_wait(child, 1000) != 1 || reap(child) == nil {}
    }

    /// "SIGSEGV" for 11, and so on; "signal N" for others.
    public static func signalName(_ signal: Int32) -> String {
        let names: [Int32: String] = [
            SIGSEGV: "SIGSEGV", SIGILL: "SIGILL", SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE",
            SIGTRAP: "SIGTRAP", SIGKILL: "SIGKILL", SIGTERM: "SIGTERM", SIGINT: "SIGINT",
        ]
        return names[signal] ?? "signal \(signal)"
    }
}
