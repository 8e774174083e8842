import Foundation
import Harness
import Runner
import Testing
import Workloads

/// `reactive-bench schema`: the tool's own declarations, as JSON for scripts and as the Markdown tables of
/// docs/CSV.md, which must be exactly what the tool prints.
struct CLISchemaTests {
    private func schema() async throws -> [String: Any]? {
        guard let tool = ToolBinary.sameBuild() else { return nil }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let outcome = try await ToolProcess.run(tool, ["schema", "--format", "json"], in: directory.path)
        #expect(outcome.exitedNormally && outcome.exitStatus == 0 && outcome.standardError.isEmpty, "\(outcome)")
        return try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any]
    }

    private func names(_ entries: Any?, _ key: String = "name") -> [String] {
        (entries as? [[String: Any]] ?? []).compactMap { $0[key] as? String }
    }

    @Test func theJSONDeclaresEveryFileTheWritersWriteColumnByColumn() async throws {
        guard let schema = try await schema() else { return }
        let files = schema["files"] as? [[String: Any]] ?? []
        let written = [
            "results.csv": ResultTable.schema.header, "fits.csv": FitTable.schema.header, "prices.csv": PriceList.schema.header,
        ]
        for (file, header) in written {
            let declared = try #require(files.first { $0["file"] as? String == file }, "\(file) is declared")
            #expect(names(declared["columns"]) == header, "\(file)")
            for column in declared["columns"] as? [[String: Any]] ?? [] {
                #expect(!(column["meaning"] as? String ?? "").isEmpty && !(column["unit"] as? String ?? "").isEmpty, "\(column)")
            }
        }
        #expect(files.first { $0["file"] as? String == "results.csv" }?["schemaVersion"] as? Int == ResultTable.schemaVersion)
    }

    @Test func theJSONNamesTheImplementationsInReportOrderWithTheirColoursAndTheTitles() async throws {
        guard let schema = try await schema() else { return }
        let implementations = schema["implementations"] as? [[String: Any]] ?? []
        #expect(names(implementations, "id") == Registry.all.map(\.id.rawValue))
        let colours = Registry.colours
        for (entry, row) in zip(implementations, Registry.all) {
            #expect(entry["colour"] as? String == colours[row.id], "\(row.id)")
            #expect(entry["isThreadSafe"] as? Bool == row.isThreadSafe && entry["family"] as? String == row.family.rawValue)
        }
        #expect(names(schema["anatomyCounters"]) == AnatomyCounter.allCases.map(\.columnStem))
        #expect(names(schema["anatomyCounters"], "title") == AnatomyCounter.allCases.map(\.title))
        #expect(names(schema["instructionComponents"], "title") == InstructionComponent.allCases.map(\.title))
        #expect(names(schema["simulatedEvents"]) == SimulatedEvent.allCases.map(\.columnStem))
        let events = names(schema["priceEvents"])
        #expect(events.first == AnatomyControlAction.retainRelease.rawValue && events.last == PriceList.deepFrame)
        let scenarios = schema["scenarios"] as? [[String: Any]] ?? []
        #expect(names(scenarios, "scenario") == Scenarios.all.map(\.scenario).reduce(into: []) { $0.contains($1) ? () : $0.append($1) })
        let filterDepth = scenarios.first { $0["scenario"] as? String == "filterDepth" }
        #expect(filterDepth?["parameterTitle"] as? String == "filter operators in the chain (depth)")
    }

    /// docs/CSV.md holds every table `schema --format markdown` prints, between its markers, as printed.
    @Test func docsCSVHoldsTheTablesTheToolPrints() async throws {
        guard let tool = ToolBinary.sameBuild() else { return }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let document = "\(ToolBinary.packageRoot)/docs/CSV.md"
        let copy = directory.appending("CSV.md")
        try FileManager.default.copyItem(atPath: document, toPath: copy)
        let outcome = try await ToolProcess.run(tool, ["schema", "--format", "markdown", "--update", copy], in: directory.path)
        #expect(outcome.exitedNormally && outcome.exitStatus == 0, "\(outcome)")
        #expect(
            try String(contentsOfFile: copy, encoding: .utf8) == String(contentsOfFile: document, encoding: .utf8),
            "docs/CSV.md's generated tables differ from the tool's schema: regenerate them with `swift run reactive-bench schema --format markdown --update docs/CSV.md`"
        )
    }

    @Test func updateTakesMarkdownAndADocumentWithEveryBlock() async throws {
        guard let tool = ToolBinary.sameBuild() else { return }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let json = try await ToolProcess.run(tool, ["schema", "--update", "x.md"], in: directory.path)
        #expect(json.exitStatus == 2 && json.errorLines.count == 1 && json.errorLines[0].contains("--format markdown"), "\(json)")
        try Data("# nothing generated here\n".utf8).write(to: URL(fileURLWithPath: directory.appending("empty.md")))
        let empty = try await ToolProcess.run(tool, ["schema", "--format", "markdown", "--update", "empty.md"], in: directory.path)
        #expect(empty.exitStatus == 2 && empty.errorLines.count == 1 && empty.errorLines[0].contains("results.csv"), "\(empty)")
        #expect(try String(contentsOfFile: directory.appending("empty.md"), encoding: .utf8) == "# nothing generated here\n")
    }
}
