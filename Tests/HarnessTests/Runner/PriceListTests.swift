import Harness
@testable import Runner
import Testing
import Workloads

/// `deepFrame`'s two prices, read off made-up times whose answer is known.
struct PriceListTests {
    /// An ordinary call costs 1 ns (emptyCall: 2 ns once, 4 ns thrice); the chain costs 1 ns a frame up to 30
    /// deep and 6 ns a frame beyond: 30 ns at 24 deep, 96 at 40, 240 at 64.
    @Test func theDeepChainsSlopeAndWhereItMeetsAnOrdinaryCallsLineAreThePrices() {
        let prices = PriceList.prices(Self.results(chain: [30, 96, 240]))
        #expect(prices.filter { $0.event == PriceList.deepFrame } == [
            PriceList.Price(event: PriceList.deepFrame, metric: "ns", perEvent: 5, interval: 5...5, once: nil, thrice: nil),
            PriceList.Price(event: PriceList.deepFrame, metric: "frames", perEvent: 31, interval: nil, once: nil, thrice: nil),
        ])
    }

    /// A chain that grows by an ordinary call's price all the way (what a busy machine can make of it) has no
    /// bend: both deepFrame rows marked, the ns one saying why with both slopes, and neither written.
    @Test func aChainWithoutABendIsMarkedAndSaysWhy() throws {
        let prices = PriceList.prices(Self.results(chain: [30, 46, 70]))
        #expect(prices.contains { $0.event == AnatomyControlAction.emptyCall.rawValue && $0.metric == "ns" && $0.perEvent == 1 })
        let deep = prices.filter { $0.event == PriceList.deepFrame }
        try #require(deep.count == 2)
        #expect(deep[0].untrustedReason == "the call chain grew 1 ns a frame from 40 to 64 deep, not more than an ordinary call's 1 ns: no bend measured (a busy machine?)")
        #expect(deep[1].metric == "frames" && deep[1].perEvent.isNaN)
        #expect(deep[1].untrustedReason == "read off the same times as deepFrame ns, which is not trusted")
        #expect(prices.compactMap(PriceList.warning).count == 2, "one line per marked price")
        let rows = PriceList.table(prices).rows.filter { $0[0] == PriceList.deepFrame }
        #expect(rows.map { Array($0[2...4]) } == [["", "", ""], ["", "", ""]], "no value written: \(rows)")
        #expect(rows.map { $0[PriceList.schema.header.firstIndex(of: PriceColumn.trusted.name)!] } == ["false", "false"])
    }

    /// An emptyCall price that does not hold takes deepFrame, read beyond it, with it.
    @Test func aDeepFrameReadBeyondAnUntrustedCallIsMarked() {
        var results = Self.results(chain: [30, 96, 240])
        results[1].nanosecondsPerUnit = [2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2]
        let prices = PriceList.prices(results)
        #expect(prices.first { $0.event == "emptyCall" }?.isTrusted == false)
        #expect(prices.first { $0.event == PriceList.deepFrame }?.untrustedReason == "it is read beyond emptyCall's price, which is not trusted")
    }

    /// emptyCall's two rows and the chain's three (24, 40 and 64 deep), each timed at one value 11 times.
    private static func results(chain: [Double]) -> [CellResult] {
        let baseline = Registry.implementation(.baseline)
        func timed(_ workload: any Workload, _ nanoseconds: Double) -> CellResult {
            var result = CellResult(workload, baseline)
            result.nanosecondsPerUnit = Array(repeating: nanoseconds, count: 11)
            return result
        }
        return [
            timed(AnatomyControlWorkload(.emptyCall, times: 1), 2), timed(AnatomyControlWorkload(.emptyCall, times: 3), 4),
        ] + zip(PriceList.callChainDepths, chain).map { timed(CallChainControlWorkload(depth: $0, functions: 4), $1) }
    }
}
