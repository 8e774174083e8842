import Runner
import Testing
import Workloads

/// The scenario table: stable, unique keys; and the default run keeps every scenario, each numeric sweep
/// at its middle value only, so that it stays short (`run --full` runs every value).
struct ScenariosTests {
    @Test func namesAreUniqueAndNameTheirScenarioParameterAndSource() {
        let names = Scenarios.all.map(\.name)
        #expect(Set(names).count == names.count)
        for workload in Scenarios.all {
            let subjectName = workload.parameter.map { "\(workload.scenario) (\($0))" } ?? workload.scenario
            let expected = workload.sourceAxis == .direct ? subjectName + " [direct]" : subjectName
            #expect(workload.name == expected)
            #expect(Scenarios.named(workload.name)?.name == workload.name)
        }
    }

    /// Every workload whose source is not under test runs over both sources, the direct row right after
    /// the subject row; `fanOut`, `asyncHop` and `contention` measure their subjects and have no axis.
    @Test func everySourcedWorkloadHasADirectRowRightAfterItsSubjectRow() throws {
        let all = Scenarios.all
        for (index, workload) in all.enumerated() where workload.sourceAxis == .subject {
            let direct = try #require(all.indices.contains(index + 1) ? all[index + 1] : nil)
            #expect(direct.name == workload.name + " [direct]")
            #expect(direct.sourceAxis == .direct)
            #expect(direct.scenario == workload.scenario && direct.parameter == workload.parameter)
            #expect(direct.unit == workload.unit && direct.operators == workload.operators)
        }
        let withoutAxis = Set(all.filter { $0.sourceAxis == nil }.map(\.scenario))
        #expect(withoutAxis == ["fanOut", "fanOutCustomSubject", "asyncHop", "contention"])
        #expect(all.filter { $0.sourceAxis == .subject }.count == all.filter { $0.sourceAxis == .direct }.count)
    }

    @Test func theDefaultRunKeepsADirectRowOfAHandfulOfWorkloads() {
        let direct = Scenarios.standard.filter { $0.sourceAxis == .direct }.map(\.name)
        #expect(
            direct == [
                "floor [direct]", "map [direct]", "mapFilterScan [direct]",
                "pipelineDepth (1) [direct]", "pipelineDepth (4) [direct]", "pipelineDepth (16) [direct]",
                "filterDepth (1) [direct]", "filterDepth (4) [direct]", "filterDepth (16) [direct]",
                "scanDepth (1) [direct]", "scanDepth (4) [direct]", "scanDepth (16) [direct]",
                "withLatestFrom (10) [direct]", "subscribeChurn (4) [direct]",
            ]
        )
    }

    /// Three depths of each depth sweep (a fit needs three), the middle of every other numeric sweep.
    @Test func theDefaultRunKeepsEveryScenarioAndOnlyTheMiddleOfEachNumericSweep() {
        #expect(Set(Scenarios.standard.map(\.scenario)) == Set(Scenarios.all.map(\.scenario)))
        let parameters = { (scenario: String) in
            Scenarios.standard.filter { $0.scenario == scenario && $0.sourceAxis != .direct }.map(\.parameter)
        }
        #expect(parameters("pipelineDepth") == ["1", "4", "16"])
        #expect(parameters("filterDepth").isEmpty && parameters("scanDepth").isEmpty, "over the direct source only")
        #expect(parameters("withLatestFrom") == ["10"])
        #expect(parameters("sample") == ["10"])
        #expect(parameters("sampleWithFrom") == ["10"])
        #expect(parameters("map") == [nil, "struct64", "object"], "element types are not a sweep")
        let standard = Set(Scenarios.standard.map(\.name))
        #expect(Scenarios.all.filter { standard.contains($0.name) }.map(\.name) == Scenarios.standard.map(\.name), "in table order")
    }
}
