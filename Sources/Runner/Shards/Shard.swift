import Harness
import StyleKit
import Workloads

/// Part K of N of a run's cells (`run --shard K/N`), for a CI matrix that runs the parts side by side and
/// merges them into one run (`reactive-bench merge`).
///
/// The split is a function of the selection alone: the selection's cells in the run's order (workloads
/// outer, implementations inner), the measured ones dealt round-robin to shards 1, 2, ..., N, and the
/// unsupported ones, which take no time, dealt the same way on their own. So a cell always lands in the
/// same shard for a given N and selection, the shards are disjoint, their union is the selection, and
/// each shard measures N-th of the cells, give or take one.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
    /// K, from 1.
    public let index: Int
    /// N, at least 1.
    public let count: Int

    /// Every cell: what a run without `--shard` measures.
    public static let whole = Shard(validIndex: 1, count: 1)

    private init(validIndex: Int, count: Int) {
        self.index = validIndex
        self.count = count
    }

    /// Reads `K/N`, as `run --shard` takes it.
    ///
    /// - Throws: one line naming what is wrong: no slash, a part that is no whole number, N below 1, K
    ///   outside 1...N.
    public init(parsing text: String) throws(HarnessError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2 else {
            throw HarnessError("--shard must be K/N, shard K of N, such as 2/3 (got '\(text)')")
        }
        guard let index = Int(parts[0]), let count = Int(parts[1]) else {
            throw HarnessError("--shard must be K/N with whole numbers K and N, such as 2/3 (got '\(text)')")
        }
        guard count >= 1 else { throw HarnessError("--shard \(text): N must be at least 1") }
        guard (1...count).contains(index) else {
            throw HarnessError("--shard \(text): K must be between 1 and \(count)")
        }
        self.init(validIndex: index, count: count)
    }

    /// `K/N`.
    public var description: String { "\(index)/\(count)" }

    /// This shard's cells of `workloads` x `implementations`, in the run's order.
    public func cells(
        of workloads: [any Workload], _ implementations: [Implementation]
    ) -> [(workload: any Workload, implementation: Implementation)] {
        var dealt = (measured: 0, unsupported: 0)
        var cells: [(workload: any Workload, implementation: Implementation)] = []
        for workload in workloads {
            for implementation in implementations {
                let position: Int
                if workload.unsupportedReason(for: implementation) == nil {
                    position = dealt.measured
                    dealt.measured += 1
                } else {
                    position = dealt.unsupported
                    dealt.unsupported += 1
                }
                if position % count == index - 1 { cells.append((workload, implementation)) }
            }
        }
        return cells
    }
}
