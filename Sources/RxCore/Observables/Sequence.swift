extension ObservableType {
    /// A sequence of `elements`, then completion, each event a step on `scheduler`.
    public static func of(
        _ elements: Element...,
        scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> {
        ObservableSequence(elements: elements, scheduler: scheduler)
    }

    /// A sequence of the elements of `array`, then completion, each event a step on `scheduler`.
    ///
    /// As in RxSwift (`Observables/Sequence.swift`), every element is one recursive step on the
    /// scheduler, by default the ``CurrentThreadScheduler`` trampoline: subscribed at the top of a
    /// chain, the elements arrive after the whole chain is subscribed and before the outermost
    /// `subscribe` returns; two such sources subscribed in one chain take turns, one element each. A
    /// dispose stops the steps not run yet.
    public static func from(
        _ array: [Element],
        scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> {
        ObservableSequence(elements: array, scheduler: scheduler)
    }

    /// A sequence of the elements of `sequence`, then completion, each event a step on `scheduler`.
    public static func from<Source: Swift.Sequence>(
        _ sequence: Source,
        scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> where Source.Element == Element {
        ObservableSequence(elements: sequence, scheduler: scheduler)
    }
}

// MARK: -

private final class ObservableSequence<Source: Swift.Sequence>: Producer<Source.Element> {
    fileprivate let elements: Source
    fileprivate let scheduler: ImmediateSchedulerType

    init(elements: Source, scheduler: ImmediateSchedulerType) {
        self.elements = elements
        self.scheduler = scheduler
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer,
        cancel: Cancelable
    ) -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element {
        let sink = ObservableSequenceSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink: sink, subscription: subscription)
    }
}

// MARK: -

/// Walks the sequence one element per scheduled step.
private final class ObservableSequenceSink<Source: Swift.Sequence, Observer: ObserverType>: Sink<Observer>
where Source.Element == Observer.Element {
    private let parent: ObservableSequence<Source>

    init(parent: ObservableSequence<Source>, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    func run() -> Disposable {
        parent.scheduler.scheduleRecursive(parent.elements.makeIterator()) { iterator, recurse in
            var iterator = iterator
            if let element = iterator.next() {
                self.forwardOn(.next(element))
                recurse(iterator)
            } else {
                self.forwardOn(.completed)
                self.dispose()
            }
        }
    }
}
