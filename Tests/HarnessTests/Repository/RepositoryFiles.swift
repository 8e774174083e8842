import Foundation
import Testing

/// The files git tracks in this repository, read from the working tree: what a clone holds.
struct RepositoryFiles {
    /// One tracked text file: its path from the repository's root, and its contents.
    struct TextFile {
        let path: String
        let text: String
    }

    /// The repository's root (this file is Tests/HarnessTests/Repository/RepositoryFiles.swift).
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// Every tracked path, relative to the root, as `git ls-files` prints it.
    let paths: [String]
    /// The tracked paths and every directory that holds one: what a relative link may name.
    let pathsAndDirectories: Set<String>

    init(paths: [String]) {
        self.paths = paths
        var all = Set(paths)
        for path in paths {
            var components = path.split(separator: "/").dropLast()
            while !components.isEmpty {
                all.insert(components.joined(separator: "/"))
                components = components.dropLast()
            }
        }
        pathsAndDirectories = all
    }

    /// The tracked files (`git ls-files`), or nil with an issue when git cannot list them (the tests that
    /// read the repository need a git checkout).
    static func tracked(sourceLocation: SourceLocation = #_sourceLocation) async throws -> RepositoryFiles? {
        let outcome = try await ToolProcess.run("/usr/bin/env", ["git", "ls-files", "-z"], in: root)
        guard outcome.exitedNormally, outcome.exitStatus == 0 else {
            Issue.record("git ls-files failed in \(root): \(outcome)", sourceLocation: sourceLocation)
            return nil
        }
        return RepositoryFiles(paths: outcome.standardOutput.split(separator: "\0").map(String.init))
    }

    /// Whether some tracked file has this name, in any directory.
    func containsFile(named name: String) -> Bool {
        paths.contains { $0 == name || $0.hasSuffix("/\(name)") }
    }

    /// The contents of `path`, or nil for a file that is not text: images by their extension, the CSV a run
    /// wrote (results/), and anything that holds a NUL byte or is not UTF-8. A tracked file missing from the
    /// working tree reads as nil too.
    func text(of path: String) -> String? {
        let binaryExtensions = ["png", "svg", "jpg", "jpeg", "gif", "pdf", "ico"]
        let fileExtension = (path as NSString).pathExtension.lowercased()
        if binaryExtensions.contains(fileExtension) { return nil }
        if path.hasPrefix("results/") && fileExtension == "csv" { return nil }
        guard let data = FileManager.default.contents(atPath: "\(Self.root)/\(path)"), !data.contains(0) else {
            return nil
        }
        return String(data: data, encoding: .utf8)
    }

    /// Every tracked text file (``text(of:)``).
    func textFiles() -> [TextFile] {
        paths.compactMap { path in text(of: path).map { TextFile(path: path, text: $0) } }
    }
}
