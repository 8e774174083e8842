import ArgumentParser
import Foundation

@main
struct ReactiveBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reactive-bench",
        abstract: "What does each way of writing a reactive operator cost?",
        discussion: """
            Runs the same workloads over every implementation style and writes one CSV row per cell.
            Exit status: 0 when every cell is ok or unsupported, 1 when a cell failed (for example a
            checksum mismatch), 2 on bad input, 3 when the results could not be written (a full disk),
            130 when SIGINT or SIGTERM stopped a run.
            """,
        subcommands: [
            ListCommand.self, RunCommand.self, MergeCommand.self, SummaryCommand.self, CompareCommand.self,
            ABCommand.self, ProfileCommand.self, CellCommand.self,
        ]
    )

    /// ArgumentParser reports bad input with a usage block and exit status 64; ReactiveBench promises
    /// one line naming the problem and exit status 2, for every kind of bad input.
    static func main() {
        do {
            try checkCommandName(Array(CommandLine.arguments.dropFirst()))
            var command = try parseAsRoot()
            try command.run()
        } catch let exit as ExitCode {
            Self.exit(withError: exit)
        } catch let failure as OutputFailure {
            FileHandle.standardError.write(Data("error: \(failure.description)\n".utf8))
            Self.exit(withError: ExitCode(OutputFailure.exitStatus))
        } catch {
            guard exitCode(for: error) != .success else { Self.exit(withError: error) }
            let message = message(for: error)
            let line = message.split(separator: "\n").first.map(String.init) ?? "\(error)"
            let text = line.lowercased().hasPrefix("error:") ? line : "error: \(line)"
            FileHandle.standardError.write(Data("\(text)\n".utf8))
            Self.exit(withError: ExitCode(2))
        }
    }
}

extension ReactiveBench {
    /// The commands people type (`cell` is the tool's own).
    static let commandNames = ["list", "run", "merge", "summary", "compare", "ab", "profile"]

    /// A first argument that is neither an option nor a command is a mistyped command: ArgumentParser
    /// would call it an unexpected argument; this names the closest command instead.
    static func checkCommandName(_ arguments: [String]) throws {
        guard let first = arguments.first, !first.hasPrefix("-"),
            !(commandNames + [CellCommand.configuration.commandName!, "help"]).contains(first)
        else { return }
        let hint = Selection.closest(to: first, among: commandNames).map { " (did you mean '\($0)'?)" } ?? ""
        throw BadInput("unknown command '\(first)'\(hint); commands: \(commandNames.joined(separator: ", "))")
    }
}

/// One clear line on stderr and exit status 2: how every kind of bad input ends.
struct BadInput: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}
