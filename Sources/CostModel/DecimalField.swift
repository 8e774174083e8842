/// A CSV field read as the tool writes numbers: a finite decimal, optionally with an exponent, nothing
/// around it (`Double(_:)` alone also takes `nan`, `inf` and hexadecimal).
enum DecimalField {
    static func number(_ text: String) -> Double? {
        let decimal = !text.isEmpty && text.utf8.allSatisfy { byte in
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || "+-.eE".utf8.contains(byte)
        }
        guard decimal, let value = Double(text), value.isFinite else { return nil }
        return value
    }
}
