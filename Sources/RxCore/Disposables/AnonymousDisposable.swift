/// Runs an action the first time it is disposed, then releases the action (RxSwift's
/// `Disposables/AnonymousDisposable.swift`: the flag is an ``AtomicInt``).
private final class AnonymousDisposable: DisposeBase, Cancelable {
    typealias DisposeAction = () -> Void

    private let disposed = AtomicInt(0)
    // Touched only by the one caller that set `disposed` first.
    private var disposeAction: DisposeAction?

    fileprivate init(disposeAction: @escaping DisposeAction) {
        self.disposeAction = disposeAction
        super.init()
    }

    var isDisposed: Bool {
        isFlagSet(disposed, 1)
    }

    func dispose() {
        guard fetchOr(disposed, 1) == 0 else { return }
        if let action = disposeAction {
            disposeAction = nil
            action()
        }
    }
}

extension Disposables {
    /// A disposable that runs `dispose` the first time it is disposed.
    public static func create(with dispose: @escaping () -> Void) -> Cancelable {
        AnonymousDisposable(disposeAction: dispose)
    }
}
