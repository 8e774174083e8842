import Harness
import Runner
import Testing

/// Rankings from synthetic cells whose medians and spreads are known.
struct StyleRankingTests {
    private func cell(_ workload: String, _ implementation: String, around median: Double, spread: Double = 0.5) -> SyntheticCell {
        SyntheticCell(
            workload: workload, implementation: implementation,
            samples: (0..<11).map { median + spread * Double($0 - 5) / 5 }
        )
    }

    @Test func implementationsComeFastestFirstWithTheirRatioToTheFastest() throws {
        let run = try SyntheticRun(cells: [
            cell("map", "baseline", around: 1), cell("map", "rxSink", around: 150), cell("map", "builtin", around: 100),
            cell("map", "structBridge", around: 104),
        ]).results()
        let ranking = try #require(StyleRanking.rankings(run).first)
        #expect(ranking.entries.map(\.implementation) == ["builtin", "structBridge", "rxSink"])
        #expect(ranking.entries.map(\.ratioToFastest) == [1, 1.04, 1.5])
        // 4% is below the 10% a rerun is trusted to keep; 50% with disjoint repetitions is significant.
        #expect(ranking.entries.map(\.significantlySlower) == [false, false, true])
    }

    /// A 20% gap whose repetitions overlap wildly is not called significant.
    @Test func aLargeGapWithOverlappingRepetitionsIsNotSignificant() throws {
        let run = try SyntheticRun(cells: [
            cell("scan", "builtin", around: 100, spread: 80), cell("scan", "anySubscriber", around: 120, spread: 80),
        ]).results()
        let ranking = try #require(StyleRanking.rankings(run).first)
        #expect(ranking.entries.last?.significantlySlower == false)
    }

    /// A workload with one timed style left (others unsupported or failed) has nothing to rank.
    @Test func aWorkloadWithOneTimedStyleIsNotRanked() throws {
        var unsupported = cell("withLatestFrom (10)", "builtin", around: 1)
        unsupported.status = "unsupported"
        let run = try SyntheticRun(cells: [unsupported, cell("withLatestFrom (10)", "rxSink", around: 160)]).results()
        #expect(StyleRanking.rankings(run).isEmpty)
    }

    @Test func theSummaryLeadsWithTheStageCostsThenTheRankings() throws {
        let depths = [1, 4, 16]
        var cells = depths.map { depth -> SyntheticCell in
            var cell = cell("pipelineDepth (\(depth))", "structBridge", around: 90 + 13 * Double(depth))
            cell.extra = ["scenario": "pipelineDepth", "parameter": String(depth)]
            return cell
        }
        cells += depths.map { depth -> SyntheticCell in
            var cell = cell("pipelineDepth (\(depth))", "rxSink", around: 100 + 62 * Double(depth))
            cell.extra = ["scenario": "pipelineDepth", "parameter": String(depth)]
            return cell
        }
        let text = RunSummary(run: try SyntheticRun(cells: cells).results()).render(.terminal)
        let stages = try #require(text.range(of: "What one more stage costs"))
        let ranked = try #require(text.range(of: "Each workload, implementations fastest first"))
        #expect(stages.lowerBound < ranked.lowerBound)
        let lines = text.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        #expect(lines.contains("structBridge 13 +-0"))
        #expect(lines.contains("rxSink 62 +-0"))
        // (100 + 62 x 16) / (90 + 13 x 16) = 1092 / 298.
        #expect(lines.contains("pipelineDepth (16) element structBridge 298 ns rxSink 3.66x"))
    }
}

/// Whether a second run keeps the order of the pairs the first calls significantly different.
struct RankingOrderTests {
    private func run(_ medians: [String: Double]) throws -> RunResults {
        try SyntheticRun(cells: medians.keys.sorted().map { implementation in
            let median = medians[implementation]!
            return SyntheticCell(workload: "scan", implementation: implementation, samples: (0..<11).map { median + Double($0 - 5) / 10 })
        }).results()
    }

    @Test func everySignificantPairIsListedFasterFirst() throws {
        let pairs = StyleRanking.significantPairs(try run(["builtin": 100, "rxSink": 150, "anySubscriber": 200]))
        #expect(Set(pairs.map { "\($0.faster)<\($0.slower)" }) == ["builtin<rxSink", "builtin<anySubscriber", "rxSink<anySubscriber"])
    }

