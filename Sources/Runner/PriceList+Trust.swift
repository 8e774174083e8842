import Harness

extension PriceList {
    /// The widest interval a time price may have and still be written: its half-width, (high - low) / 2, at
    /// most this fraction of the price. Under it the interval's low end is at least half the price, so the
    /// price is known within a factor of two or better; on a quiet machine every price of the reference list
    /// is far inside it (the widest, `emptyCall`, 1.30 ns with a half-width of 0.26).
    public static let widestHalfWidth = 0.5

    /// ``widestHalfWidth`` as a percentage, as docs and messages state it: `50%`.
    static var widestHalfWidthText: String { "\(DecimalText.format(widestHalfWidth * 100, digits: 0))%" }

    /// Why a time price does not hold, or nil when it does. It does not when its value or its interval's low
    /// end is not above 0 (no event costs nothing, let alone less: the difference between its controls was
    /// lost in the machine's noise), or when its interval's half-width is more than ``widestHalfWidth`` of
    /// its value. A count, exact, has no interval and always holds.
    static func distrust(_ price: Price) -> String? {
        guard let interval = price.interval else { return nil }
        let unit = price.metric
        if !(price.perEvent > 0) {
            return "measured at \(amount(price.perEvent, unit)), not above 0: the difference between its controls is lost in the noise"
        }
        if !(interval.lowerBound > 0) {
            return "its 95% interval, \(amount(interval.lowerBound, unit)) to \(amount(interval.upperBound, unit)) around "
                + "\(amount(price.perEvent, unit)), reaches 0"
        }
        let halfWidth = (interval.upperBound - interval.lowerBound) / 2
        if !(halfWidth <= widestHalfWidth * price.perEvent) {
            return "its 95% interval, \(amount(interval.lowerBound, unit)) to \(amount(interval.upperBound, unit)), is wider "
                + "than ±\(widestHalfWidthText) of its \(amount(price.perEvent, unit))"
        }
        return nil
    }

    /// `price` judged: with ``Price/untrustedReason`` set when ``distrust(_:)`` finds one.
    static func judged(_ price: Price) -> Price {
        var price = price
        price.untrustedReason = price.untrustedReason ?? distrust(price)
        return price
    }

    /// The `warning:` line (without its prefix) of a price that is not trusted.
    public static func warning(_ price: Price) -> String? {
        price.untrustedReason.map { "prices: \(price.event) \(price.metric) is not trusted: \($0); prices.csv marks it and the estimate leaves it out" }
    }

    /// A value in words with its unit, never with a minus sign: `2.36 ns`, `1.84 ns below 0`.
    static func amount(_ value: Double, _ unit: String) -> String {
        let text = DecimalText.format(abs(value), digits: abs(value) < 10 ? 2 : 1)
        return value < 0 && text != "0" ? "\(text) \(unit) below 0" : "\(text) \(unit)"
    }
}
