import CombineFramework

extension Publisher where Output == Int {
    /// Publishes `abs(value % modulo)` for every value (seed 004's modulus), composed from
    /// OpenCombine's own `map` and erased as seed 004 erases its composed operator.
    ///
    /// - Precondition: `modulo` is not zero.
    public func modulusComposed(_ modulo: Int) -> AnyPublisher<Int, Failure> {
        precondition(modulo != 0, "modulus by zero")
        return map { abs($0 % modulo) }.eraseToAnyPublisher()
    }
}
