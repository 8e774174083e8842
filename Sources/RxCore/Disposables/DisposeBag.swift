import Synchronization

/// Collects subscriptions and disposes them all when it is deinitialised.
///
/// A disposable inserted after the bag started disposing is disposed at once.
public final class DisposeBag {
    private struct State {
        var disposables: [Disposable] = []
        var isDisposed = false
    }

    // Disposing calls out to arbitrary code, so the lock only guards the list and is never held
    // while a disposable runs.
    private let state = Mutex(State())

    public init() {}

    /// Adds `disposable`, to be disposed with the bag.
    public func insert(_ disposable: Disposable) {
        let rejected: Disposable? = state.withLock { state in
            if state.isDisposed { return disposable }
            state.disposables.append(disposable)
            return nil
        }
        rejected?.dispose()
    }

    private func dispose() {
        let disposables = state.withLock { state in
            state.isDisposed = true
            let disposables = state.disposables
            state.disposables = []
            return disposables
        }
        for disposable in disposables {
            disposable.dispose()
        }
    }

    deinit {
        dispose()
    }
}

extension Disposable {
    /// Adds `self` to `bag`.
    public func disposed(by bag: DisposeBag) {
        bag.insert(self)
    }
}
