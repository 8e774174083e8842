import ArgumentParser
import Foundation

/// The command line: `reactive-bench` and every executable that calls ``ReactiveBench/main(adding:)``.
struct RootCommand: ParsableCommand {
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
            ListCommand.self, RunCommand.self, MergeCommand.self, SummaryCommand.self, EstimateCommand.self,
            CompareCommand.self, ABCommand.self, ProfileCommand.self, OrderingsCommand.self, SchemaCommand.self,
            CellCommand.self, InterleavedCellsCommand.self,
        ]
    )

}

extension RootCommand {
    /// The commands people type (`cell` and `interleaved-cells` are the tool's own).
    static let commandNames = ["list", "run", "merge", "summary", "estimate", "compare", "ab", "profile", "orderings", "schema"]

    /// A first argument that is neither an option nor a command is a mistyped command: ArgumentParser
    /// would call it an unexpected argument; this names the closest command instead.
    static func checkCommandName(_ arguments: [String]) throws {
        guard let first = arguments.first, !first.hasPrefix("-"),
            !(commandNames + [CellCommand.configuration.commandName!, InterleavedCellsCommand.configuration.commandName!, "help"])
                .contains(first)
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
