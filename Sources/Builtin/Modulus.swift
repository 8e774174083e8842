import CombineFramework

extension Publisher where Output == Int {
    /// Publishes `abs(value % modulo)` for every value (the struct-bridge pattern's modulus),
    /// composed from OpenCombine's own `map` and erased as the composition pattern erases its operator.
    ///
    /// - Precondition: `modulo` is not zero.
    public func modulusComposed(_ modulo: Int) -> AnyPublisher<Int, Failure> {
        precondition(modulo != 0, "modulus by zero")
        return map { abs($0 % modulo) }.eraseToAnyPublisher()
    }
}
