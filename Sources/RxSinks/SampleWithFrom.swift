import RxCore

extension ObservableType {
    /// Each element combined by `resultSelector` with the latest element of `second`, if that element
    /// was not used yet: every element of `second` is combined at most once, and elements that find
    /// none are dropped (the Producer/Sink pattern's `sampleWithFrom`, a
    /// `withLatestFrom` that clears what it used).
    ///
    /// `second` completing changes nothing (an unused element stays usable); `second` failing fails
    /// the result. `self` ending ends the result and disposes `second`. An error thrown by
    /// `resultSelector` ends the result with that error.
    public func sampleWithFrom<Source: ObservableConvertibleType, ResultType>(
        _ second: Source,
        resultSelector: @escaping (Element, Source.Element) throws -> ResultType
    ) -> Observable<ResultType> {
        SampleWithFrom(first: asObservable(), second: second.asObservable(), resultSelector: resultSelector)
    }
}

// MARK: -

private final class SampleWithFrom<FirstType, SecondType, ResultType>: Producer<ResultType> {
    typealias ResultSelector = (FirstType, SecondType) throws -> ResultType

    fileprivate let first: Observable<FirstType>
    fileprivate let second: Observable<SecondType>
    fileprivate let resultSelector: ResultSelector

    init(first: Observable<FirstType>, second: Observable<SecondType>, resultSelector: @escaping ResultSelector) {
        self.first = first
        self.second = second
        self.resultSelector = resultSelector
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == ResultType {
        let sink = SampleWithFromSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink: sink, subscription: subscription)
    }
}

// MARK: -

/// Observes `first`; shares its lock and `latest` with ``SampleWithFromSecond``, and clears `latest`
/// when it uses it.
private final class SampleWithFromSink<FirstType, SecondType, Observer: ObserverType>:
    Sink<Observer>, ObserverType, LockOwnerType, SynchronizedOnType
{
    typealias Element = FirstType
    typealias ResultType = Observer.Element

    private let parent: SampleWithFrom<FirstType, SecondType, ResultType>

    let lock = RecursiveLock()
    // Guarded by `lock`.
    fileprivate var latest: SecondType?

    init(parent: SampleWithFrom<FirstType, SecondType, ResultType>, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    func run() -> Disposable {
        // `second` first, so that a synchronous `second` has set `latest` before `first` emits.
        let secondSubscription = SingleAssignmentDisposable()
        let secondObserver = SampleWithFromSecond(parent: self, disposable: secondSubscription)
        secondSubscription.setDisposable(parent.second.subscribe(secondObserver))
        let firstSubscription = parent.first.subscribe(self)

        return Disposables.create(firstSubscription, secondSubscription)
    }

    func on(_ event: Event<FirstType>) {
        synchronizedOn(event)
    }

    func synchronized_on(_ event: Event<FirstType>) {
        switch event {
        case .next(let value):
            guard let latest else { return }
            self.latest = nil
            do {
                forwardOn(.next(try parent.resultSelector(value, latest)))
            } catch {
                forwardOn(.error(error))
                dispose()
            }
        case .error(let error):
            forwardOn(.error(error))
            dispose()
        case .completed:
            forwardOn(.completed)
            dispose()
        }
    }
}

// MARK: -

/// Observes `second`: records `latest` under the sink's lock.
private final class SampleWithFromSecond<FirstType, SecondType, Observer: ObserverType>:
    ObserverType, LockOwnerType, SynchronizedOnType
{
    typealias Element = SecondType

    private let parent: SampleWithFromSink<FirstType, SecondType, Observer>
    private let disposable: Disposable

    var lock: RecursiveLock {
        parent.lock
    }

    init(parent: SampleWithFromSink<FirstType, SecondType, Observer>, disposable: Disposable) {
        self.parent = parent
        self.disposable = disposable
    }

    func on(_ event: Event<SecondType>) {
        synchronizedOn(event)
    }

    func synchronized_on(_ event: Event<SecondType>) {
        switch event {
        case .next(let value):
            parent.latest = value
        case .error(let error):
            parent.forwardOn(.error(error))
            parent.dispose()
        case .completed:
            disposable.dispose()
        }
    }
}
