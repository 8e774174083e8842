/// A group of disposables disposed together; one added after the group was disposed is disposed at
/// once (RxSwift's `Disposables/CompositeDisposable.swift`, the part the recursive scheduler uses: the
/// disposables in a ``Bag`` under a ``SpinLock``).
public final class CompositeDisposable: DisposeBase, Cancelable {
    /// Removes one disposable from the group again.
    public struct DisposeKey {
        fileprivate let key: BagKey
    }

    // A `var`, as in RxSwift. Guards `disposables`, which is nil once the group is disposed.
    private var lock = SpinLock()
    private var disposables: Bag<Disposable>? = Bag()

    override public init() {}

    public var isDisposed: Bool {
        lock.performLocked { disposables == nil }
    }

    /// The number of disposables in the group.
    public var count: Int {
        lock.performLocked { disposables?.count ?? 0 }
    }

    /// Adds `disposable`, or disposes it at once when the group is already disposed.
    ///
    /// - Returns: The key that removes it again; `nil` when it was disposed at once.
    public func insert(_ disposable: Disposable) -> DisposeKey? {
        let key = lock.performLocked { () -> DisposeKey? in
            let bagKey = disposables?.insert(disposable)
            return bagKey.map(DisposeKey.init)
        }
        if key == nil {
            disposable.dispose()
        }
        return key
    }

    /// Removes the disposable stored under `disposeKey` and disposes it.
    public func remove(for disposeKey: DisposeKey) {
        let removed = lock.performLocked { disposables?.removeKey(disposeKey.key) }
        removed?.dispose()
    }

    /// Disposes every disposable in the group, once, outside the lock.
    public func dispose() {
        let taken = lock.performLocked { () -> Bag<Disposable>? in
            let current = disposables
            disposables = nil
            return current
        }
        if let taken {
            disposeAll(in: taken)
        }
    }
}
