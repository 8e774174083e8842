import ArgumentParser

@main
struct ReactiveBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reactive-bench",
        abstract: "What does each way of writing a reactive operator cost?",
        discussion: """
            Runs the same workloads over every implementation style and writes one CSV row per cell.
            Exit status: 0 when every cell is ok or unsupported, 1 when a cell failed (for example a
            checksum mismatch), 2 on bad input.
            """,
        subcommands: [ListCommand.self, RunCommand.self]
    )
}

/// One clear line on stderr and exit status 2: how every kind of bad input ends.
struct BadInput: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}
