import Foundation
import Testing

/// Gives one ``BadInputCase`` to the tool and checks how it ends: the case's exit status, exactly one
/// line on stderr that names the problem, no stack trace, nothing on stdout, and nothing under the
/// working directory created, removed or changed. Returns that line as the catalogue shows it, or nil
/// when no release tool was found (already recorded as an issue).
enum BadInputCheck {
    static let traces = ["Fatal error", "Stack dump", "Backtrace", "Current stack trace", "Crash"]

    static func run(_ badCase: BadInputCase, sourceLocation: SourceLocation = #_sourceLocation) async throws -> String? {
        guard let release = ToolBinary.release(sourceLocation: sourceLocation) else { return nil }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try BadInputFixtures.write(into: directory)
        let toolDirectory = badCase.tool == .withoutJemalloc ? try TemporaryDirectory() : nil
        defer { toolDirectory?.remove() }
        let tool = try toolDirectory.map { try ToolWithoutJemalloc.make(from: release, in: $0.path) } ?? release

        let before = try DirectorySnapshot(directory.path)
        let outcome = try await ToolProcess.run(
            tool, badCase.arguments, in: directory.path, timeLimit: .seconds(60), environment: badCase.environment
        )
        let after = try DirectorySnapshot(directory.path)

        #expect(outcome.exitedNormally, "no crash, no hang: \(outcome)", sourceLocation: sourceLocation)
        #expect(outcome.exitStatus == badCase.exitStatus, "\(outcome)", sourceLocation: sourceLocation)
        #expect(outcome.errorLines.count == 1, "one line on stderr: \(outcome)", sourceLocation: sourceLocation)
        for trace in traces {
            #expect(!outcome.standardError.contains(trace), "no stack trace: \(outcome)", sourceLocation: sourceLocation)
        }
        let line = String(outcome.errorLines.first ?? "")
        for mention in badCase.mentions {
            #expect(line.contains(mention), "the error names \(mention): \(line)", sourceLocation: sourceLocation)
        }
        #expect(outcome.standardOutput.isEmpty, "\(outcome)", sourceLocation: sourceLocation)
        #expect(after == before, "nothing written or changed: \(after.changes(since: before))", sourceLocation: sourceLocation)
        return normalised(line, directories: [(directory.path, "."), (toolDirectory?.path, "$COPY")])
    }

    /// Replaces the temporary directories in `line` with stable names.
    private static func normalised(_ line: String, directories: [(String?, String)]) -> String {
        directories.reduce(line) { line, entry in
            guard let path = entry.0 else { return line }
            let standard = URL(fileURLWithPath: path).standardizedFileURL.path
            return line.replacingOccurrences(of: path, with: entry.1).replacingOccurrences(of: standard, with: entry.1)
        }
    }
}
