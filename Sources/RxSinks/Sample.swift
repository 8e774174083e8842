import RxCore

extension ObservableType {
    /// The latest element of `self`, at most once, each time `sampler` emits or completes (RxSwift's
    /// `sample`, `Observables/Sample.swift`); `defaultValue`, if given, when `self` sent nothing
    /// new since the last tick.
    ///
    /// `self` completing is remembered; the result completes at the next sampler event. Either input
    /// failing fails the result and disposes the other.
    public func sample(_ sampler: some ObservableType, defaultValue: Element? = nil) -> Observable<Element> {
        Sample(source: asObservable(), sampler: sampler.asObservable(), defaultValue: defaultValue)
    }
}

// MARK: -

private final class Sample<Element, SampleType>: Producer<Element> {
    fileprivate let source: Observable<Element>
    fileprivate let sampler: Observable<SampleType>
    fileprivate let defaultValue: Element?

    init(source: Observable<Element>, sampler: Observable<SampleType>, defaultValue: Element? = nil) {
        self.source = source
        self.sampler = sampler
        self.defaultValue = defaultValue
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = SampleSequenceSink(parent: self, observer: observer, cancel: cancel, defaultValue: defaultValue)
        let subscription = sink.run()
        return (sink: sink, subscription: subscription)
    }
}

// MARK: -

/// Observes the source: keeps its latest element and whether it completed, under the lock it shares
/// with ``SamplerSink``.
private final class SampleSequenceSink<Observer: ObserverType, SampleType>:
    Sink<Observer>, ObserverType, LockOwnerType, SynchronizedOnType
{
    typealias Element = Observer.Element

    private let parent: Sample<Element, SampleType>
    fileprivate let defaultValue: Element?

    let lock = RecursiveLock()
    // Guarded by `lock`.
    fileprivate var element: Element?
    fileprivate var atEnd = false

    private let sourceSubscription = SingleAssignmentDisposable()

    init(parent: Sample<Element, SampleType>, observer: Observer, cancel: Cancelable, defaultValue: Element? = nil) {
        self.parent = parent
        self.defaultValue = defaultValue
        super.init(observer: observer, cancel: cancel)
    }

    func run() -> Disposable {
        sourceSubscription.setDisposable(parent.source.subscribe(self))
        let samplerSubscription = parent.sampler.subscribe(SamplerSink(parent: self))

        return Disposables.create(sourceSubscription, samplerSubscription)
    }

    func on(_ event: Event<Element>) {
        synchronizedOn(event)
    }

    func synchronized_on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            self.element = element
        case .error:
            forwardOn(event)
            dispose()
        case .completed:
            atEnd = true
            sourceSubscription.dispose()
        }
    }
}

// MARK: -

/// Observes the sampler: each tick (and its completion) emits the pending element, or the default
/// value if there is one.
private final class SamplerSink<Observer: ObserverType, SampleType>: ObserverType, LockOwnerType, SynchronizedOnType {
    typealias Element = SampleType

    private let parent: SampleSequenceSink<Observer, SampleType>

    var lock: RecursiveLock {
        parent.lock
    }

    init(parent: SampleSequenceSink<Observer, SampleType>) {
        self.parent = parent
    }

    func on(_ event: Event<SampleType>) {
        synchronizedOn(event)
    }

    func synchronized_on(_ event: Event<SampleType>) {
        switch event {
        case .next, .completed:
            if let element = parent.element ?? parent.defaultValue {
                parent.element = nil
                parent.forwardOn(.next(element))
            }
            if parent.atEnd {
                parent.forwardOn(.completed)
                parent.dispose()
            }
        case .error(let error):
            parent.forwardOn(.error(error))
            parent.dispose()
        }
    }
}
