/// One bar of a histogram: how many times `key` occurred. Histogram operators emit `[HistogramBin]`
/// sorted by key, the shape the composition pattern's `histogramComposed` prints (`1: 2`, `2: 3`, ...).
public struct HistogramBin: Hashable, Sendable, CustomStringConvertible {
    public var key: Int
    public var count: Int

    public init(key: Int, count: Int) {
        self.key = key
        self.count = count
    }

    public var description: String { "\(key): \(count)" }

    /// The reduce step every histogram operator shares: count one more `value`.
    @inlinable
    public static func counting(_ counts: inout [Int: Int], _ value: Int) {
        counts[value, default: 0] += 1
    }

    /// Turns accumulated counts into bins sorted by key.
    @inlinable
    public static func bins(from counts: [Int: Int]) -> [HistogramBin] {
        counts.map { HistogramBin(key: $0.key, count: $0.value) }.sorted { $0.key < $1.key }
    }
}
