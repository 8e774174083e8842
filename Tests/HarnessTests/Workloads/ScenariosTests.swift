import Runner
import Testing
import Workloads

/// The scenario table: stable, unique keys; and the default run keeps every scenario, each numeric sweep
/// at its middle value only, so that it stays short (`run --full` runs every value).
struct ScenariosTests {
    @Test func namesAreUniqueAndNameTheirScenarioAndParameter() {
        let names = Scenarios.all.map(\.name)
        #expect(Set(names).count == names.count)
        for workload in Scenarios.all {
            let expected = workload.parameter.map { "\(workload.scenario) (\($0))" } ?? workload.scenario
            #expect(workload.name == expected)
            #expect(Scenarios.named(workload.name)?.name == workload.name)
        }
    }

    @Test func theDefaultRunKeepsEveryScenarioAndOnlyTheMiddleOfEachNumericSweep() {
        #expect(Set(Scenarios.standard.map(\.scenario)) == Set(Scenarios.all.map(\.scenario)))
        let parameters = { (scenario: String) in
            Scenarios.standard.filter { $0.scenario == scenario }.map(\.parameter)
        }
        #expect(parameters("pipelineDepth") == ["4"])
        #expect(parameters("withLatestFrom") == ["10"])
        #expect(parameters("sample") == ["10"])
        #expect(parameters("sampleWithFrom") == ["10"])
        #expect(parameters("map") == [nil, "struct64", "object"], "element types are not a sweep")
        let standard = Set(Scenarios.standard.map(\.name))
        #expect(Scenarios.all.filter { standard.contains($0.name) }.map(\.name) == Scenarios.standard.map(\.name), "in table order")
    }
}
