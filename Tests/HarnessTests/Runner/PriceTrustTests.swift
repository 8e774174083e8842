import Harness
@testable import Runner
import Testing

/// The rule a time price must pass to be written (``PriceList/distrust(_:)``): its value and its interval's low
/// end above 0, its interval's half-width at most half its value. What fails keeps its row, marked, without a
/// number, and with one warning line.
struct PriceTrustTests {
    private func price(_ perEvent: Double, _ interval: ClosedRange<Double>?, metric: String = "ns") -> PriceList.Price {
        PriceList.judged(PriceList.Price(
            event: "malloc", metric: metric, perEvent: perEvent, interval: interval, once: 8, thrice: 8 + 2 * perEvent
        ))
    }

    /// The row of `price` in prices.csv, by column.
    private func row(_ price: PriceList.Price) -> [String: String] {
        let table = PriceList.table([price])
        return Dictionary(uniqueKeysWithValues: zip(table.header, table.rows[0]))
    }

    @Test func aTightPositivePriceIsTrustedAndWritten() {
        let clean = price(4.59, 4.45...4.85)
        #expect(clean.isTrusted && PriceList.warning(clean) == nil)
        let written = row(clean)
        #expect(written["per_event"] == "4.59" && written["low"] == "4.45" && written["high"] == "4.85")
        #expect(written["trusted"] == "true" && written["reason"] == "")
    }

    /// Half-width exactly half the price holds; a hair wider does not.
    @Test func anIntervalWiderThanHalfThePriceIsMarkedWithWhy() {
        #expect(price(2, 1...3).isTrusted)
        let wide = price(2, 0.98...3)
        #expect(wide.untrustedReason == "its 95% interval, 0.98 ns to 3 ns, is wider than ±50% of its 2 ns")
        let written = row(wide)
        #expect(written["per_event"] == "" && written["low"] == "" && written["high"] == "")
        #expect(written["trusted"] == "false" && written["reason"] == wide.untrustedReason)
        #expect(written["k1_per_element"] == "8", "what the controls measured stays")
        #expect(PriceList.warning(wide) == "prices: malloc ns is not trusted: its 95% interval, 0.98 ns to 3 ns, is wider than "
            + "±50% of its 2 ns; prices.csv marks it and the estimate leaves it out")
    }

    /// The busy run's malloc: 2.36 ns, its interval from -15.2 to 39.7.
    @Test func anIntervalThatReachesZeroIsMarked() {
        let reaching = price(2.36, -15.2...39.7)
        #expect(reaching.untrustedReason == "its 95% interval, 15.2 ns below 0 to 39.7 ns around 2.36 ns, reaches 0")
        #expect(price(2.36, 0...3).untrustedReason == "its 95% interval, 0 ns to 3 ns around 2.36 ns, reaches 0")
    }

    /// The busy run's independentInstructions: -1.84 ns. Marked, and nothing negative in its row.
    @Test func aNegativePriceIsMarkedAndNeverWrittenNegative() {
        let negative = price(-1.84, -2.5 ... -1.1)
        #expect(negative.untrustedReason
            == "measured at 1.84 ns below 0, not above 0: the difference between its controls is lost in the noise")
        #expect(price(0, -0.1...0.1).untrustedReason?.hasPrefix("measured at 0 ns, not above 0") == true)
        let written = row(negative)
        #expect(written["per_event"] == "" && written["low"] == "" && written["high"] == "" && written["trusted"] == "false")
        for (column, field) in written {
            #expect(!field.hasPrefix("-") && !field.contains(" -"), "\(column): \(field)")
        }
    }

    /// A count is exact: no interval to judge, always trusted (a simulated event's may read a hair below 0).
    @Test func aCountIsAlwaysTrusted() {
        #expect(price(-0.001, nil, metric: "conditional_mispredictions").isTrusted)
        #expect(row(price(63, nil, metric: "instructions"))["trusted"] == "true")
    }
}
