/// When the secondary source of a two-input workload sends, and what. Just before primary element `i`,
/// when `i` is a multiple of `period`, the secondary sends `input[i] ^ 0x5555` (so the two sources never
/// send the same value); then the primary sends `input[i]`. The primary's elements are the units.
public struct TwoInputSchedule: Sendable {
    /// One of the two inputs of a two-input operator, with the value it receives.
    public enum Event: Equatable, Sendable {
        case primary(Int)
        case secondary(Int)
    }

    public static let secondaryMask = 0x5555

    /// The secondary sends before every `period`-th primary element.
    public let period: Int

    public init(period: Int) {
        precondition(period >= 1, "the secondary sends at most once per primary element")
        self.period = period
    }

    /// Calls `secondary` and `primary` in schedule order for primary elements `range`. Any split of a
    /// range into consecutive ranges gives the same calls as the whole.
    @inline(__always)
    public func forEach(
        _ range: Range<Int>, of input: SeededInput, secondary: (Int) -> Void, primary: (Int) -> Void
    ) {
        precondition(range.lowerBound >= 0, "primary elements are numbered from 0")
        // The next multiple of `period`, tracked rather than found with a `%` per element.
        var nextSecondary = (range.lowerBound + period - 1) / period * period
        for index in range {
            let value = input[index]
            if index == nextSecondary {
                secondary(value ^ Self.secondaryMask)
                nextSecondary += period
            }
            primary(value)
        }
    }

    /// The events for primary elements `range`, in order (for tests and reference models).
    public func events(_ range: Range<Int>, of input: SeededInput) -> [Event] {
        var events: [Event] = []
        forEach(range, of: input, secondary: { events.append(.secondary($0)) }, primary: { events.append(.primary($0)) })
        return events
    }
}
