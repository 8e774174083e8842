extension AsyncSequence where Element == Int {
    /// `abs(element % modulo)` for every element (the struct-bridge pattern's modulus): the standard
    /// library's `map`.
    ///
    /// - Precondition: `modulo` is not zero.
    public func modulus(_ modulo: Int) -> AsyncMapSequence<Self, Int> {
        precondition(modulo != 0, "modulus by zero")
        return map { abs($0 % modulo) }
    }
}
