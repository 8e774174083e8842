import Foundation
import Harness
import Testing

/// `reactive-bench profile`: one cell under callgrind, written as callgrind.out and profile.txt into a
/// new run directory; bad names are one line suggesting the closest, with exit status 2.
struct CLIProfileTests {
    @Test func aProfileWritesTheCallgrindFileAndADemangledReport() async throws {
        let tool = try #require(ToolBinary.release())
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let arguments = ["profile", "builtin", "map", "--elements", "2000", "--top", "10", "--output", "runs"]
        let outcome = try await ToolProcess.run(tool, arguments, in: directory.path, timeLimit: .seconds(300))
        try #require(outcome.exitedNormally && outcome.exitStatus == 0, "\(outcome)")
        let run = try #require(try FileManager.default.contentsOfDirectory(atPath: directory.appending("runs")).first)
        let path = directory.appending("runs/\(run)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: path).sorted() == ["callgrind.out", "profile.txt"])

        let callgrind = try String(contentsOfFile: "\(path)/callgrind.out", encoding: .utf8)
        #expect(callgrind.contains("events: Ir"), "a callgrind file kcachegrind reads")
        let report = try String(contentsOfFile: "\(path)/profile.txt", encoding: .utf8)
        #expect(report.contains("2000 elements"), "\(report)")
        #expect(report.contains("checksum matches the reference"), "\(report)")
        #expect(report.contains("Top 10 functions by self instructions"), "\(report)")
        #expect(report.contains("Top 10 functions by inclusive instructions"), "\(report)")
        // OpenCombine's subject is on every element's path; its name is demangled.
        #expect(report.contains("PassthroughSubject.send(_:)"), "\(report)")
        #expect(!report.contains("$s11OpenCombine"), "no mangled OpenCombine names: \(report)")
        // The frames that were running when the batches began hold everything and are left out.
        #expect(!report.contains("__libc_start_main"), "\(report)")
        for counter in AnatomyCounter.allCases {
            #expect(report.contains("  \(counter.title)\n"), "the anatomy names \(counter.title): \(report)")
        }

        // Where the instructions go: every instruction in one component, at least 95% in a named one.
        let components = try InstructionComponents.read("\(path)/callgrind.out")
        #expect(components.shares.map(\.instructions).reduce(0, +) == components.total, "\(components)")
        #expect(components.namedFraction >= 0.95, "\(components)")
        for component in ["Swift runtime", "library core (OpenCombine)", "source and sink"] {
            #expect(components.shares.contains { $0.label == component }, "\(component): \(components)")
        }
        #expect(report.contains("Where the instructions execute"), "\(report)")

        // Call counts are the profiled elements' exactly: not the pilot's or the warm-up's.
        let graph = CallgrindCallGraph(parsing: callgrind)
        let sends = graph.calls.filter { $0.key.callee == "$s11OpenCombine18PassthroughSubjectC4sendyyxF" }
        #expect(sends.values.reduce(0, +) == 2_000, "\(sends)")
    }

    static let badCases: [(arguments: [String], mentions: [String])] = [
        (["profile", "builtn", "map"], ["'builtn'", "'builtin'"]),
        (["profile", "builtin", "mapp"], ["'mapp'", "'map'"]),
        (["profile", "builtin", "map*"], ["one workload", "map (struct64)"]),
        (["profile", "builtin", "withLatestFrom (10)"], ["builtin does not implement withLatestFrom"]),
        (["profile", "builtin", "map", "--elements", "0"], ["--elements"]),
        (["profile", "builtin", "map", "--elements", "9223372036854775807"], ["--elements must be at most 1000000000"]),
        (["profile", "builtin"], ["workload"]),
        (["run", "--metric", "cycles", "--workloads", "map"], ["--metric", "cycles"]),
    ]

    @Test(arguments: badCases.indices)
    func badInputIsOneLineAndStatus2(_ index: Int) async throws {
        let tool = try #require(ToolBinary.release())
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let badCase = Self.badCases[index]
        let outcome = try await ToolProcess.run(tool, badCase.arguments + ["--output", "runs"], in: directory.path)
        #expect(outcome.exitedNormally && outcome.exitStatus == 2, "\(outcome)")
        #expect(outcome.errorLines.count == 1, "\(outcome)")
        let line = outcome.errorLines.first ?? ""
        #expect(line.hasPrefix("error:") || line.hasPrefix("Error:"), "\(outcome)")
        for mention in badCase.mentions { #expect(line.contains(mention), "\(line)") }
        #expect(try directory.entries().isEmpty, "no run directory")
    }
}
