import ArgumentParser
import Foundation
import Harness

/// Whether an executable `ab` was given is a reactive-bench tool at all, asked before anything is
/// measured: `/bin/true`, `/bin/false` or a script that prints something else is refused with one line
/// and exit status 2, instead of a side of crashed cells that a verdict then calls "no regression".
///
/// The question is `list`, which every build of the tool answers (older revisions included) with its
/// `Implementations:` and `Workloads:` tables, within 60 seconds.
enum ToolHandshake {
    /// What `list` says of its build, last: whether its rows run specialised (``Specialisation``).
    static func buildLine(crossModuleOptimization: Bool) -> String {
        "Build: cross-module optimisation \(crossModuleOptimization ? "on" : "off")"
    }

    /// Checks that `executable` is a reactive-bench tool, and returns whether its build had cross-module
    /// optimisation: nil for a build older than `list`'s `Build:` line (which always had it, unless made
    /// with REACTIVE_BENCH_CMO=0).
    @discardableResult
    static func check(_ executable: String, option: String) throws -> Bool? {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("reactive-bench-handshake-\(getpid()).txt").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let ending = try ChildProcess.run(
            executable, ["list"], timeLimit: 60, standardErrorPath: "/dev/null", standardOutputPath: output,
            shouldStop: Interruption.requested
        )
        if ending == .stopped { throw ExitCode(130) }
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        let lines = Set(text.split(separator: "\n").map(String.init))
        guard ending == .exited(status: 0), lines.contains("Implementations:"), lines.contains("Workloads:") else {
            throw BadInput(
                "\(option) \(executable) is not a reactive-bench tool: `\(executable) list` "
                    + (ending == .exited(status: 0) ? "printed no implementations and workloads" : Self.describe(ending))
            )
        }
        return [true, false].first { lines.contains(buildLine(crossModuleOptimization: $0)) }
    }

    private static func describe(_ ending: ChildProcess.Ending) -> String {
        switch ending {
        case .exited(let status): "exited with status \(status)"
        case .signalled(let signal): "was killed by \(ChildProcess.signalName(signal))"
        case .timedOut(let seconds): "gave no answer in \(Int(seconds)) s"
        case .stopped: "was stopped"
        }
    }
}
