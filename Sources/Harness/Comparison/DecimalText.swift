import Foundation

/// Numbers as reports show them: at most a few decimals, no trailing zeros.
public enum DecimalText {
    /// `value` with at most `digits` decimals: `218.3`, `0`, `0.0003`.
    public static func format(_ value: Double, digits: Int) -> String {
        let text = trimmedFixed(value, digits: digits)
        return text == "-0" ? "0" : text
    }

    /// `value` as C's `%.<digits>f` prints it (the C locale), its trailing zeros and then a trailing point
    /// removed: `218.3`, `0`, `-0` (a negative value that rounds to zero keeps its sign).
    ///
    /// Why not `String(format:)`: it gives the same text through CoreFoundation's formatter, which was the
    /// largest part of the tool's own time between two of a run's processes (a run writes results.csv as
    /// its cells finish, dozens of numbers a row); with `vsnprintf` that time fell from 16.5 s to 11.6 s
    /// in a default run.
    package static func trimmedFixed(_ value: Double, digits: Int) -> String {
        let format = "%.\(max(0, digits))f"
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer in
            let length = Int(withVaList([value]) { vsnprintf(buffer.baseAddress, buffer.count, format, $0) })
            // Beyond the buffer (|value| of 10^60 and more), or a failure: the slow way, the same text.
            guard length > 0, length < buffer.count else { return trimmed(String(format: format, value)) }
            let bytes = UnsafeRawBufferPointer(start: buffer.baseAddress, count: length)
            var end = length
            if bytes.contains(UInt8(ascii: ".")) {
                while bytes[end - 1] == UInt8(ascii: "0") { end -= 1 }
                if bytes[end - 1] == UInt8(ascii: ".") { end -= 1 }
            }
            return String(decoding: bytes[..<end], as: UTF8.self)
        }
    }

    private static func trimmed(_ text: String) -> String {
        var text = text
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text
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
