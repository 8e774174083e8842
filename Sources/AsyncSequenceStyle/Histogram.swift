import StyleKit

extension AsyncSequence where Element == Int {
    /// Counts every element and returns the bins sorted by key once the sequence ends (the composition
    /// pattern's histogram): the standard library's `reduce(into:)`, a function that consumes the sequence,
    /// not an operator that produces one. `[]` for an empty sequence; a failure of the sequence is
    /// rethrown.
    ///
    /// Unlike OpenCombine's `reduce`, `reduce(into:)` counts in place: no copy of the dictionary per
    /// element.
    public func histogram() async rethrows -> [HistogramBin] {
        let counts = try await reduce(into: [Int: Int]()) { counts, element in
            HistogramBin.counting(&counts, element)
        }
        return HistogramBin.bins(from: counts)
    }
}
