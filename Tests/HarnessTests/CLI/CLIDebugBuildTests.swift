import Foundation
import StyleKit
import Runner
import Testing
import Workloads

/// The tool as built with the tests: `list` works in any build; `run` refuses a debug build in one line.
struct CLIDebugBuildTests {
    @Test func listNamesEveryImplementationAndWorkload() async throws {
        guard let tool = ToolBinary.sameBuild() else { return }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let outcome = try await ToolProcess.run(tool, ["list"], in: directory.path)
        #expect(outcome.exitedNormally && outcome.exitStatus == 0, "\(outcome)")
        #expect(outcome.standardError.isEmpty, "\(outcome)")
        // A name starts its line and is followed by two spaces; names may contain single spaces.
        let lines = outcome.standardOutput.split(separator: "\n")
        let names = Set(lines.compactMap { line in
            line.drop { $0 == " " }.components(separatedBy: "  ").first
        })
        for name in Registry.all.map(\.id.rawValue) + Scenarios.all.map(\.name) {
            #expect(names.contains(name), "list names \(name)")
        }
    }

    @Test(.enabled(if: Self.isDebugBuild, "only a debug build refuses to run"))
    func runInADebugBuildIsRefusedInOneLineThatSaysRelease() async throws {
        guard let tool = ToolBinary.sameBuild() else { return }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let arguments = [
            "run", "--workloads", "map", "--implementations", "baseline", "--elements", "1000", "--output", "runs",
        ]
        let outcome = try await ToolProcess.run(tool, arguments, in: directory.path)
        #expect(outcome.exitedNormally && outcome.exitStatus != 0, "\(outcome)")
        #expect(outcome.errorLines.count == 1, "\(outcome)")
        let line = outcome.errorLines.first ?? ""
        #expect(line.hasPrefix("error:") || line.hasPrefix("Error:"), "\(outcome)")
        #expect(line.contains("release"), "\(outcome)")
        #expect(outcome.standardOutput.isEmpty, "\(outcome)")
        #expect(try directory.entries() == [], "nothing is created")
    }

    static var isDebugBuild: Bool {
        #if DEBUG
        true
        #else
        false
        #endif
    }
}
