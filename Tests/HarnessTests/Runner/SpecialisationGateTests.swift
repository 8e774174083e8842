import Harness
@testable import Runner
import Testing
import Workloads

/// What `run` and `ab` refuse to measure without `--allow-unspecialised`, what a row measured anyway says
/// in its detail, and which pairs of runs `compare` refuses.
struct SpecialisationGateTests {
    private let projectRows = Array(Registry.projectRows.prefix(3))

    /// The first Combine row's style, given as an existential: its cells are not specialised in any build.
    private var existentialRow: Implementation {
        let style = Registry.projectRows.first { $0.family == .combine }!.combineStyle!
        return Implementation(
            id: "fromAnExistential", family: .combine, summary: "a row made from an existential style",
            supportedOperators: style.supportedOperators, isThreadSafe: false, demand: .subscriberDemand, combineStyle: style
        )
    }

    @Test func aSpecialisedBuildOfTheProjectsRowsGoesOn() {
        let gate = SpecialisationGate(projectRows, crossModuleOptimization: true)
        #expect(gate.reasons.isEmpty)
        #expect(gate.refusal(allowed: false) == nil)
    }

    @Test func aBuildWithoutCrossModuleOptimisationRefusesEveryRowUnlessAllowed() throws {
        let gate = SpecialisationGate(projectRows, crossModuleOptimization: false)
        #expect(Set(gate.reasons.keys) == Set(projectRows.map(\.id)))
        let refusal = try #require(gate.refusal(allowed: false))
        #expect(refusal.hasPrefix("this build has no cross-module optimisation (it was built with REACTIVE_BENCH_CMO=0)"))
        #expect(refusal.contains("`swift package reactive-bench run`") && refusal.hasSuffix("pass --allow-unspecialised to measure it anyway"))
        #expect(gate.refusal(allowed: true) == nil)
    }

    @Test func aRowFromAnExistentialIsRefusedAloneInASpecialisedBuild() throws {
        let gate = SpecialisationGate(projectRows + [existentialRow], crossModuleOptimization: true)
        #expect(Array(gate.reasons.keys) == ["fromAnExistential"])
        let refusal = try #require(gate.refusal(allowed: false))
        #expect(refusal.hasPrefix("the rows fromAnExistential would run unspecialised (made from an existential style"))
    }

    @Test func aRowMeasuredAnywaySaysSoInItsDetail() {
        let gate = SpecialisationGate([existentialRow, projectRows[0]], crossModuleOptimization: true)
        let workload = Scenarios.standard[0]
        let unspecialised = gate.marked(CellResult(workload, existentialRow, detail: "3 of 11 repetitions were disturbed"))
        #expect(unspecialised.detail == "unspecialised: made from an existential style, not Implementation(combine:); 3 of 11 repetitions were disturbed")
        #expect(gate.marked(CellResult(workload, existentialRow)).detail.hasPrefix("unspecialised: made from"))
        #expect(gate.marked(CellResult(workload, projectRows[0])).detail == "")
    }

    @Test func compareRefusesASpecialisedRunBesideAnUnspecialisedOneUnlessAllowed() throws {
        let specialised = ["cross_module_optimization": "true"]
        let noOptimisation = ["cross_module_optimization": "false"]
        let existential = ["cross_module_optimization": "true", EnvironmentNote.unspecialisedKey: "mine; yours"]
        #expect(throws: HarnessError.self) {
            try Specialisation.checkComparable(base: specialised, new: noOptimisation, allowed: false)
        }
        #expect(throws: HarnessError.self) {
            try Specialisation.checkComparable(base: existential, new: specialised, allowed: false)
        }
        do {
            try Specialisation.checkComparable(base: existential, new: specialised, allowed: false)
        } catch {
            #expect(error.message.hasPrefix("in the base run the rows mine, yours ran unspecialised, in the other run specialised"))
        }
        try Specialisation.checkComparable(base: specialised, new: noOptimisation, allowed: true)
        try Specialisation.checkComparable(base: noOptimisation, new: existential, allowed: false)
        try Specialisation.checkComparable(base: specialised, new: specialised, allowed: false)
        try Specialisation.checkComparable(base: nil, new: specialised, allowed: false)
    }
}
