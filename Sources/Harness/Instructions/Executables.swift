import Foundation

/// Finding and running the external programs instruction counting uses (valgrind, objcopy,
/// callgrind_annotate, swift-demangle).
public enum Executables {
    /// The first executable `name` on the PATH, then in `extraDirectories`.
    public static func find(_ name: String, extraDirectories: [String] = []) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let directories = path.split(separator: ":").map(String.init) + extraDirectories
        return directories.map { "\($0)/\(name)" }.first(where: FileManager.default.isExecutableFile(atPath:))
    }

    /// Runs `program` with its stdin from `inputPath` (or /dev/null), its stdout to `outputPath` (or
    /// /dev/null) and stderr to /dev/null; returns its exit status (-1 when it could not start).
    @discardableResult
    public static func run(
        _ program: String, _ arguments: [String], inputPath: String? = nil, outputPath: String? = nil
    ) -> Int32 {
        let process = Process()
        process.standardInput = inputPath.flatMap { FileHandle(forReadingAtPath: $0) } ?? FileHandle.nullDevice
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        if let outputPath {
            guard FileManager.default.createFile(atPath: outputPath, contents: nil),
                let handle = FileHandle(forWritingAtPath: outputPath)
            else { return -1 }
            process.standardOutput = handle
        }
        do { try process.run() } catch { return -1 }
        process.waitUntilExit()
        return process.terminationReason == .exit ? process.terminationStatus : -1
    }
}
