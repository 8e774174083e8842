import RxCore

extension ObservableType where Element == Int {
    /// `abs(element % modulo)` for every element (the struct-bridge pattern's modulus).
    ///
    /// - Precondition: `modulo != 0`.
    public func modulus(_ modulo: Int) -> Observable<Int> {
        precondition(modulo != 0, "modulus(0) divides by zero")
        return Modulus(source: asObservable(), modulo: modulo)
    }
}

// MARK: -

private final class Modulus: Producer<Int> {
    private let source: Observable<Int>
    private let modulo: Int

    init(source: Observable<Int>, modulo: Int) {
        self.source = source
        self.modulo = modulo
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Int {
        let sink = ModulusSink(modulo: modulo, observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink: sink, subscription: subscription)
    }
}

// MARK: -

private final class ModulusSink<Observer: ObserverType>: Sink<Observer>, ObserverType where Observer.Element == Int {
    typealias Element = Int

    private let modulo: Int

    init(modulo: Int, observer: Observer, cancel: Cancelable) {
        self.modulo = modulo
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Int>) {
        switch event {
        case .next(let value):
            forwardOn(.next(abs(value % modulo)))
        case .error, .completed:
            forwardOn(event)
            dispose()
        }
    }
}
