import RxSwiftStyle
import Testing
import Workloads

/// The prototype `rxSwift` cells (built only with REACTIVE_BENCH_RXSWIFT) give every workload's reference
/// checksum, as every implementation must.
@Suite struct RxSwiftCellsTests {
    static let workloads: [any Workload] =
        [FloorWorkload(), MapWorkload(), FilterWorkload(), ScanWorkload(), MapFilterScanWorkload()]
        + PipelineDepthWorkload.sweep + WithLatestFromWorkload.sweep + SampleWorkload.sweep
        + SubscribeChurnWorkload.sweep

    @Test(arguments: 0..<workloads.count)
    func aCellGivesItsWorkloadsReferenceChecksum(_ index: Int) throws {
        let workload = Self.workloads[index]
        let input = SeededInput()
        let cell = try #require(RxSwiftCells.makeCell(for: workload, input: input), "\(workload.name)")
        try cell.setUp()
        cell.run(from: 0, count: 1_000)
        cell.tearDown()
        #expect(cell.sink.checksum == workload.reference(input: input, count: 1_000), "\(workload.name)")
    }
}
