import RxSwift

extension ObservableType {
    /// Each element combined with the latest element of `second`, but each element of `second` used at most
    /// once (the Producer/Sink pattern's `sampleWithFrom`), as an RxSwift user writes it from RxSwift's own
    /// operators: `withLatestFrom` an `enumerated()` second, and `distinctUntilChanged` on the second's
    /// index drops a primary element that would use the same second element again.
    public func sampleWithFrom<Source: ObservableConvertibleType, ResultType>(
        _ second: Source,
        resultSelector: @escaping (Element, Source.Element) throws -> ResultType
    ) -> Observable<ResultType> {
        withLatestFrom(second.asObservable().enumerated()) { element, latest in
            (latest.index, try resultSelector(element, latest.element))
        }
        .distinctUntilChanged { $0.0 == $1.0 }
        .map { $0.1 }
    }
}
