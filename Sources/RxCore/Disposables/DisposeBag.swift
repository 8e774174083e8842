/// Collects subscriptions and disposes them all when it is deinitialised.
///
/// A disposable inserted after the bag started disposing is disposed at once. As in RxSwift
/// (`Disposables/DisposeBag.swift`), the list is guarded by a ``SpinLock`` (RxSwift's name for its
/// recursive lock, an `NSRecursiveLock`), which is never held while a disposable runs.
public final class DisposeBag: DisposeBase {
    // A `var`, as in RxSwift.
    private var lock = SpinLock()
    // Guarded by `lock`.
    private var disposables = [Disposable]()
    private var isDisposed = false

    override public init() {
        super.init()
    }

    /// Adds `disposable`, to be disposed with the bag.
    public func insert(_ disposable: Disposable) {
        let rejected = lock.performLocked { () -> Disposable? in
            if isDisposed {
                return disposable
            }
            disposables.append(disposable)
            return nil
        }
        rejected?.dispose()
    }

    private func dispose() {
        let taken = lock.performLocked { () -> [Disposable] in
            let taken = disposables
            disposables.removeAll(keepingCapacity: false)
            isDisposed = true
            return taken
        }
        for disposable in taken {
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
