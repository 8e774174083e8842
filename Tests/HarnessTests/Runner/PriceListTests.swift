import Harness
@testable import Runner
import StyleKit
import Testing
import Workloads

/// A time run's prices, read off made-up rounds of interleaved controls whose answer is known: each price
/// from the rounds' paired differences, judged by ``PriceList/distrust(_:)``.
struct PriceListTests {
    /// malloc's controls at 8 ns and 12 ns per element, but a neighbour made five of the eleven rounds 6 ns
    /// slower on both sides: each round's difference is still 4 ns, 2 per event, and so is the price, with an
    /// interval of 2 to 2. Read from the two cells' medians and their intervals, as separate cells, the same
    /// times would give an interval reaching below 0.
    @Test func aCleanPairedControlGivesATrustedPriceWhateverASlowPhaseCostsBothSides() throws {
        let slow: [Double] = [6, 6, 6, 6, 6, 0, 0, 0, 0, 0, 0]
        let once = slow.map { 8 + $0 }, thrice = slow.map { 12 + $0 }
        let prices = PriceList.prices(timed: [Self.pair(.malloc, once, thrice)])
        #expect(prices == [PriceList.Price(event: "malloc", metric: "ns", perEvent: 2, interval: 2...2, once: 8, thrice: 12)])
        let (first, third) = (SampleStatistics(once).confidenceInterval95, SampleStatistics(thrice).confidenceInterval95)
        #expect((third.lowerBound - first.upperBound) / 2 <= 0, "unpaired, the same times say nothing")
    }

    /// Differences spread from 0.1 to 3 ns: the price, 1.4 ns, has an interval from 0.4 to 2.35, whose
    /// half-width (0.975) is more than half of it: marked, with the numbers, and not written.
    @Test func aNoisyControlWithAWideIntervalIsMarkedWithWhy() throws {
        let differences = [0.2, 3.0, 0.5, 2.5, 1.0, 0.1, 2.8, 0.3, 1.9, 0.6, 2.2]
        let prices = PriceList.prices(timed: [Self.pair(.lock, differences.map { _ in 10 }, differences.map { 10 + 2 * $0 })])
        let lock = try #require(prices.first)
        #expect(abs(lock.perEvent - 1.4) < 1e-9 && abs(lock.interval!.lowerBound - 0.4) < 1e-9)
        #expect(lock.untrustedReason == "its 95% interval, 0.4 ns to 2.35 ns, is wider than ±50% of its 1.4 ns")
        let row = try #require(PriceList.table(prices).rows.first)
        #expect(Array(row[2...4]) == ["", "", ""] && row[7] == "false" && row[8] == lock.untrustedReason, "\(row)")
    }

    /// The k = 3 control 1.84 ns faster than the k = 1 (the busy run's independentInstructions): marked,
    /// and nothing in its row negative: the values are not written, the reason says "below 0".
    @Test func aControlWhoseDifferenceIsNegativeIsMarkedAndNeverNegativeInTheFile() throws {
        let differences = [-0.9, -0.94, -0.92, -0.92, -0.91, -0.93, -0.92, -0.92, -0.92, -0.92, -0.92]
        let prices = PriceList.prices(timed: [
            Self.pair(.independentInstructions, differences.map { _ in 10 }, differences.map { 10 + 2 * $0 }),
        ])
        let price = try #require(prices.first)
        #expect(price.perEvent < 0 && !price.isTrusted)
        #expect(price.untrustedReason?.hasPrefix("measured at 0.92 ns below 0, not above 0") == true, "\(price)")
        #expect(PriceList.warning(price)?.hasPrefix("prices: independentInstructions ns is not trusted: measured at 0.92 ns below 0") == true)
        let table = PriceList.table(prices)
        for (column, field) in zip(table.header, table.rows[0]) {
            #expect(!field.hasPrefix("-") && !field.contains(" -"), "\(column): \(field)")
        }
        #expect(table.rows[0][2].isEmpty && table.rows[0][7] == "false")
    }

