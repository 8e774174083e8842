import ArgumentParser
import Foundation
import Harness

struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print what a run directory holds: every file's columns, and the names and colours its charts use.",
        discussion: """
            Every CSV file's columns (name, unit, meaning), the implementations in report order (family, \
            thread-safety, colour, when to use each), the scenarios' parameters, and the anatomy counters, \
            instruction components, simulated events and price-list events with their titles. Every run \
            writes the JSON as schema.json into its directory; docs/CSV.md holds the Markdown tables.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json, markdown
    }

    @Option(name: .long, help: "json or markdown.")
    var format = Format.json

    @Option(name: .long, help: "Rewrite the generated tables of this Markdown file (docs/CSV.md) in place, between their markers.")
    var update: String?

    func validate() throws {
        if update != nil && format != .markdown { throw ValidationError("--update rewrites Markdown: give --format markdown") }
    }

    func run() throws {
        let schema = RunSchema.current
        guard let update else {
            print(format == .json ? schema.json() : schema.markdown(), terminator: "")
            return
        }
        let document: String
        do {
            document = try String(contentsOfFile: update, encoding: .utf8)
        } catch {
            throw BadInput("cannot read \(update): \(error.localizedDescription)")
        }
        let missing = schema.blocksMissing(from: document)
        guard missing.isEmpty else {
            throw BadInput(
                "\(update) lacks the blocks \(missing.joined(separator: ", ")): add each as `schema --format markdown` prints it"
            )
        }
        do throws(HarnessError) {
            try AtomicFile.write(Array(schema.spliced(into: document).utf8), to: update)
        } catch {
            throw OutputFailure(error.message)
        }
        print("updated \(update)")
    }
}
