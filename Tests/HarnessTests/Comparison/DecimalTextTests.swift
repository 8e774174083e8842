import Foundation
import Harness
import Testing

/// The CSV's and the reports' numbers: `DecimalText.trimmedFixed` prints with C's `vsnprintf` instead of
/// `String(format:)`, and must give the very text `String(format:)` gave before, trimmed the same way.
struct DecimalTextTests {
    @Test(arguments: [
        (218.3, 3, "218.3"), (0, 3, "0"), (1, 3, "1"), (-0.0001, 3, "-0"), (0.0003, 4, "0.0003"),
        (2.5, 0, "2"), (3.5, 0, "4"), (1234.5678, 1, "1234.6"), (-12.04, 1, "-12"), (1e15, 2, "1000000000000000"),
    ])
    func printsAsCsFixedPointTrimmed(value: Double, digits: Int, expected: String) {
        #expect(DecimalText.trimmedFixed(value, digits: digits) == expected)
    }

    /// Past the 64-byte buffer the text comes from `String(format:)` itself: still the whole number.
    @Test func aNumberTooLongForTheBufferIsPrintedWhole() {
        let text = DecimalText.trimmedFixed(1e70, digits: 3)
        #expect(text.count == 71 && text == String(format: "%.0f", 1e70))
    }

    @Test func formatDropsTheSignOfAZeroAndTrimmedFixedKeepsIt() {
        #expect(DecimalText.format(-0.0001, digits: 3) == "0")
        #expect(DecimalText.trimmedFixed(-0.0001, digits: 3) == "-0")
    }

    /// 20,000 values of every magnitude a run writes, each sign, 0 to 6 digits, and beside each one on a
    /// rounding edge: the same text as before.
    @Test func givesTheTextStringFormatGave() {
        var generator = SeededGenerator(seed: 20261130)
        for _ in 0..<20_000 {
            let magnitude = Double.random(in: -9...12, using: &generator)
            let value = (Bool.random(using: &generator) ? -1 : 1) * pow(10, magnitude)
            // Also values exactly on a rounding edge: k + 0.5 at the digit printed.
            let digits = Int.random(in: 0...6, using: &generator)
            let edge = (value * pow(10, Double(digits))).rounded(.down) + 0.5
            for value in [value, edge / pow(10, Double(digits))] {
                var expected = String(format: "%.\(digits)f", value)
                if expected.contains(".") {
                    while expected.hasSuffix("0") { expected.removeLast() }
                    if expected.hasSuffix(".") { expected.removeLast() }
                }
                #expect(DecimalText.trimmedFixed(value, digits: digits) == expected, "\(value) to \(digits) digits")
            }
        }
    }
}
