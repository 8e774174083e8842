import Foundation
import Testing

/// How one run of the tool ended.
struct ToolOutcome: CustomStringConvertible {
    var exitStatus: Int32
    /// False when the process was killed by a signal (a crash) or by the time limit.
    var exitedNormally: Bool
    var standardOutput: String
    var standardError: String

    /// The non-empty lines of stderr.
    var errorLines: [Substring] {
        standardError.split(separator: "\n", omittingEmptySubsequences: true)
    }

    var description: String {
        let ending = exitedNormally ? "exit \(exitStatus)" : "killed (signal \(exitStatus) or time limit)"
        return "\(ending)\nstderr:\n\(standardError)stdout:\n\(standardOutput)"
    }
}

/// Runs the tool as a subprocess, its output captured in files (a pipe could fill and block it), waiting
/// without blocking a test thread, and killing it if it outlives `timeLimit`. `terminateWhen` is polled
/// while it runs; once it says so, the tool is sent `signal` (SIGTERM unless told otherwise).
///
/// The polling runs on a thread of its own, not in Swift's cooperative pool: on a loaded machine the
/// pool's few threads can all be busy with other tests' synchronous work for a minute, and a signal or
/// time limit that waits for the pool arrives after the tool has finished (seen in CI: a run meant to be
/// stopped after 2 s ran its 57 s to the end and exited 0).
enum ToolProcess {
    static func run(
        _ executable: String, _ arguments: [String], in directory: String, timeLimit: Duration = .seconds(120),
        environment: [String: String] = [:], terminateWhen: (() -> Bool)? = nil, terminateWith signal: Int32 = SIGTERM
    ) async throws -> ToolOutcome {
        let capture = try TemporaryDirectory()
        defer { capture.remove() }
        let outputPath = capture.appending("stdout"), errorPath = capture.appending("stderr")
        try Data().write(to: URL(fileURLWithPath: outputPath))
        try Data().write(to: URL(fileURLWithPath: errorPath))
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
        let error = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
        defer {
            try? output.close()
            try? error.close()
        }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = error
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        try process.run()
        // A cancelled test must not leave the tool running.
        defer { if process.isRunning { process.terminate() } }

        let timedOut = await watch(process, timeLimit: timeLimit, terminateWhen: terminateWhen, signal: signal)
        return ToolOutcome(
            exitStatus: process.terminationStatus,
            exitedNormally: process.terminationReason == .exit && !timedOut,
            standardOutput: try String(contentsOfFile: outputPath, encoding: .utf8),
            standardError: try String(contentsOfFile: errorPath, encoding: .utf8)
        )
    }

    /// Polls `process` every 5 ms on a dedicated thread until it exits, sending `signal` once
    /// `terminateWhen` says so and killing it past `timeLimit`; true when the time limit killed it.
    private static func watch(
        _ process: Process, timeLimit: Duration, terminateWhen: (() -> Bool)?, signal: Int32
    ) async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let watcher = Thread {
                let deadline = ContinuousClock.now + timeLimit
                var timedOut = false, terminated = false
                while process.isRunning {
                    if !terminated, let terminateWhen, terminateWhen() {
                        terminated = true
                        kill(process.processIdentifier, signal)
                    }
                    if ContinuousClock.now > deadline {
                        timedOut = true
                        process.terminate()
                        break
                    }
                    usleep(5_000)
                }
                process.waitUntilExit()
                continuation.resume(returning: timedOut)
            }
            watcher.name = "ToolProcess.watch"
            watcher.start()
        }
    }
}
