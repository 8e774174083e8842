import CostModel
import Foundation
import Harness
import Testing

/// A run the cost model cannot read is one line naming the file and the problem.
struct CostModelBadInputTests {
    private func loadError(_ change: (CostModelFixture) throws -> Void) throws -> String {
        let fixture = try CostModelFixture()
        defer { fixture.remove() }
        try change(fixture)
        do {
            _ = try MeasuredRuns.load(run: fixture.run, instructionRun: fixture.instructions)
        } catch {
            return error.message
        }
        Issue.record("the run was read")
        return ""
    }

    @Test func aRunWithoutAPriceListIsRefused() throws {
        let message = try loadError { try FileManager.default.removeItem(atPath: "\($0.run)/prices.csv") }
        #expect(message.hasSuffix("/run has no prices.csv: the estimate needs the price list of both runs"), "\(message)")
    }

    @Test func aRunWithoutAnInstructionRunIsRefused() throws {
        let message = try loadError { try FileManager.default.removeItem(atPath: $0.instructions) }
        #expect(message.contains("/run/instructions holds no instruction run (results.csv)"), "\(message)")
    }

    @Test func aBrokenResultsCSVIsRefusedWithItsLine() throws {
        let message = try loadError { fixture in
            let path = "\(fixture.instructions)/results.csv"
            try (String(contentsOfFile: path, encoding: .utf8) + "map,builtin\n").write(toFile: path, atomically: true, encoding: .utf8)
        }
        #expect(message.contains("/run/instructions/results.csv: line 4: expected"), "\(message)")
    }

    @Test func aPriceListWithoutAnArithmeticControlIsRefused() throws {
        let message = try loadError { fixture in
            var prices = CostModelFixture.prices(timed: true)
            prices.rows.removeAll { $0[0] == "independentInstructions" }
            try prices.write(to: "\(fixture.run)/prices.csv")
        }
        let expected = "/run/prices.csv: no ns price of independentInstructions: the estimate needs every event's"
        #expect(message.hasSuffix(expected), "\(message)")
    }

    @Test func aPriceThatIsNotANumberIsRefusedWithItsLine() throws {
        let message = try loadError { fixture in
            var prices = CostModelFixture.prices(timed: false)
            prices.rows[2][2] = "nan"
            try prices.write(to: "\(fixture.instructions)/prices.csv")
        }
        #expect(message.hasSuffix("/run/instructions/prices.csv: line 4, column per_event: 'nan' is not a number"), "\(message)")
    }

    /// A perf counter counts instructions only: nothing to price the events with.
    @Test func anInstructionRunWithoutTheAnatomyIsRefused() throws {
        let message = try loadError { fixture in
            var run = CostModelFixture.instructionRun
            for index in run.cells.indices { run.cells[index].extra = ["instructions_per_unit": "1000", "instructions_source": "perf"] }
            try run.write(to: fixture.instructions)
        }
        let expected = "/run/instructions/results.csv has no retains_per_unit: the estimate prices the cost anatomy"
        #expect(message.contains(expected), "\(message)")
    }

    @Test func aTimeRunGivenAsTheInstructionRunIsRefused() throws {
        let message = try loadError { fixture in
            try FileManager.default.removeItem(atPath: "\(fixture.instructions)/environment.csv")
            try CostModelFixture.timeRun.write(to: fixture.instructions)
        }
        #expect(message.contains("/run/instructions/results.csv holds times: give a run of run --metric instructions"), "\(message)")
    }
}
