import Foundation

/// Numbers as reports show them: at most a few decimals, no trailing zeros.
public enum DecimalText {
    /// `value` with at most `digits` decimals: `218.3`, `0`, `0.0003`.
    public static func format(_ value: Double, digits: Int) -> String {
        var text = String(format: "%.\(digits)f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }

    /// `value` with a sign, or `0`: `+1`, `-0.5`.
    public static func signed(_ value: Double, digits: Int) -> String {
        let text = format(value, digits: digits)
        return text.hasPrefix("-") || text == "0" ? text : "+" + text
    }

    /// A change in percent with a sign and one decimal: `+20.0%`, `-3.5%`, `0.0%`.
    public static func percent(_ value: Double) -> String {
        let text = String(format: "%+.1f", value)
        return text == "+0.0" || text == "-0.0" ? "0.0%" : text + "%"
    }

    /// A time in ns: one decimal below 1000 ns, none above.
    public static func nanoseconds(_ value: Double) -> String {
        format(value, digits: abs(value) < 1000 ? 1 : 0)
    }

    /// A probability to 4 decimals: `0.0123`, or `<0.0001` below that.
    public static func probability(_ value: Double) -> String {
        value < 0.0001 ? "<0.0001" : format(value, digits: 4)
    }

    /// A p-value as a report shows it: `p=0.0123`, `p<0.0001`.
    public static func pValue(_ value: Double) -> String {
        value < 0.0001 ? "p<0.0001" : "p=" + probability(value)
    }
}
