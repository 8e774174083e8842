import CostModel
import Harness
import Runner
import Testing

/// What the cost model's files say they read is what a run writes.
struct CostModelColumnsTests {
    /// estimate_parts.csv's `counted_by`: a results.csv column, or estimates.csv's count of the other
    /// instructions.
    @Test func eachPartIsCountedByAColumnARunWrites() {
        let written = ResultTable.schema.header + CellEstimate.schema.header
        for part in EstimatePart.parts(PricingTests.prices) {
            #expect(written.contains(part.countedBy), "\(part.countedBy)")
            #expect(CellEstimate.schema.header.contains(part.column.name) && StageEstimate.schema.header.contains(part.column.name))
        }
    }

    /// The estimates estimate_summary.csv names are columns of estimates.csv; its groupings, of results.csv.
    @Test func theSummaryNamesColumnsOfTheRunsFiles() {
        for estimate in EstimateSummary.Estimate.allCases { #expect(CellEstimate.schema.header.contains(estimate.column.name)) }
        for grouping in EstimateSummary.Grouping.allCases where grouping != .all {
            #expect(ResultTable.schema.header.contains(grouping.name), "\(grouping.name)")
        }
    }
}
