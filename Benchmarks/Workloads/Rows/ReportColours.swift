import StyleKit

/// The colours charts give the rows: each row's own (``Implementation/colour``), and spare ones for the
/// rows that name none, taken in report order and round again when a run has more such rows than spares.
public enum ReportColours {
    /// The colours rows without one of their own take, in order.
    public static let spare = ["#e377c2", "#bcbd22", "#393b79", "#ad494a", "#637939", "#7b4173"]

    /// Whether `text` is a colour as the charts take it: `#` and six hexadecimal digits.
    public static func isColour(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.count == 7 && bytes[0] == UInt8(ascii: "#")
            && bytes.dropFirst().allSatisfy { $0 < 128 && Character(Unicode.Scalar($0)).isHexDigit }
    }

    /// One colour per row, in the order given: the declared one, or the next spare.
    static func resolve(_ rows: [(ImplementationID, String?)]) -> [ImplementationID: String] {
        var spares = 0
        var colours: [ImplementationID: String] = [:]
        for (id, declared) in rows {
            if let declared {
                colours[id] = declared
            } else {
                colours[id] = spare[spares % spare.count]
                spares += 1
            }
        }
        return colours
    }
}
