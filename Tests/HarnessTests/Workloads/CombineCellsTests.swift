import Runner
import StyleKit
import Testing
import Workloads

/// A Combine row makes its cells through makers made for its style (``CombineCells``), one per workload
/// type of the scenario table, with no list of styles anywhere: the project's rows go through exactly
/// what a package's row goes through.
struct CombineCellsTests {
    @Test func everyScenarioOfEveryCombineRowHasAMakerMadeForTheStyle() throws {
        let rows = Registry.projectRows.filter { $0.family == .combine }
        #expect(rows.contains { $0.id == .builtin } && rows.contains { $0.id == .structBridge }, "the filter finds the Combine rows")
        for row in rows {
            let cells = try #require(row.combineCells)
            #expect(ObjectIdentifier(cells.style) == ObjectIdentifier(row.combineStyle!))
            for workload in Scenarios.all {
                #expect(cells.hasMaker(for: type(of: workload)), "\(row.id) / \(workload.name)")
            }
        }
    }

    /// The project's rows are specialised; a row made from an existential style is not, whatever the
    /// build (a debug test build has no cross-module optimisation to specialise a package's row either).
    @Test func onlyARowMadeFromTheStylesOwnTypeIsSpecialised() throws {
        #expect(Registry.projectRows.filter { $0.family == .combine }.allSatisfy { $0.isSpecialised })
        let style = try #require(Registry.implementation(.structBridge).combineStyle)
        let opened = Implementation(
            id: ImplementationID(rawValue: "openedBridge"), family: .combine, summary: "test only",
            supportedOperators: style.supportedOperators, isThreadSafe: true, demand: .subscriberDemand, combineStyle: style
        )
        #expect(!opened.isSpecialised)
        #expect(Implementation(id: .baseline, family: .loop, summary: "", supportedOperators: [], isThreadSafe: false,
                               demand: .none, combineStyle: nil).isSpecialised, "not a Combine row: nothing to specialise")
    }

    /// A workload type the table does not list (a test's own) still gets the style's cell: the style
    /// opened from its existential, the same code unspecialised.
    @Test func aWorkloadTypeTheTableDoesNotListGetsItsCellFromTheOpenedStyle() async throws {
        let row = Registry.implementation(.structBridge)
        #expect(try #require(row.combineCells).hasMaker(for: UnlistedMapWorkload.self) == false)
        guard let results = try await RunnerFixture.run([UnlistedMapWorkload()], [row]) else { return }
        let result = try #require(results.first)
        #expect(result.status == .ok, "\(result.detail)")
        #expect(result.checksum == result.expectedChecksum)
    }
}

/// `map` under a type of the tests' own, which the scenario table does not list.
private struct UnlistedMapWorkload: Workload {
    let map = MapWorkload()
    var name: String { "unlisted map" }
    var summary: String { "test only: map under another type" }
    var unit: MeasuredUnit { map.unit }
    var operators: [OperatorID] { map.operators }

    func reference(input: SeededInput, count: Int) -> Checksum {
        map.reference(input: input, count: count)
    }

    func makeCell(for implementation: Implementation, input: SeededInput) -> any Cell {
        implementation.makeCombineCell(for: self, input: input)
    }

    func makeCombineCell<Style: CombineOperatorStyle>(_ style: Style.Type, input: SeededInput) -> any Cell {
        map.makeCombineCell(style, input: input)
    }
}
