/// Disposes two disposables the first time it is disposed, then releases them (RxSwift's
/// `Disposables/BinaryDisposable.swift`: the flag is an ``AtomicInt``).
private final class BinaryDisposable: DisposeBase, Cancelable {
    private let disposed = AtomicInt(0)
    // Touched only by the one caller that set `disposed` first.
    private var disposable1: Disposable?
    private var disposable2: Disposable?

    init(_ disposable1: Disposable, _ disposable2: Disposable) {
        self.disposable1 = disposable1
        self.disposable2 = disposable2
        super.init()
    }

    var isDisposed: Bool {
        isFlagSet(disposed, 1)
    }

    func dispose() {
        guard fetchOr(disposed, 1) == 0 else { return }
        disposable1?.dispose()
        disposable2?.dispose()
        disposable1 = nil
        disposable2 = nil
    }
}

extension Disposables {
    /// A disposable that disposes both `disposable1` and `disposable2`, once.
    public static func create(_ disposable1: Disposable, _ disposable2: Disposable) -> Cancelable {
        BinaryDisposable(disposable1, disposable2)
    }
}