    /// Rounds whose sentinel read over 1.15x the quiet machine's are left out when at least half of those asked
    /// for are quiet: the quiet rounds' difference (2) is the price, the slow rounds' (3) is not. With fewer
    /// quiet rounds every round is kept, and the interval spans both.
    @Test func roundsInASlowPhaseAreLeftOutWhenEnoughAreQuiet() throws {
        let sentinels: [Double] = [100, 100, 100, 150, 150, 100, 100, 100, 100, 150, 100]
        var group = Self.pair(.malloc, sentinels.map { _ in 8 }, sentinels.map { $0 == 100 ? 12 : 14 }, sentinels: sentinels)
        let quiet = group.keptRounds(best: 100, required: 6)
        #expect(quiet.rounds.count == 8)
        let price = try #require(PriceList.prices(timed: [quiet]).first)
        #expect(price.perEvent == 2 && price.isTrusted)

        group.rounds = Array(group.rounds[3...4] + group.rounds[9...9] + group.rounds[0...2])
        let slow = group.keptRounds(best: 100, required: 6)
        #expect(slow.rounds.count == 6)
        // Differences 3, 3, 3, 2, 2, 2: the Walsh averages' median 2.5, their whole range 2 to 3 (6 rounds).
        let kept = try #require(PriceList.prices(timed: [slow]).first)
        #expect(kept.perEvent == 2.5 && kept.interval == 2...3 && kept.isTrusted)
        #expect(group.keptRounds(best: nil, required: 6).rounds.count == 6, "no gate: every round")
    }

    /// A group most of whose rounds shared the core with another process is marked, whatever its interval:
    /// both sides of each difference ran slow alike. With half of them on a CPU it is a price.
    @Test func aControlTimedWhileItSharedItsCoreIsMarkedWithWhy() throws {
        func shared(_ rounds: Int) -> InterleavedCells {
            var group = Self.pair(.malloc, Array(repeating: 8, count: 6), Array(repeating: 12, count: 6), sentinels: Array(repeating: 100, count: 6))
            for round in 0..<rounds { group.rounds[round][1].cpuShare = 0.5 }
            return group
        }
        let marked = try #require(PriceList.prices(timed: [shared(4)]).first)
        #expect(!marked.isTrusted)
        #expect(marked.untrustedReason == "only 2 of its 6 rounds had a CPU for 95% of their time or more: another process shared the core")
        #expect(try #require(PriceList.prices(timed: [shared(3)]).first).isTrusted)
    }

    /// The call chain's rounds judged alike: ``PriceList/deepFrame`` is marked for them, its call's price is not.
    @Test func aChainTimedWhileItSharedItsCoreIsMarked() throws {
        var groups = Self.callAndChain([30, 96, 240])
        for round in 0..<6 { groups[1].rounds[round][2].cpuShare = 0.6 }
        let prices = PriceList.prices(timed: groups)
        #expect(prices.contains { $0.event == AnatomyControlAction.emptyCall.rawValue && $0.isTrusted })
        let deep = prices.filter { $0.event == PriceList.deepFrame }
        #expect(deep.count == 2 && deep.allSatisfy { !$0.isTrusted })
        #expect(deep.first?.untrustedReason?.hasSuffix("another process shared the core") == true)
    }

    /// A group one of whose cells is not `ok`, or that has no round, prices nothing.
    @Test func aGroupThatIsNotWholePricesNothing() {
        var failed = Self.pair(.malloc, [8, 8], [12, 12])
        failed.results[1].status = .checksumMismatch
        #expect(PriceList.prices(timed: [failed]).isEmpty)
        #expect(PriceList.prices(timed: [Self.pair(.malloc, [], [])]).isEmpty)
    }

