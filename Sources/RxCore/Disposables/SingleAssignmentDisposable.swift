/// A disposable whose underlying disposable is set once, possibly after it was already disposed (then
/// the underlying one is disposed as soon as it is set). RxSwift's
/// `Disposables/SingleAssignmentDisposable.swift`: two bits of an ``AtomicInt`` decide which side
/// disposes.
public final class SingleAssignmentDisposable: DisposeBase, Cancelable {
    private static let disposedBit: Int32 = 1
    private static let disposableSetBit: Int32 = 2

    private let state = AtomicInt(0)
    // Written before `disposableSetBit` is published; read and cleared only by the side that observed
    // both bits.
    private var disposable: Disposable?

    override public init() {
        super.init()
    }

    public var isDisposed: Bool {
        isFlagSet(state, Self.disposedBit)
    }

    /// Sets the underlying disposable. Traps if called twice.
    public func setDisposable(_ disposable: Disposable) {
        self.disposable = disposable

        let previous = fetchOr(state, Self.disposableSetBit)
        precondition(previous & Self.disposableSetBit == 0, "SingleAssignmentDisposable was already set")

        if previous & Self.disposedBit != 0 {
            disposable.dispose()
            self.disposable = nil
        }
    }

    /// Disposes the underlying disposable, now if it is set, otherwise when it is set.
    public func dispose() {
        let previous = fetchOr(state, Self.disposedBit)
        guard previous & Self.disposedBit == 0, previous & Self.disposableSetBit != 0 else { return }

        guard let disposable else {
            preconditionFailure("The disposable must be set before it is disposed")
        }
        disposable.dispose()
        self.disposable = nil
    }
}
