import CostModel
import Foundation
import Testing

/// `reactive-bench estimate RUN_DIR`, in the build the tests are in (it reads CSV only: a debug build runs it).
struct CLIEstimateTests {
    @Test func writesTheFourFilesAndSaysHowManyCellsAreWithin() async throws {
        guard let tool = ToolBinary.sameBuild() else { return }
        let fixture = try CostModelFixture()
        defer { fixture.remove() }
        let outcome = try await ToolProcess.run(tool, ["estimate", fixture.run], in: fixture.directory.path)
        #expect(outcome.exitedNormally && outcome.exitStatus == 0, "\(outcome)")
        let names = CostModelFiles.declarations.map(\.file)
        #expect(outcome.standardOutput == names.map { "wrote \(fixture.run)/\($0)\n" }.joined()
            + "0 of 2 cells within ±20% of their measured median, median error 74%\n")
        for name in names { #expect(FileManager.default.fileExists(atPath: "\(fixture.run)/\(name)"), "\(name)") }
    }

    /// Bad input is one `error:` line and exit status 2, and the run directory is left as it was: no file
    /// written, none half-written, none removed.
    @Test func badInputIsOneLineAndWritesNothing() async throws {
        guard let tool = ToolBinary.sameBuild() else { return }
        let fixture = try CostModelFixture()
        defer { fixture.remove() }
        try "an earlier estimate\n".write(toFile: "\(fixture.run)/estimates.csv", atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: "\(fixture.instructions)/prices.csv")
        let before = try FileManager.default.contentsOfDirectory(atPath: fixture.run).sorted()
        let outcome = try await ToolProcess.run(tool, ["estimate", fixture.run], in: fixture.directory.path)
        #expect(outcome.exitedNormally && outcome.exitStatus == 2, "\(outcome)")
        #expect(outcome.errorLines.map(String.init) == [
            "error: \(fixture.instructions) has no prices.csv: the estimate needs the price list of both runs",
        ])
        #expect(outcome.standardOutput.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.run).sorted() == before)
        #expect(try String(contentsOfFile: "\(fixture.run)/estimates.csv", encoding: .utf8) == "an earlier estimate\n")
    }
}
