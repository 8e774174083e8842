import ArgumentParser
import Foundation
import Harness

/// What `ab --base X` and `--new Y` name, made into a `reactive-bench` executable: a tool, a directory
/// holding one (a build's bin directory, or a package checkout with a release build), or a git revision
/// of the repository in the working directory, built in a worktree of its own with the same flags as
/// the running tool (release, and its cross-module optimisation setting).
struct BuildResolver {
    /// One side, resolved.
    struct Build {
        let executable: String
        /// The commit it was built from, when known (a revision, or the HEAD of the git work tree the
        /// executable lies in).
        let commit: String?
        /// Whether that work tree had uncommitted changes to tracked files: false for a revision (built
        /// from the commit alone), nil when unknown.
        let treeDirty: Bool?
        /// How it was named and found, for the report: `HEAD~1 (3f2a9c1e40) built in .build/ab/3f2a9c1e40`.
        let description: String
    }

    let log: (String) -> Void
    /// The tool's product name: this one's (`reactive-bench`, or a package's own tool such as `my-bench`),
    /// which a directory or a revision of the same package builds too.
    let product = URL(fileURLWithPath: RunCommand.executablePath).lastPathComponent

    func resolve(_ name: String, option: String) throws -> Build {
        guard !name.isEmpty else { throw BadInput("\(option) '' names no build") }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: name, isDirectory: &isDirectory) {
            return try isDirectory.boolValue ? directory(name, option: option) : tool(name, option: option)
        }
        return try revision(name, option: option)
    }

    // MARK: - Paths

    private func tool(_ path: String, option: String) throws -> Build {
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw BadInput("\(option) \(path) is a file but not an executable: give a reactive-bench tool, a directory holding one, or a git revision")
        }
        return checkedOut(absolute(path), description: path)
    }

    private func directory(_ path: String, option: String) throws -> Build {
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        // A directory is "executable" too (its x bit): only a regular file is a tool.
        for candidate in ["\(trimmed)/\(product)", "\(trimmed)/.build/release/\(product)"]
        where FileManager.default.isExecutableFile(atPath: candidate) && !isDirectory(candidate) {
            return checkedOut(absolute(candidate), description: candidate)
        }
        if FileManager.default.fileExists(atPath: "\(trimmed)/Package.swift") {
            throw BadInput(
                "\(option) \(path) has no release build: run `swift build -c release --product \(product)` in it, "
                    + "or give a git revision to build"
            )
        }
        throw BadInput("\(option) \(path) holds no \(product) tool (nor .build/release/\(product))")
    }

    // MARK: - Revisions

    /// Builds `revision` in `<repository>/.build/ab/<commit>` (a detached worktree), unless a release tool
    /// is already there: a commit's tree never changes, so its build can be reused.
    private func revision(_ revision: String, option: String) throws -> Build {
        guard let root = git(["rev-parse", "--show-toplevel"], in: ".") else {
            throw BadInput(
                "\(option) '\(revision)' is no tool, no directory, and no git revision: the working directory is not in a git repository"
            )
        }
        guard let commit = git(["rev-parse", "--verify", "--quiet", "\(revision)^{commit}"], in: root) else {
            throw BadInput("\(option) '\(revision)' is no tool, no directory, and no git revision of \(root)")
        }
        let short = String(commit.prefix(10))
        let worktree = "\(root)/.build/ab/\(short)"
        let executable = "\(worktree)/.build/release/\(product)"
        let description = "\(revision) (\(short)) built in .build/ab/\(short)"
        if FileManager.default.isExecutableFile(atPath: executable) {
            log("\(option) \(revision): \(commit), built before in \(worktree)")
            return Build(executable: executable, commit: commit, treeDirty: false, description: description)
        }
        if !FileManager.default.fileExists(atPath: worktree) {
            log("\(option) \(revision): \(commit): git worktree add --detach \(worktree)")
            try run("git", ["worktree", "add", "--detach", worktree, commit], in: root, logTo: nil, failure: "cannot make a worktree of \(revision)")
        }
        log("\(option) \(revision): swift build -c release --product \(product) in \(worktree) (a few minutes the first time)")
        var environment = ProcessInfo.processInfo.environment
        environment["REACTIVE_BENCH_CMO"] = RunEnvironment.builtWithCrossModuleOptimization ? "1" : "0"
        environment["REACTIVE_BENCH_ALIGN"] = RunEnvironment.builtWithCodeAlignment ? "1" : "0"
        try run(
            "swift", ["build", "-c", "release", "--product", product], in: worktree, environment: environment,
            logTo: "\(worktree)/ab-build.log", failure: "building \(revision) failed"
        )
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw BadInput("building \(revision) made no \(executable)")
        }
        return Build(executable: executable, commit: commit, treeDirty: false, description: description)
    }

    /// A build found as a file: the commit and state of the git work tree it lies in (a checkout's
    /// `.build/release/reactive-bench`), or unknown outside one.
    private func checkedOut(_ executable: String, description: String) -> Build {
        let directory = (executable as NSString).deletingLastPathComponent
        guard let commit = git(["rev-parse", "HEAD"], in: directory) else {
            return Build(executable: executable, commit: nil, treeDirty: nil, description: description)
        }
        let changes = gitOutput(["status", "--porcelain", "--untracked-files=no"], in: directory)
        return Build(executable: executable, commit: commit, treeDirty: changes.map { !$0.isEmpty }, description: description)
    }

    /// `git arguments` in `directory`: its first line of output, or nil when it fails.
    private func git(_ arguments: [String], in directory: String) -> String? {
        let line = gitOutput(arguments, in: directory)?.split(separator: "\n").first.map(String.init)
        return line.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// `git arguments` in `directory`: its whole output, or nil when it fails.
    private func gitOutput(_ arguments: [String], in directory: String) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", directory] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// Runs a command to completion, its output into `logTo` (or discarded); a failure is one line. A
    /// SIGINT or SIGTERM to the tool ends it and everything it started (`swift build`'s compilers).
    private func run(
        _ command: String, _ arguments: [String], in directory: String, environment: [String: String]? = nil,
        logTo logPath: String?, failure: String
    ) throws {
        let ending: ChildProcess.Ending
        do {
            ending = try ChildProcess.run(
                "/usr/bin/env", [command] + arguments, timeLimit: .infinity, environment: environment,
                standardErrorPath: logPath ?? "/dev/null", standardOutputPath: logPath, directory: directory,
                shouldStop: Interruption.requested
            )
        } catch {
            throw BadInput("\(failure): cannot start \(command): \(error)")
        }
        switch ending {
        case .exited(status: 0): return
        case .stopped:
            FileHandle.standardError.write(Data("error: interrupted: \(command) stopped, nothing measured\n".utf8))
            throw ExitCode(130)
        default: throw BadInput("\(failure) (\(ending)\(logPath.map { "; see \($0)" } ?? ""))")
        }
    }

    private func isDirectory(_ path: String) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
    }

    private func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}
