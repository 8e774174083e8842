extension ObservableType {
    /// Subscribes a closure that receives every event.
    ///
    /// - Returns: The subscription; dispose it to stop receiving events.
    public func subscribe(_ on: @escaping (Event<Element>) -> Void) -> Disposable {
        subscribe(AnonymousObserver(on))
    }

    /// Subscribes handlers for elements, the error, the completion and the disposal.
    ///
    /// `onDisposed` runs once, after `onError` or `onCompleted`, or when the returned subscription is
    /// disposed, whichever comes first. An error without an `onError` handler is dropped (RxSwift's
    /// default error hook only prints it in debug builds).
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

        let observer = AnonymousObserver<Element> { event in
            switch event {
            case .next(let value):
                onNext?(value)
            case .error(let error):
                onError?(error)
                disposable.dispose()
            case .completed:
                onCompleted?()
                disposable.dispose()
            }
        }
        return Disposables.create(subscribe(observer), disposable)
    }
}
