import CostModel
import Foundation
import Harness
import Runner
import Testing

/// The cost model of a run directory (``CostModelFixture``), file by file.
struct CostModelRunTests {
    @Test func estimatesCSVHasEverySingleThreadCellWithItsPartsAndTheCyclesBesideIt() throws {
        let fixture = try CostModelFixture()
        defer { fixture.remove() }
        try fixture.estimate()
        // map: 37 ns of events, 60 of frames, 100 of instructions: 197 against 100 measured (+97%); at 0.5 ns
        // per instruction, 197 + 800 x 0.375 = 497. A cycle fits at the median of 100 / 400 and 274 / 548,
        // 0.375 ns: 150 ns (+50%) and 205.5 (-25%). filter: 137 against 274 (-50%), no depth.
        #expect(try fixture.lines(CellEstimate.schema.file) == [
            CellEstimate.schema.header.joined(separator: ","),
            "map,builtin,element,100,197,0.97,20,0,12,0,0,0,5,42,60,0,800,100,497,400,150,0.5",
            "filter,builtin,element,274,137,-0.5,20,0,12,0,0,0,5,,0,0,800,100,437,548,205.5,-0.25",
        ])
    }

    /// A row that says `threads` 2 is left out whatever its workload, one this build does not know too; one
    /// that says 1 is estimated. The fixture's rows say nothing: their workloads (`asyncHop`, the
    /// `asyncSequence` row) do.
    @Test func aCellWhoseRowSaysTwoThreadsIsLeftOutWhateverItsWorkload() throws {
        let fixture = try CostModelFixture()
        defer { fixture.remove() }
        var timed = CostModelFixture.timeRun, counted = CostModelFixture.instructionRun
        timed.cells += [CostModelFixture.cell("myHop", 300, ["threads": "2"]), CostModelFixture.cell("myMap", 120, ["threads": "1"])]
        counted.cells += ["myHop", "myMap"].map { CostModelFixture.cell($0, 0, CostModelFixture.counts) }
        try timed.write(to: fixture.run)
        try counted.write(to: fixture.instructions)
        let estimates = CellEstimates(try MeasuredRuns.load(run: fixture.run, instructionRun: fixture.instructions))
        #expect(estimates.leftOut.map(\.record.key.workload) == ["asyncHop", "map", "myHop"])
        #expect(estimates.cells.map(\.workload) == ["map", "filter", "myMap"])
    }

    /// A cell whose instruction run says 600 of its 1,000 instructions are a slow consumer's own work prices
    /// them at the dependent 0.5 ns (300 ns), the 200 no event accounts for at 0.125 (25 ns), with 37 of
    /// events: 362; a row without the column (a run written before it) has none.
    @Test func aSlowConsumersWorkIsPricedAsTheChainItIs() throws {
        let fixture = try CostModelFixture()
        defer { fixture.remove() }
        var timed = CostModelFixture.timeRun, counted = CostModelFixture.instructionRun
        timed.cells.append(CostModelFixture.cell("slowMap", 300))
        let work = [ResultColumn.componentPerUnit(.consumerWork).name: "600"]
        counted.cells.append(CostModelFixture.cell("slowMap", 0, CostModelFixture.counts.merging(work) { $1 }))
        try timed.write(to: fixture.run)
        try counted.write(to: fixture.instructions)
        let estimates = CellEstimates(try MeasuredRuns.load(run: fixture.run, instructionRun: fixture.instructions))
        let slow = try #require(estimates.cells.first { $0.workload == "slowMap" })
        #expect(slow.priced.consumerWork == 300 && slow.priced.otherInstructions == 200 && slow.estimate == 362)
        #expect(estimates.cells.filter { $0.workload != "slowMap" }.allSatisfy { $0.priced.consumerWork == 0 })
    }

    /// One stage: the same counts, and 2 frames beyond the predictor per stage (the slope of 3, 9 and 33
    /// over 1, 4 and 16 stages) at 5 ns: 147 ns against 40 measured, (40 - 147) / 40 unexplained.
    @Test func stageEstimatesPriceEachStageSeriesSlopes() throws {
        let fixture = try CostModelFixture()
        defer { fixture.remove() }
        try fixture.estimate()
        #expect(try fixture.lines(StageEstimate.schema.file) == [
            StageEstimate.schema.header.joined(separator: ","),
            "pipelineDepth,direct,builtin,40,147,-2.675,20,0,12,0,0,0,5,10,0,800,100",
        ])
    }

    /// Both cells are off by more than 20%, one each way: the median error of 0.5 and 0.97 is 0.735, and the
    /// quartiles of -0.5 and 0.97 lie beyond them (the line through them, extended). Both lie between their events alone and the dependent
    /// bound. Each implementation, scenario, source and parameter has a row; the left-out cells are counted
    /// where they belong.
    @Test func estimateSummaryCountsTheCellsPerEstimateAndGroup() throws {
        let fixture = try CostModelFixture()
        defer { fixture.remove() }
        try fixture.estimate()
        let lines = try fixture.lines(EstimateSummary.schema.file)
        #expect(lines.first == EstimateSummary.schema.header.joined(separator: ","))
        #expect(lines.filter { $0.hasPrefix("estimated_ns_per_unit,") } == [
            "estimated_ns_per_unit,all,,2,2,0,1,1,0.735,0.235,-0.8675,1.3375,2,0.2,",
            "estimated_ns_per_unit,implementation,builtin,2,1,0,1,1,0.735,0.235,-0.8675,1.3375,2,0.2,",
            "estimated_ns_per_unit,implementation,asyncSequence,0,1,0,0,0,,,,,0,0.2,",
            "estimated_ns_per_unit,scenario,map,1,1,0,1,0,0.97,0.97,0.97,0.97,1,0.2,",
            "estimated_ns_per_unit,scenario,filter,1,0,0,0,1,0.5,-0.5,-0.5,-0.5,1,0.2,",
            "estimated_ns_per_unit,scenario,asyncHop,0,1,0,0,0,,,,,0,0.2,",
            "estimated_ns_per_unit,source,,2,2,0,1,1,0.735,0.235,-0.8675,1.3375,2,0.2,",
            "estimated_ns_per_unit,parameter,,2,2,0,1,1,0.735,0.235,-0.8675,1.3375,2,0.2,",
        ])
        // 497 and 437 against 100 and 274 (+397%, +59.49%); the cycles at 0.375 ns per cycle, +50% and -25%.
        #expect(lines.contains("estimated_ns_per_unit_if_dependent,all,,2,2,0,2,0,2.2824,2.2824,-0.2489,4.8138,,0.2,"))
        #expect(lines.contains("iai_estimated_ns_per_unit,all,,2,2,0,1,1,0.375,0.125,-0.4375,0.6875,,0.2,0.375"))
    }

    /// What each part is counted by and costs: the lock's interval (11.5 at the low end) lies above its 70
    /// instructions at 0.125 ns (8.75), the exclusivity check's reaches down to 12, below its 100 at 0.125
    /// (12.5): priced as its instructions, as the events at 1 ns are.
    @Test func estimatePartsSayHowEachPartIsPriced() throws {
        let fixture = try CostModelFixture()
        defer { fixture.remove() }
        try fixture.estimate()
        #expect(try fixture.lines(EstimatePart.schema.file) == [
            EstimatePart.schema.header.joined(separator: ","),
            "retainRelease,retain+release,retainRelease_ns_per_unit,retains_per_unit,false,10,60,",
            "exclusivityCheck,exclusivity check,exclusivityCheck_ns_per_unit,exclusivity_checks_per_unit,true,14,100,",
            "lock,lock,lock_ns_per_unit,lock_acquisitions_per_unit,false,12,70,",
            "metadataLookup,metadata lookup,metadataLookup_ns_per_unit,metadata_lookups_per_unit,true,1,100,",
            "dynamicCast,dynamic cast,dynamicCast_ns_per_unit,dynamic_casts_per_unit,true,1,100,",
            "malloc,malloc+free,malloc_ns_per_unit,mallocs_per_unit,true,1,100,",
            "atomicRMW,other atomic RMW,atomicRMW_ns_per_unit,atomic_rmws_per_unit,false,5,10,",
            "deepFrame,calls deeper than the return predictor,deepFrame_ns_per_unit,call_depth,false,5,,",
            "consumerWork,a slow consumer's own work (a dependent chain),consumerWork_ns_per_unit,"
                + "instructions_in_consumer_work_per_unit,false,0.5,1,",
            "other_instructions,other instructions,other_instructions_ns_per_unit,other_instructions_per_unit,true,0.125,1,",
        ])
    }
}
