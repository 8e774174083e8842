import RxSwift

extension ObservableType where Element == Int {
    /// `abs(element % modulo)` for every element (the struct-bridge pattern's modulus), as an RxSwift user
    /// writes it: RxSwift's own `map`.
    ///
    /// - Precondition: `modulo != 0`.
    public func modulus(_ modulo: Int) -> Observable<Int> {
        precondition(modulo != 0, "modulus(0) divides by zero")
        return map { abs($0 % modulo) }
    }
}
