import Foundation

/// What a run was measured on and built with, written next to its results so runs can be compared.
public struct RunEnvironment: Sendable, Equatable {
    /// `git rev-parse HEAD` in the current directory, or "unknown".
    public var gitCommit: String
    /// Whether tracked files differ from `HEAD` (untracked files, such as results, do not count); nil when unknown.
    public var gitTreeDirty: Bool?
    /// The first line of `swift --version`, or "unknown".
    public var swiftVersion: String
    /// "release" or "debug": how the harness itself was compiled.
    public var buildConfiguration: String
    /// Whether the build used `-cross-module-optimization` (Package.swift defines `REACTIVE_BENCH_CMO`).
    public var crossModuleOptimization: Bool
    /// The boundary release builds align every function and loop to (Package.swift, `REACTIVE_BENCH_ALIGN`):
    /// "64", or "none" (a debug build, or alignment switched off).
    public var codeAlignment: String
    /// The processor: its model name, family, model, stepping, microcode, caches and the flags that matter.
    public var hardware: Hardware
    /// Online processors.
    public var coreCount: Int
    public var hostName: String
    /// When the environment was captured, ISO 8601 UTC (`2025-01-31T12:00:00Z`).
    public var date: String
    /// `uname`: system, release and machine, e.g. "Linux 6.1.0 x86_64".
    public var os: String
    /// jemalloc's version, or "unavailable" when jemalloc is not loaded.
    public var jemallocVersion: String

    /// Reads the environment. Runs `git` and `swift`; anything unavailable reads "unknown".
    public static func capture() -> RunEnvironment {
        let commit = run("git", "rev-parse", "HEAD").map(firstLine)
        let status = run("git", "status", "--porcelain", "--untracked-files=no")
        return RunEnvironment(
            gitCommit: commit.flatMap { $0.isEmpty ? nil : $0 } ?? "unknown",
            gitTreeDirty: commit == nil ? nil : status.map { !$0.isEmpty },
            swiftVersion: run("swift", "--version").map(firstLine).flatMap { $0.isEmpty ? nil : $0 } ?? "unknown",
            buildConfiguration: buildConfiguration,
            crossModuleOptimization: crossModuleOptimization,
            codeAlignment: codeAlignment,
            hardware: Hardware.current(),
            coreCount: ProcessInfo.processInfo.activeProcessorCount,
            hostName: hostName() ?? "unknown",
            date: UTCTimestamp.now().iso8601,
            os: operatingSystem(),
            jemallocVersion: AllocationProbe.jemallocVersion() ?? "unavailable"
        )
    }

    /// Reads an environment.csv: a `key,value` table.
    ///
    /// - Throws: what ``CSVTable/read(from:)`` throws, or an error naming other columns.
    public static func read(from path: String) throws(HarnessError) -> CSVTable {
        let table = try CSVTable.read(from: path)
        guard table.header == ["key", "value"] else {
            throw HarnessError(
                "\(path): expected the columns key,value but found \(table.header.joined(separator: ","))"
            )
        }
        return table
    }

    /// The environment as a two-column table, `key,value`, keys in snake_case.
    public var csvTable: CSVTable {
        CSVTable(
            header: ["key", "value"],
            rows: [
                ["git_commit", gitCommit],
                ["git_tree_dirty", gitTreeDirty.map { String($0) } ?? "unknown"],
                ["swift_version", swiftVersion],
                ["build_configuration", buildConfiguration],
                ["cross_module_optimization", String(crossModuleOptimization)],
                ["code_alignment", codeAlignment],
            ] + hardware.environmentRows + [
                ["core_count", String(coreCount)],
                ["host_name", hostName],
                ["date_utc", date],
                ["os", os],
                ["jemalloc_version", jemallocVersion],
            ] + (Self.rxSwiftBuild.map { [["rxswift_build", $0]] } ?? [])
        )
    }
}

// MARK: - Sources

extension RunEnvironment {
    private static var buildConfiguration: String {
        #if DEBUG
        return "debug"
        #else
        return "release"
        #endif
    }

    /// Whether this build used `-cross-module-optimization`: what another commit must be built with too
    /// before their times are compared (`reactive-bench ab`).
    public static var builtWithCrossModuleOptimization: Bool { crossModuleOptimization }

    /// Whether Package.swift asked for aligned code (`REACTIVE_BENCH_ALIGN`), whatever the configuration:
    /// what another commit must be built with too.
    public static var builtWithCodeAlignment: Bool {
        #if REACTIVE_BENCH_ALIGNED
        return true
        #else
        return false
        #endif
    }

    private static var codeAlignment: String {
        builtWithCodeAlignment && buildConfiguration == "release" ? "64" : "none"
    }

    /// How RxSwift was built, in a build that has the `rxSwift` row (`REACTIVE_BENCH_RXSWIFT`), or nil:
    /// "cross_module_optimization" when the whole build had `-Xswiftc -cross-module-optimization`, as
    /// `scripts/build-rxswift` builds it (SwiftPM passes no target's flags to a dependency; the script
    /// passes `-Xswiftc -DREACTIVE_BENCH_RXSWIFT_CMO` to every module alongside, which is how this knows),
    /// "default" otherwise.
    static var rxSwiftBuild: String? {
        #if REACTIVE_BENCH_RXSWIFT && REACTIVE_BENCH_RXSWIFT_CMO
        return "cross_module_optimization"
        #elseif REACTIVE_BENCH_RXSWIFT
        return "default"
        #else
        return nil
        #endif
    }

    private static var crossModuleOptimization: Bool {
        #if REACTIVE_BENCH_CMO
        return true
        #else
        return false
        #endif
    }

    /// Runs a command found on PATH; its standard output, or nil if it cannot run or exits non-zero. Its
    /// temporary files go to a directory of their own, removed afterwards: `swift --version` leaves a
    /// `TemporaryDirectory.XXXXXX` behind in the temporary directory every time.
    private static func run(_ arguments: String...) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        var template = Array("\(FileManager.default.temporaryDirectory.path)/reactive-bench-env-XXXXXX".utf8CString)
        if let created = mkdtemp(&template) {
            let directory = String(cString: created)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            var environment = ProcessInfo.processInfo.environment
            environment["TMPDIR"] = directory
            process.environment = environment
            return run(process)
        }
        return run(process)
    }

    private static func run(_ process: Process) -> String? {
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return nil
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    private static func firstLine(_ text: String) -> String {
        String(text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: true).first ?? "")
            .trimmingCharacters(in: .whitespaces)
    }

    /// `gethostname`, not `ProcessInfo.hostName`, which may wait on a DNS lookup.
    private static func hostName() -> String? {
        var name = [CChar](repeating: 0, count: 256)
        guard gethostname(&name, name.count - 1) == 0 else { return nil }
        return String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func operatingSystem() -> String {
        var names = utsname()
        guard uname(&names) == 0 else { return "unknown" }
        func field<T>(_ value: T) -> String {
            withUnsafeBytes(of: value) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
        }
        return "\(field(names.sysname)) \(field(names.release)) \(field(names.machine))"
    }
}
