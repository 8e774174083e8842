/// A disposable whose underlying disposable can be replaced; replacing it disposes the previous one,
/// and once disposed, anything assigned is disposed at once (RxSwift's
/// `Disposables/SerialDisposable.swift`: the state under a ``SpinLock``).
public final class SerialDisposable: DisposeBase, Cancelable {
    // A `var`, as in RxSwift. Guards `current` and `disposed`.
    private var lock = SpinLock()
    private var current: Disposable?
    private var disposed = false

    override public init() {
        super.init()
    }

    /// Whether ``dispose()`` was called. Read without the lock, as in RxSwift.
    public var isDisposed: Bool {
        disposed
    }

    /// The underlying disposable; assigning disposes the previous one (or the new one, if this is
    /// disposed already).
    public var disposable: Disposable {
        get {
            lock.performLocked { current ?? Disposables.create() }
        }
        set {
            let toDispose = lock.performLocked { () -> Disposable? in
                if isDisposed {
                    return newValue
                }
                let previous = current
                current = newValue
                return previous
            }
            toDispose?.dispose()
        }
    }

    /// Disposes the underlying disposable, once, outside the lock.
    public func dispose() {
        let toDispose = lock.performLocked { () -> Disposable? in
            guard !isDisposed else { return nil }
            disposed = true
            let previous = current
            current = nil
            return previous
        }
        toDispose?.dispose()
    }
}
