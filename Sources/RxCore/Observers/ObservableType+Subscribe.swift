extension ObservableType {
    /// Subscribes a closure that receives every event.
    ///
    /// As in RxSwift (`ObservableType+Extensions.swift`), the closure is wrapped in another one inside
    /// an ``AnonymousObserver``, subscribed to `asObservable()`.
    ///
    /// - Returns: The subscription; dispose it to stop receiving events.
    public func subscribe(_ on: @escaping (Event<Element>) -> Void) -> Disposable {
        let observer = AnonymousObserver { event in
            on(event)
        }
        return asObservable().subscribe(observer)
    }

    /// Subscribes handlers for elements, the error, the completion and the disposal.
    ///
    /// `onDisposed` runs once, after `onError` or `onCompleted`, or when the returned subscription is
    /// disposed, whichever comes first. An error without an `onError` handler goes to
    /// ``Hooks/defaultErrorHandler`` (which prints it in debug builds), with the subscription's call
    /// stack if ``Hooks/recordCallStackOnError`` was set when it subscribed: RxSwift's
    /// `ObservableType+Extensions.swift`.
    ///
    /// - Returns: The subscription; dispose it to stop receiving events.
    public func subscribe(
        onNext: ((Element) -> Void)? = nil,
        onError: ((any Error) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        let disposable: Disposable =
            if let onDisposed {
                Disposables.create(with: onDisposed)
            } else {
                Disposables.create()
            }

        let callStack = Hooks.recordCallStackOnError ? Hooks.customCaptureSubscriptionCallstack() : []

        let observer = AnonymousObserver<Element> { event in
            switch event {
            case .next(let value):
                onNext?(value)
            case .error(let error):
                if let onError {
                    onError(error)
                } else {
                    Hooks.defaultErrorHandler(callStack, error)
                }
                disposable.dispose()
            case .completed:
                onCompleted?()
                disposable.dispose()
            }
        }
        return Disposables.create(asObservable().subscribe(observer), disposable)
    }
}
