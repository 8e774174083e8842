import Synchronization

/// Runs an action the first time it is disposed, then releases the action.
final class AnonymousDisposable: Cancelable {
    private let disposed = Atomic<Bool>(false)
    // Touched only by the one caller that wins the exchange on `disposed`.
    private var action: (() -> Void)?

    init(_ action: @escaping () -> Void) {
        self.action = action
    }

    var isDisposed: Bool {
        disposed.load(ordering: .acquiring)
    }

    func dispose() {
        guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let action = self.action
        self.action = nil
        action?()
    }
}
