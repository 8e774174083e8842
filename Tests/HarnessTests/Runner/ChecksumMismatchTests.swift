import Harness
import Runner
import StyleKit
import Testing
import Workloads

/// A cell whose output is one element off the reference is caught by its checksum, named as a failure,
/// and does not taint the correct cells measured in the same run.
struct ChecksumMismatchTests {
    @Test(arguments: OneElementOffWorkload.Fault.allCases)
    func aCellOneElementOffIsAChecksumMismatchAndTheOthersStayOk(fault: OneElementOffWorkload.Fault) throws {
        guard let runner = try RunnerFixture.runner() else { return }
        let wrong = OneElementOffWorkload(wrapping: MapWorkload(), fault: fault, in: [.structBridge])
        let implementations = RunnerFixture.implementations(.baseline, .builtin, .structBridge, .rxSink)
        let results = runner.run(workloads: [MapWorkload(), wrong], implementations: implementations)
        #expect(results.count == 2 * implementations.count)

        for result in results where !(result.workload == wrong.name && result.implementation == .structBridge) {
            #expect(result.status == .ok, "\(RunnerFixture.title(result)): \(result.detail)")
            #expect(!result.isFailure)
            #expect(result.checksum == result.expectedChecksum)
        }
        let mismatch = try #require(results.first { $0.workload == wrong.name && $0.implementation == .structBridge })
        #expect(mismatch.status == .checksumMismatch)
        #expect(mismatch.isFailure)
        let received = try #require(mismatch.checksum)
        let expected = try #require(mismatch.expectedChecksum)
        let sent = RunnerFixture.unitsSentPerRepetition
        #expect(expected == MapWorkload().reference(input: SeededInput(), count: sent))
        #expect(received == Self.mapChecksum(units: wrong.unitsSent(count: sent)), "exactly what the faulty cell sent")
        #expect(received != expected)
        #expect(mismatch.detail.contains(received.description), "\(mismatch.detail)")
        #expect(mismatch.detail.contains(expected.description), "\(mismatch.detail)")
        #expect(!mismatch.detail.contains("\n"))
    }

    @Test func theMismatchReachesTheCSVRow() throws {
        guard let runner = try RunnerFixture.runner() else { return }
        let wrong = OneElementOffWorkload(wrapping: FloorWorkload(), fault: .dropsOne, in: [.rxSink])
        let results = runner.run(workloads: [wrong], implementations: RunnerFixture.implementations(.baseline, .rxSink))
        let table = ResultTable.table(results)
        let column = { (name: String) in table.column(name)! }
        let rows = Dictionary(uniqueKeysWithValues: table.rows.map { ($0[column("implementation")], $0) })
        let bad = try #require(rows["rxSink"])
        #expect(bad[column("status")] == "checksum_mismatch")
        #expect(bad[column("checksum")] != bad[column("checksum_expected")])
        #expect(!bad[column("checksum")].isEmpty)
        let good = try #require(rows["baseline"])
        #expect(good[column("status")] == "ok")
        #expect(good[column("checksum")] == good[column("checksum_expected")])
    }

    /// What `map` delivers for these units of the default input, folded independently of any workload.
    private static func mapChecksum(units: [Int]) -> Checksum {
        let input = SeededInput()
        var checksum = Checksum()
        for value in units.map({ input.values[$0 % input.values.count] }).map(Transforms.map) {
            checksum.combine(value)
        }
        return checksum
    }
}
