import Foundation
import Testing

/// Bad input to `run`, given to the release tool (a debug tool refuses `run` before it looks at its
/// input): exit status 2, one line on stderr that starts with `error:` and names the problem, nothing on
/// stdout, no crash, and no run directory.
///
/// Not covered here: jemalloc missing. The release tool links jemalloc, so it cannot start without it;
/// the probe's refusal when jemalloc is not the allocator is covered by `AllocationProbeTests` and
/// `JemallocRequirement` (`REACTIVE_BENCH_NO_JEMALLOC=1`).
struct CLIBadInputTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        /// The option given a bad value, in place of its safe default.
        var option: String
        var value: String
        /// What the error line must mention.
        var mentions: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "unknown implementation", option: "--implementations", value: "structbrige",
             mentions: ["'structbrige'", "'structBridge'"]),
        Case(name: "unknown workload", option: "--workloads", value: "mapFilterScna",
             mentions: ["'mapFilterScna'", "'mapFilterScan'"]),
        Case(name: "glob matching nothing", option: "--workloads", value: "zz*", mentions: ["'zz*'"]),
        Case(name: "zero repetitions", option: "--repetitions", value: "0", mentions: ["--repetitions"]),
        Case(name: "negative repetitions", option: "--repetitions", value: "-3", mentions: ["--repetitions", "-3"]),
        Case(name: "zero elements", option: "--elements", value: "0", mentions: ["--elements"]),
        Case(name: "elements not a number", option: "--elements", value: "abc", mentions: ["--elements", "abc"]),
        Case(name: "empty label", option: "--label", value: "", mentions: ["--label"]),
        Case(name: "label with a slash", option: "--label", value: "a/b", mentions: ["a/b"]),
        Case(name: "output under a regular file", option: "--output", value: "a-file/runs", mentions: ["a-file/runs"]),
        Case(name: "unknown option", option: "--bogus", value: "1", mentions: ["--bogus"]),
    ]

    /// Valid options that keep the run tiny should a bad value ever be accepted.
    static let safeDefaults = [
        ("--workloads", "map"), ("--implementations", "baseline"), ("--elements", "1000"), ("--repetitions", "1"),
        ("--output", "runs"), ("--label", "bad-input"),
    ]

    static func arguments(_ badCase: Case) -> [String] {
        let options = safeDefaults.filter { $0.0 != badCase.option } + [(badCase.option, badCase.value)]
        return ["run", "--no-latency"] + options.flatMap { [$0.0, $0.1] }
    }

    @Test(arguments: cases)
    func badInputIsOneErrorLineAndExitStatus2(_ badCase: Case) async throws {
        guard let tool = ToolBinary.release() else { return }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try Data("not a directory\n".utf8).write(to: URL(fileURLWithPath: directory.appending("a-file")))

        let arguments = Self.arguments(badCase)
        let outcome = try await ToolProcess.run(tool, arguments, in: directory.path, timeLimit: .seconds(60))
        #expect(outcome.exitedNormally, "no crash, no hang: \(outcome)")
        #expect(outcome.exitStatus == 2, "bad input exits with 2: \(outcome)")
        #expect(outcome.errorLines.count == 1, "one line on stderr: \(outcome)")
        for trace in ["Fatal error", "Stack dump", "Backtrace", "Current stack trace"] {
            #expect(!outcome.standardError.contains(trace), "no stack trace: \(outcome)")
        }
        let line = outcome.errorLines.first ?? ""
        #expect(line.hasPrefix("error:") || line.hasPrefix("Error:"), "\(outcome)")
        for mention in badCase.mentions {
            #expect(line.contains(mention), "the error names \(mention): \(line)")
        }
        #expect(outcome.standardOutput.isEmpty, "\(outcome)")
        #expect(try directory.entries() == ["a-file"], "no run directory")
        #expect(try String(contentsOfFile: directory.appending("a-file"), encoding: .utf8) == "not a directory\n")
    }
}
