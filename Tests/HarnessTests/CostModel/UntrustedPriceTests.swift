import CostModel
import Foundation
import Harness
import Runner
import Testing

/// A price the time run's prices.csv marks as not trusted (`trusted` `false`) is not used: its event is priced as
/// the instructions the cell executes for it, estimate_parts.csv says why, and an arithmetic control's marked
/// price, which every instruction is priced with, leaves no estimate. Prices of ``CostModelFixture``.
struct UntrustedPriceTests {
    private func prices(_ fixture: CostModelFixture) throws(HarnessError) -> EstimatePrices {
        try EstimatePrices.load(timeRun: fixture.run, instructionRun: fixture.instructions)
    }

    /// The lock's 12 ns marked: no ns price, no longer priced as an event. `map`'s 1,000 instructions, 2 pairs
    /// (60 each), 1 lock (70) and 5 atomics (4 the pairs'): the lock's 70 instructions stay among the others,
    /// 1000 - 120 - 10 = 870 at 0.125 ns, and it costs nothing of its own.
    @Test func aMarkedEventPriceIsLeftOutAndItsEventPricedAsItsInstructions() throws {
        let fixture = try CostModelFixture()
        defer { fixture.remove() }
        try CostModelFixture.timePrices(marking: "lock", reason: "too wide").write(to: "\(fixture.run)/prices.csv")
        let prices = try prices(fixture)
        #expect(prices.nanoseconds["lock"] == nil && prices.unpriced == ["lock": "too wide"])
        #expect(!prices.pricedAsInstructions.contains("lock"), "left out, not priced as cheap")
        let priced = prices.price(instructions: 1000, counts: [.retains: 2, .lockAcquisitions: 1, .atomicRMWs: 5])
        #expect(priced.events == [20, 0, 0, 0, 0, 0, 5])
        #expect(priced.otherInstructions == 870 && priced.otherInstructionsNanoseconds == 108.75)

        try fixture.estimate()
        let parts = try fixture.lines(EstimatePart.schema.file)
        #expect(parts.contains(
            "lock,lock,lock_ns_per_unit,lock_acquisitions_per_unit,false,,70,prices.csv marks its price as not trusted: too wide"
        ), "\(parts)")
        let estimates = try CSVTable.read(from: "\(fixture.run)/\(CellEstimate.schema.file)")
        let map = try #require(estimates.rows.first { $0[estimates.column("workload")!] == "map" })
        #expect(map[estimates.column("lock_ns_per_unit")!] == "0")
        #expect(map[estimates.column(CostModelColumns.otherInstructions.name)!] == "870")
    }

    /// The same with the untouched list: the lock at its 12 ns, its instructions taken off the others.
    @Test func theSameEventTrustedIsPricedAtItsControl() throws {
        let fixture = try CostModelFixture()
        defer { fixture.remove() }
        let prices = try prices(fixture)
        #expect(prices.nanoseconds["lock"] == 12 && prices.unpriced.isEmpty)
        let priced = prices.price(instructions: 1000, counts: [.retains: 2, .lockAcquisitions: 1, .atomicRMWs: 5])
        #expect(priced.events == [20, 0, 12, 0, 0, 0, 5] && priced.otherInstructions == 800)
    }

    /// deepFrame marked (its frames row too, as the run marks both): no frames beyond the predictor are charged.
    @Test func aMarkedDeepFrameChargesNoFrames() throws {
        let fixture = try CostModelFixture()
        defer { fixture.remove() }
        var table = CostModelFixture.timePrices(marking: "deepFrame", reason: "no bend measured")
        let frames = table.rows.firstIndex { $0[0] == "deepFrame" && $0[1] == "frames" }!
        table.rows[frames] = ["deepFrame", "frames", "", "", "", "", "", "false", "read off the same times"]
        try table.write(to: "\(fixture.run)/prices.csv")
        let prices = try prices(fixture)
        #expect(prices.deepFrame == nil && prices.unpriced == ["deepFrame": "no bend measured"])
        #expect(prices.framesBeyondPredictor(callDepth: 42) == 0)
        try fixture.estimate()
        #expect(try fixture.lines(EstimatePart.schema.file).contains(
            "deepFrame,calls deeper than the return predictor,deepFrame_ns_per_unit,call_depth,false,,,"
                + "prices.csv marks its price as not trusted: no bend measured"
        ))
    }

    /// Every instruction no event accounts for is priced at independentInstructions': marked, there is no estimate.
    @Test func aMarkedArithmeticPriceLeavesNoEstimate() throws {
        let fixture = try CostModelFixture()
        defer { fixture.remove() }
        try CostModelFixture.timePrices(marking: "independentInstructions", reason: "measured at 1.84 ns below 0")
            .write(to: "\(fixture.run)/prices.csv")
        do {
            _ = try prices(fixture)
            Issue.record("an estimate without its price per instruction")
        } catch {
            #expect(error.message.hasSuffix(
                "/run/prices.csv: the ns price of independentInstructions is not trusted (measured at 1.84 ns below 0): the estimate "
                    + "needs it; measure the price list again (run --prices) on a quieter machine"
            ), "\(error.message)")
        }
    }

    /// A price list written before `trusted` existed (results/reference's): every row holds.
    @Test func aPriceListWithoutTheTrustedColumnTrustsEveryRow() throws {
        let fixture = try CostModelFixture()
        defer { fixture.remove() }
        let withTheColumn = try prices(fixture)
        let table = CostModelFixture.prices(timed: true)
        #expect(table.header.suffix(2) == [PriceColumn.trusted.name, PriceColumn.reason.name])
        let old = CSVTable(header: table.header.dropLast(2), rows: table.rows.map { $0.dropLast(2) })
        try old.write(to: "\(fixture.run)/prices.csv")
        #expect(try prices(fixture) == withTheColumn)
    }

    /// `trusted` is `true` or `false`; anything else is one line naming the file, the line and the column.
    @Test func aTrustedThatIsNeitherTrueNorFalseIsRefusedWithItsLine() throws {
        let fixture = try CostModelFixture()
        defer { fixture.remove() }
        var table = CostModelFixture.prices(timed: true)
        table.rows[1][7] = "yes"
        try table.write(to: "\(fixture.run)/prices.csv")
        do {
            _ = try prices(fixture)
            Issue.record("read")
        } catch {
            #expect(error.message.hasSuffix("/run/prices.csv: line 3, column trusted: 'yes' is neither true nor false"), "\(error.message)")
        }
    }
}
