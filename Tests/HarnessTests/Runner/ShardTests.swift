import Harness
import StyleKit
import Runner
import Testing
import Workloads

/// `run --shard K/N`'s split of the selection: deterministic, disjoint, whole, balanced, and with every
/// unsupported cell in exactly one shard.
struct ShardTests {
    /// Every cell the tool knows of: every scenario over every implementation of this build.
    static let workloads = Scenarios.all
    static let implementations = Registry.all

    static func keys(_ cells: [(workload: any Workload, implementation: Implementation)]) -> [String] {
        cells.map { "\($0.workload.name) / \($0.implementation.id.rawValue)" }
    }

    static func shards(_ count: Int) throws -> [Shard] {
        try (1...count).map { try Shard(parsing: "\($0)/\(count)") }
    }

    @Test func kOverNReadsAsWrittenAndTheWholeRunIsOneOverOne() throws {
        let shard = try Shard(parsing: "2/3")
        #expect(shard.index == 2 && shard.count == 3 && shard.description == "2/3")
        #expect(Shard.whole == (try Shard(parsing: "1/1")))
        let all = Self.keys(Shard.whole.cells(of: Self.workloads, Self.implementations))
        #expect(all.count == Self.workloads.count * Self.implementations.count)
    }

    @Test(arguments: ["0/3", "4/3", "1/0", "a/b", "3", "", "1/3/3", "-1/3", "1/-3"])
    func aMalformedShardIsRefused(_ text: String) {
        #expect(throws: HarnessError.self) { try Shard(parsing: text) }
    }

    @Test(arguments: [1, 2, 3, 4, 7])
    func theShardsAreDisjointAndTheirUnionIsTheSelectionInItsOrder(count: Int) throws {
        let all = Self.keys(Shard.whole.cells(of: Self.workloads, Self.implementations))
        let parts = try Self.shards(count).map { Self.keys($0.cells(of: Self.workloads, Self.implementations)) }
        #expect(parts.flatMap { $0 }.count == all.count, "no cell in two shards")
        #expect(Set(parts.flatMap { $0 }) == Set(all), "every cell in one")
        for part in parts {
            #expect(all.filter(part.contains) == part, "each shard keeps the run's order")
        }
    }

    @Test(arguments: [2, 3, 5])
    func measuredAndUnsupportedCellsAreEachDealtEvenly(count: Int) throws {
        for shard in try Self.shards(count) {
            let cells = shard.cells(of: Self.workloads, Self.implementations)
            let unsupported = cells.count { $0.workload.unsupportedReason(for: $0.implementation) != nil }
            let all = Shard.whole.cells(of: Self.workloads, Self.implementations)
            let allUnsupported = all.count { $0.workload.unsupportedReason(for: $0.implementation) != nil }
            let share = { (total: Int) in (total / count)...((total + count - 1) / count) }
            #expect(share(all.count - allUnsupported).contains(cells.count - unsupported), "\(shard): measured cells")
            #expect(share(allUnsupported).contains(unsupported), "\(shard): unsupported cells")
        }
    }

    /// The rule, spelt out on a small selection: measured cells dealt round-robin (m0, m1, ...), the
    /// unsupported ones (u0: builtin has no withLatestFrom) dealt the same way on their own.
    @Test func measuredCellsAreDealtRoundRobinAndUnsupportedOnesOnTheirOwn() throws {
        let workloads = try ["map", "withLatestFrom (10)"].map { try #require(Scenarios.named($0)) }
        let implementations = Registry.all.filter { ["baseline", "builtin", "rxSink"].contains($0.id.rawValue) }
        let first = try Shard(parsing: "1/2"), second = try Shard(parsing: "2/2")
        #expect(Self.keys(first.cells(of: workloads, implementations)) == [
            "map / baseline", "map / rxSink", "withLatestFrom (10) / builtin", "withLatestFrom (10) / rxSink",
        ])
        #expect(Self.keys(second.cells(of: workloads, implementations)) == ["map / builtin", "withLatestFrom (10) / baseline"])
    }
}
