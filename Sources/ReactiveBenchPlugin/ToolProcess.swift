import Foundation
import PackagePlugin

/// The tool run with the user's arguments, its output passed through as it comes.
///
/// SwiftPM ends a plugin that exits with a status of its own with a second `error:` line ("Plugin ended
/// with exit code 2"), and `swift package` exits 1 for any failure. So the tool's `error:` lines are held
/// back from its standard error and handed to SwiftPM as the plugin's errors: a failure reads as the one
/// line the tool wrote, and `swift package` exits 1. (Which status the tool gave is in that line, or, for
/// a status without one, in the plugin's own line; a script that needs the status itself runs the built
/// tool, which `swift build -c release --product <tool>` finds built.)
struct ToolProcess {
    let executable: URL
    let arguments: [String]

    func run() throws {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        // The plugin's own standard input and output are its channel to SwiftPM, which PackagePlugin moves
        // aside; the tool reads nothing, and what it writes reaches the terminal through SwiftPM.
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.standardOutput
        let errors = Pipe()
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw PluginFailure("could not start \(executable.path): \(error.localizedDescription)")
        }
        var filter = ErrorLineFilter()
        let reader = errors.fileHandleForReading
        // What is there as soon as it is there (`read(upToCount:)` would wait for the whole count): a
        // progress line must move.
        while case let chunk = reader.availableData, !chunk.isEmpty {
            forward(filter.pass(chunk))
        }
        forward(filter.finish())
        process.waitUntilExit()
        try report(process, heldErrors: filter.heldErrors)
    }

    private func forward(_ bytes: Data) {
        if !bytes.isEmpty { FileHandle.standardError.write(bytes) }
    }

    private func report(_ process: Process, heldErrors: [String]) throws {
        let name = "\(executable.lastPathComponent) \(arguments.first ?? "")".trimmingCharacters(in: .whitespaces)
        let status = process.terminationStatus
        if process.terminationReason == .uncaughtSignal {
            heldErrors.forEach { Diagnostics.error($0) }
            throw PluginFailure("\(name) was ended by signal \(status)")
        }
        guard status != 0 else {
            // An `error:` line from a run that still succeeded is passed on as it was.
            heldErrors.forEach { standardError("error: \($0)") }
            return
        }
        guard let last = heldErrors.last else {
            throw PluginFailure("\(name) exited with status \(status) (what it printed above says why)")
        }
        heldErrors.dropLast().forEach { Diagnostics.error($0) }
        throw PluginFailure(status == 2 ? last : "\(last) (exit status \(status))")
    }
}

/// Splits a stream of bytes into what passes through at once and the lines that begin `error: `, which
/// are held back whole. A line that cannot begin so any more passes as soon as that is known, so a
/// progress line rewritten with carriage returns still moves.
struct ErrorLineFilter {
    private static let prefix = Data("error: ".utf8)
    private static let newline = UInt8(ascii: "\n")

    /// The held lines, without their prefix and newline.
    private(set) var heldErrors: [String] = []
    /// The start of the current line while it may still be an error line.
    private var undecided = Data()
    /// Whether the current line has been found not to be one and is being passed through.
    private var passing = false

    /// What of `chunk` passes through now.
    mutating func pass(_ chunk: Data) -> Data {
        var out = Data()
        for byte in chunk {
            if passing {
                out.append(byte)
                if byte == Self.newline { passing = false }
                continue
            }
            undecided.append(byte)
            if byte == Self.newline {
                if undecided.starts(with: Self.prefix) {
                    heldErrors.append(String(decoding: undecided.dropFirst(Self.prefix.count).dropLast(), as: UTF8.self))
                } else {
                    out.append(undecided)
                }
                undecided.removeAll()
            } else if !Self.prefix.starts(with: undecided) && !undecided.starts(with: Self.prefix) {
                out.append(undecided)
                undecided.removeAll()
                passing = true
            }
        }
        return out
    }

    /// What is left when the stream ends: an unfinished error line is held, anything else passes.
    mutating func finish() -> Data {
        defer { undecided.removeAll() }
        if undecided.starts(with: Self.prefix) {
            heldErrors.append(String(decoding: undecided.dropFirst(Self.prefix.count), as: UTF8.self))
            return Data()
        }
        return undecided
    }
}
