import Harness
import Testing

/// Reading callgrind's cache and branch simulation from a part file's totals (`run --metric instructions
/// --simulate`), and the iai-callgrind / CodSpeed estimate made from them.
struct SimulatedEventsTests {
    /// A part file of a simulated run: the `events:` line names them all, and `totals:` leaves out the
    /// zeros at its end, as callgrind does.
    static let part = """
        events: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw Bc Bcm Bi Bim Ge
        fn=(1) main
        0 1000 300 200 4 20 10 1 5 2 150 7 30 3
        totals: 1000 300 200 4 20 10 1 5 2 150 7 30 3
        """

    @Test func eachEventIsItsCountersSumAndTheEstimateIsIaiCallgrinds() throws {
        let graph = CallgrindCallGraph(parsing: Self.part)
        let events = try #require(SimulatedEvents(totals: graph.totals))
        #expect(events[.conditionalBranches] == 150 && events[.conditionalMispredictions] == 7)
        #expect(events[.indirectBranches] == 30 && events[.indirectMispredictions] == 3)
        #expect(events[.l1Misses] == 34, "I1mr + D1mr + D1mw")
        #expect(events[.llMisses] == 8, "ILmr + DLmr + DLmw")
        // 1,500 accesses: 1,466 first-level hits, 26 last-level hits, 8 from memory.
        #expect(events[.estimatedCycles] == 1466 + 5 * 26 + 35 * 8)
        #expect(graph.totals["Ge"] == 0, "an event the totals line leaves out at its end is 0")
    }

    @Test func aPartWithoutTheSimulationHasNoSimulatedEvents() {
        let graph = CallgrindCallGraph(parsing: "events: Ir Ge\nfn=(1) main\n0 1000 2\ntotals: 1000 2\n")
        #expect(SimulatedEvents(totals: graph.totals) == nil)
    }

    @Test func perUnitMediansAreOverTheRegionsRepetitions() {
        func sample(_ region: InstructionSample.Region, units: Int, branches: Double) -> InstructionSample {
            var events = SimulatedEvents()
            events[.conditionalBranches] = branches
            return InstructionSample(region: region, units: units, instructions: 1, simulated: events)
        }
        let samples = [
            sample(.steady, units: 100, branches: 200), sample(.steady, units: 100, branches: 300),
            sample(.steady, units: 100, branches: 900), sample(.setup, units: 1, branches: 50),
        ]
        #expect(SimulatedEvents.perUnitMedian(samples, region: .steady)?[.conditionalBranches] == 3)
        #expect(SimulatedEvents.perUnitMedian(samples, region: .setup)?[.conditionalBranches] == 50)
        #expect(SimulatedEvents.perUnitMedian([InstructionSample(region: .steady, units: 1, instructions: 1)], region: .steady) == nil)
    }
}
