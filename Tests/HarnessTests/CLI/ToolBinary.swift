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
    /// in the package's default `.build/release`; when there is none (a fresh clone's plain `swift test`),
    /// built once into `.build-release-tool` (``builtForTheTests``).
    static func release(sourceLocation: SourceLocation = #_sourceLocation) -> String? {
        var candidates: [String] = []
        if let override = ProcessInfo.processInfo.environment[releaseOverride], !override.isEmpty {
            candidates.append(override)
        }
        if let bin = testBinPath {
            candidates.append(URL(fileURLWithPath: bin).deletingLastPathComponent().path + "/release/\(name)")
        }
        candidates.append("\(packageRoot)/.build/release/\(name)")
        if let found = candidates.first(where: FileManager.default.isExecutableFile(atPath:)) { return found }
        switch builtForTheTests {
        case .success(let built):
            return built
        case .failure(let problem):
            Issue.record(
                """
                no release build of \(name) (looked for \(candidates.joined(separator: ", ")), and \(problem)): build it \
                with `swift build -c release --product \(name)` in \(packageRoot) (scripts/test does), or set \
                \(releaseOverride) to its path
                """,
                sourceLocation: sourceLocation
            )
            return nil
        }
    }

    struct BuildProblem: Error, CustomStringConvertible {
        let description: String
    }

    /// The release tool built by the tests themselves, once per test process, with its own scratch path:
    /// the running `swift test` holds the lock of `.build` until it ends, so a `swift build` there would
    /// wait for ever. A few minutes the first time, seconds when it is up to date.
    static let builtForTheTests: Result<String, BuildProblem> = {
        let scratch = "\(packageRoot)/.build-release-tool"
        let log = "\(scratch)/reactive-bench-build.log"
        try? FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        FileHandle.standardError.write(Data("note: building the release tool for the CLI tests into \(scratch) (log: \(log))\n".utf8))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "build", "-c", "release", "--product", name, "--scratch-path", scratch]
        process.currentDirectoryURL = URL(fileURLWithPath: packageRoot)
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        let output = FileHandle(forWritingAtPath: log)
        process.standardOutput = output ?? FileHandle.nullDevice
        process.standardError = output ?? FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return .failure(BuildProblem(description: "swift build could not start: \(error.localizedDescription)"))
        }
        process.waitUntilExit()
        try? output?.close()
        let tool = "\(scratch)/release/\(name)"
        guard process.terminationStatus == 0, FileManager.default.isExecutableFile(atPath: tool) else {
            return .failure(BuildProblem(description: "building it into \(scratch) failed (see \(log))"))
        }
        return .success(tool)
    }()

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
