import CombineFramework
import StyleKit

extension Publisher where Output == Int {
    /// Counts every value and, once the upstream finishes, publishes one `[HistogramBin]` sorted by
    /// key: the composition pattern's `histogramComposed`, a chain of OpenCombine's own `reduce` and `map`.
    ///
    /// `reduce` asks the upstream for `.unlimited` as soon as it is subscribed, and delivers its
    /// result once the downstream has requested a value.
    public func histogramComposed() -> AnyPublisher<[HistogramBin], Failure> {
        self
            .reduce([Int: Int]()) { counts, value in
                // `reduce` passes the accumulator by value while still holding it, so each step
                // copies the whole dictionary before counting (as in the pattern): the cost of this
                // composition grows with the number of keys. Combine has no `reduce(into:)`.
                var next = counts
                HistogramBin.counting(&next, value)
                return next
            }
            .map(HistogramBin.bins(from:))
            .eraseToAnyPublisher()
    }
}
