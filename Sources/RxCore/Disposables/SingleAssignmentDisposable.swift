import Synchronization

/// A disposable whose underlying disposable is set once, possibly after it was already disposed (then
/// the underlying one is disposed as soon as it is set).
public final class SingleAssignmentDisposable: Cancelable {
    private static let disposedBit = 1
    private static let disposableSetBit = 2

    private let state = Atomic<Int>(0)
    // Written before `disposableSetBit` is published; read and cleared only by the side that observed
    // both bits.
    private var disposable: Disposable?

    public init() {}

    public var isDisposed: Bool {
        state.load(ordering: .acquiring) & Self.disposedBit != 0
    }

    /// Sets the underlying disposable. Traps if called twice.
    public func setDisposable(_ disposable: Disposable) {
        self.disposable = disposable

        let previous = state.bitwiseOr(Self.disposableSetBit, ordering: .acquiringAndReleasing).oldValue
        precondition(previous & Self.disposableSetBit == 0, "SingleAssignmentDisposable was already set")

        if previous & Self.disposedBit != 0 {
            self.disposable = nil
            disposable.dispose()
        }
    }

    /// Disposes the underlying disposable, now if it is set, otherwise when it is set.
    public func dispose() {
        let previous = state.bitwiseOr(Self.disposedBit, ordering: .acquiringAndReleasing).oldValue
        guard previous & Self.disposedBit == 0, previous & Self.disposableSetBit != 0 else { return }

        let disposable = self.disposable
        self.disposable = nil
        disposable?.dispose()
    }
}
