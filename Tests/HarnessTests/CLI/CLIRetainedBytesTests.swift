import Foundation
import Harness
import StyleKit
import Runner
import Testing
import Workloads

/// The leak check: the release tool runs every workload of `--full` over every implementation in quick
/// mode, each cell in its own process, and every cell that ran reports 0 bytes retained after teardown.
///
/// `asyncHop` is the one exemption, and only for its bytes (its cells must still run ok): its
/// `retained_bytes` counts libdispatch's per-thread continuation caches (``RetainedBytes``).
struct CLIRetainedBytesTests {
    @Test func everyShippedCellRetainsNothingAfterTeardown() async throws {
        guard let tool = ToolBinary.release() else { return }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // No latency repetition and no noise gate: neither changes what is retained, both take time.
        let outcome = try await ToolProcess.run(
            tool, ["run", "--quick", "--full", "--no-latency", "--no-noise-gate", "--output", "runs"],
            in: directory.path, timeLimit: .seconds(900)
        )
        #expect(outcome.exitedNormally && outcome.exitStatus == 0, "every cell ok or unsupported: \(outcome.standardError.suffix(2000))")
        let run = try #require(try FileManager.default.contentsOfDirectory(atPath: directory.appending("runs")).first)
        let table = try CSVTable.read(from: directory.appending("runs/\(run)/results.csv"))
        let workload = try #require(table.column("workload")), implementation = try #require(table.column("implementation"))
        let status = try #require(table.column("status")), retained = try #require(table.column("retained_bytes"))

        #expect(table.rows.count == Self.expectedCells(), "one row per workload of --full x implementation")
        var checked = 0
        for row in table.rows where row[status] == "ok" {
            let cell = "\(row[workload]) / \(row[implementation])"
            let bytes = try #require(Int(row[retained]), "\(cell): retained_bytes '\(row[retained])'")
            guard !RetainedBytes.isUnreliable(row[workload], row[implementation]) else { continue }
            #expect(bytes == 0, "\(cell) retained \(bytes) bytes after teardown")
            checked += 1
        }
        #expect(checked > 150, "most cells are checked, not skipped (\(checked))")
    }

    private static func expectedCells() -> Int {
        Scenarios.all.count * Registry.all.count
    }
}