    /// An ordinary call costs 1 ns (emptyCall: 2 ns once, 4 ns thrice); the chain costs 1 ns a frame up to 30
    /// deep and 6 ns a frame beyond: 30 ns at 24 deep, 96 at 40, 240 at 64.
    @Test func theDeepChainsSlopeAndWhereItMeetsAnOrdinaryCallsLineAreThePrices() {
        let prices = PriceList.prices(timed: Self.callAndChain([30, 96, 240]))
        #expect(prices.filter { $0.event == PriceList.deepFrame } == [
            PriceList.Price(event: PriceList.deepFrame, metric: "ns", perEvent: 5, interval: 5...5, once: nil, thrice: nil),
            PriceList.Price(event: PriceList.deepFrame, metric: "frames", perEvent: 31, interval: nil, once: nil, thrice: nil),
        ])
    }

    /// A chain that grows by an ordinary call's price all the way (what a busy machine can make of it) has no
    /// bend: both deepFrame rows marked, the ns one saying why with both slopes, and neither written.
    @Test func aChainWithoutABendIsMarkedAndSaysWhy() throws {
        let prices = PriceList.prices(timed: Self.callAndChain([30, 46, 70]))
        #expect(prices.contains { $0.event == AnatomyControlAction.emptyCall.rawValue && $0.perEvent == 1 && $0.isTrusted })
        let deep = prices.filter { $0.event == PriceList.deepFrame }
        try #require(deep.count == 2)
        #expect(deep[0].untrustedReason
            == "the call chain grew 1 ns a frame from 40 to 64 deep, not more than an ordinary call's 1 ns: no bend measured (a busy machine?)")
        #expect(deep[1].metric == "frames" && deep[1].perEvent.isNaN)
        #expect(deep[1].untrustedReason == "read off the same times as deepFrame ns, which is not trusted")
        #expect(prices.compactMap(PriceList.warning).count == 2, "one line per marked price")
        let rows = PriceList.table(prices).rows.filter { $0[0] == PriceList.deepFrame }
        #expect(rows.map { Array($0[2...4]) } == [["", "", ""], ["", "", ""]], "no value written: \(rows)")
        #expect(rows.map { $0[PriceList.schema.header.firstIndex(of: PriceColumn.trusted.name)!] } == ["false", "false"])
    }

    /// An emptyCall price that does not hold (k = 3 no slower than k = 1) takes deepFrame, read beyond it, with it.
    @Test func aDeepFrameReadBeyondAnUntrustedCallIsMarked() {
        var groups = Self.callAndChain([30, 96, 240])
        groups[0] = Self.pair(.emptyCall, Array(repeating: 2, count: 11), Array(repeating: 2, count: 11))
        let prices = PriceList.prices(timed: groups)
        #expect(prices.first { $0.event == "emptyCall" }?.isTrusted == false)
        #expect(prices.first { $0.event == PriceList.deepFrame }?.untrustedReason == "it is read beyond emptyCall's price, which is not trusted")
    }

    // MARK: - Made-up groups

    /// `action`'s k = 1 and k = 3 cells, round r timing them at `once[r]` and `thrice[r]` ns per element, the
    /// sentinel at `sentinels[r]` around both.
    static func pair(_ action: AnatomyControlAction, _ once: [Double], _ thrice: [Double], sentinels: [Double]? = nil) -> InterleavedCells {
        group([1, 3].map { AnatomyControlWorkload(action, times: $0) }, zip(once, thrice).map { [$0, $1] }, sentinels: sentinels)
    }

    /// emptyCall's pair (2 and 4 ns) and the chain at 24, 40 and 64 deep (`chain`), each over 11 rounds.
    static func callAndChain(_ chain: [Double]) -> [InterleavedCells] {
        [
            pair(.emptyCall, Array(repeating: 2, count: 11), Array(repeating: 4, count: 11)),
            group(PriceList.callChain, Array(repeating: chain, count: 11)),
        ]
    }

    static func group(_ workloads: [any Workload], _ rounds: [[Double]], sentinels: [Double]? = nil) -> InterleavedCells {
        let baseline = Registry.implementation(.baseline)
        let timed = rounds.enumerated().map { index, round in
            round.map { TimedRepetition(nanosecondsPerUnit: $0, sentinel: sentinels?[index]) }
        }
        return InterleavedCells(results: workloads.map { CellResult($0, baseline) }, rounds: timed, sentinelBest: nil)
    }
}