    @Test func aRerunThatSwapsASignificantPairIsReported() throws {
        let first = try run(["builtin": 100, "rxSink": 150, "anySubscriber": 200])
        let kept = StyleRanking.reversedPairs(first, in: try run(["builtin": 105, "rxSink": 140, "anySubscriber": 210]))
        #expect(kept.reversed.isEmpty && kept.checked == 3)
        let swapped = StyleRanking.reversedPairs(first, in: try run(["builtin": 105, "rxSink": 220, "anySubscriber": 210]))
        #expect(swapped.reversed.map(\.slower) == ["anySubscriber"] && swapped.reversed.map(\.faster) == ["rxSink"])
    }
}

/// How far one run's rankings hold in another, by how far apart the first run puts each pair.
struct OrderAgreementTests {
    private func run(_ medians: [String: Double]) throws -> RunResults {
        try SyntheticRun(cells: medians.keys.sorted().map { implementation in
            SyntheticCell(workload: "scan", implementation: implementation, samples: [medians[implementation]!])
        }).results()
    }

    @Test func eachBandCountsItsPairsAndTheReversedOnes() throws {
        // Pairs in the first run: b/a 1.1x, c/a 3x, c/b 2.73x. The other run swaps a and b only.
        let first = try run(["baseline": 10, "a": 100, "b": 110, "c": 300])
        let agreement = OrderAgreement(first, in: try run(["baseline": 50, "a": 120, "b": 100, "c": 900]))
        #expect(agreement.bands.map(\.pairs) == [3, 3, 2, 2, 2, 1])
        #expect(agreement.bands.map(\.reversed) == [1, 1, 0, 0, 0, 0])
        #expect(agreement.reversed.map { "\($0.workload): \($0.faster) < \($0.slower) \($0.ratio)" } == ["scan: a < b 1.1"])
        #expect(agreement.largestReversedRatio == 1.1)
        let table = OrderAgreement.schema.table(agreement.bands)
        #expect(table.header == ["separated_by_at_least", "pairs", "reversed", "pairs_of_one_thread", "reversed_of_one_thread"])
        #expect(table.rows[1] == ["1.1", "3", "1", "0", "0"])
    }

    @Test func thePairsOfTwoCellsOfOneThreadAreCountedApart() throws {
        // c keeps a second thread busy: of the three pairs only a-b is of one thread. The other run reverses all three.
        func run(_ medians: [String: Double]) throws -> RunResults {
            try SyntheticRun(cells: medians.keys.sorted().map { implementation in
                SyntheticCell(
                    workload: "scan", implementation: implementation, samples: [medians[implementation]!],
                    extra: [ResultColumn.threads.name: implementation == "c" ? "2" : "1"]
                )
            }).results()
        }
        let agreement = OrderAgreement(try run(["a": 100, "b": 110, "c": 300]), in: try run(["a": 120, "b": 100, "c": 90]))
        #expect(agreement.bands.map(\.reversed) == [3, 3, 2, 2, 2, 1])
        #expect(agreement.bands.map(\.pairsOfOneThread) == [1, 1, 0, 0, 0, 0])
        #expect(agreement.bands.map(\.reversedOfOneThread) == [1, 1, 0, 0, 0, 0])
    }

    @Test func aRunWrittenBeforeTheThreadsColumnSaysNothingOfOneThread() throws {
        let header = ResultTable.columns.filter { $0 != ResultColumn.threads.name }
        func run(_ medians: [String: Double]) throws -> RunResults {
            let cells = medians.keys.sorted().map { SyntheticCell(workload: "scan", implementation: $0, samples: [medians[$0]!]) }
            return try RunResults(table: CSVTable(header: header, rows: cells.map { $0.fields(under: header) }), source: "old/results.csv")
        }
        let agreement = OrderAgreement(try run(["a": 100, "b": 200]), in: try run(["a": 300, "b": 200]))
        #expect(agreement.bands[0].reversed == 1)
        #expect(agreement.bands[0].pairsOfOneThread == nil && agreement.bands[0].reversedOfOneThread == nil)
        #expect(OrderAgreement.schema.table(agreement.bands).rows[0] == ["1", "1", "1", "", ""])
    }

    @Test func aCellTheOtherRunLacksIsNoPairAndKeptOrdersReverseNothing() throws {
        let first = try run(["a": 100, "b": 200, "c": 400])
        let agreement = OrderAgreement(first, in: try run(["a": 90, "b": 250]))
        #expect(agreement.bands[0].pairs == 1)
        #expect(agreement.reversed.isEmpty && agreement.largestReversedRatio == nil)
    }
}
