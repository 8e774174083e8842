import RxSwift
import StyleKit

extension ObservableType where Element == Int {
    /// How often each element occurred: one array of bins sorted by key, emitted when the source
    /// completes, then completion (the composition pattern's `histogramComposed`), as an RxSwift user
    /// writes it: RxSwift's own `reduce` with a `mapResult`.
    ///
    /// RxSwift 6.10.2 has no `reduce(into:)`: its `reduce` passes the accumulator by value while its sink
    /// still holds it, so each step copies the dictionary before counting, as OpenCombine's `reduce` in the
    /// `builtin` row does (`Builtin/Histogram.swift`).
    public func histogram() -> Observable<[HistogramBin]> {
        reduce(
            [Int: Int](),
            accumulator: { counts, value in
                var next = counts
                HistogramBin.counting(&next, value)
                return next
            },
            mapResult: HistogramBin.bins(from:)
        )
    }
}
