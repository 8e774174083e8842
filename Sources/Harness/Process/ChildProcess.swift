import Foundation

/// Runs a program as a child process with a time limit, and tells how it ended: the isolation that keeps
/// one crashing, hanging or heap-corrupting cell from touching the others.
///
/// The child's stdout goes to /dev/null, since results travel through files the caller names in
/// `arguments`; its stderr goes to `standardErrorPath` when given (a crash report belongs in a log,
/// not in the middle of the parent's progress), else to the parent's stderr.
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

    /// Starts `executable` and waits for it, checking `shouldStop` every 50 ms. A child past its time
    /// limit or told to stop gets SIGTERM, then SIGKILL after a second. The child learns this process's pid
    /// (``ProcessControl/dieWithParent()``), and a second SIGINT kills it (``ProcessControl/cleanUpNow()``).
    public static func run(
        _ executable: String, _ arguments: [String], timeLimit seconds: Double, environment: [String: String]? = nil,
        standardErrorPath: String? = nil, shouldStop: () -> Bool = { false }
    ) throws(HarnessError) -> Ending {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessControl.childEnvironment(environment)
        process.standardOutput = FileHandle.nullDevice
        if let standardErrorPath {
            guard FileManager.default.createFile(atPath: standardErrorPath, contents: nil),
                let handle = FileHandle(forWritingAtPath: standardErrorPath)
            else { throw HarnessError("cannot create \(standardErrorPath)") }
            process.standardError = handle
        }
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        do {
            try process.run()
        } catch {
            throw HarnessError("cannot start \(executable): \(error.localizedDescription)")
        }
        ProcessControl.setRunningChild(process.processIdentifier)
        defer { ProcessControl.setRunningChild(0) }
        let deadline = DispatchTime.now() + seconds
        while finished.wait(timeout: .now() + 0.05) == .timedOut {
            let stop = shouldStop()
            guard stop || DispatchTime.now() >= deadline else { continue }
            kill(process, finished)
            return stop ? .stopped : .timedOut(seconds: seconds)
        }
        switch process.terminationReason {
        case .uncaughtSignal: return .signalled(process.terminationStatus)
        case .exit: return .exited(status: process.terminationStatus)
        @unknown default: return .exited(status: process.terminationStatus)
        }
    }

    private static func kill(_ process: Process, _ finished: DispatchSemaphore) {
        process.terminate()
        if finished.wait(timeout: .now() + 1) == .timedOut {
            Foundation.kill(process.processIdentifier, SIGKILL)
            finished.wait()
        }
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
