import Foundation
import Testing

/// Where the `reactive-bench` executables are. The debug tool is built next to this test bundle by
/// `swift build --build-tests`. The tool refuses to `run` in a debug build, so the tests of `run` drive a
/// release build: scripts/test builds it first (`swift build -c release --product reactive-bench`).
enum ToolBinary {
    static let name = "reactive-bench"
    /// Overrides where the release tool is looked for.
    static let releaseOverride = "REACTIVE_BENCH_RELEASE_TOOL"

    /// The package's root directory (this file is Tests/HarnessTests/CLI/ToolBinary.swift).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// The directory of the running test executable: the build's bin path, `<scratch>/<triple>/debug`.
    static var testBinPath: String? {
        guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
            return nil
        }
        return URL(fileURLWithPath: executable).deletingLastPathComponent().path
    }

    /// The tool built in the same configuration as the tests, or nil with an issue saying how to build it.
    static func sameBuild(sourceLocation: SourceLocation = #_sourceLocation) -> String? {
        let path = "\(testBinPath ?? "?")/\(name)"
        guard FileManager.default.isExecutableFile(atPath: path) else {
            Issue.record(
                "\(path) does not exist: build it with `swift build --build-tests`", sourceLocation: sourceLocation
            )
            return nil
        }
        return path
    }

    /// The release tool, or nil with an issue that says how to build it. Looked for in
    /// `$REACTIVE_BENCH_RELEASE_TOOL`, then beside the tests' own build (`<scratch>/<triple>/release`), then
    /// in the package's default `.build/release`.
    static func release(sourceLocation: SourceLocation = #_sourceLocation) -> String? {
        var candidates: [String] = []
        if let override = ProcessInfo.processInfo.environment[releaseOverride], !override.isEmpty {
            candidates.append(override)
        }
        if let bin = testBinPath {
            candidates.append(URL(fileURLWithPath: bin).deletingLastPathComponent().path + "/release/\(name)")
        }
        candidates.append("\(packageRoot)/.build/release/\(name)")
        guard let found = candidates.first(where: FileManager.default.isExecutableFile(atPath:)) else {
            Issue.record(
                """
                no release build of \(name) (looked for \(candidates.joined(separator: ", "))): build it with \
                `swift build -c release --product \(name)` in \(packageRoot) (scripts/test does), or set \
                \(releaseOverride) to its path
                """,
                sourceLocation: sourceLocation
            )
            return nil
        }
        return found
    }

    /// A source file changed after `tool` was built, if any: then the tool may not be what the sources say.
    static func sourceNewerThan(_ tool: String) -> String? {
        guard let built = modificationDate(tool) else { return nil }
        // The tool's targets only: Benchmarks/PackageBenchmark is a nested package (with its own .build).
        for directory in ["Sources", "Benchmarks/Workloads"] {
            let root = "\(packageRoot)/\(directory)"
            let sources = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
            let newer = sources.first { source in
                source.hasSuffix(".swift") && modificationDate("\(root)/\(source)") ?? .distantPast > built
            }
            if let newer { return "\(directory)/\(newer)" }
        }
        return nil
    }

    private static func modificationDate(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }
}
