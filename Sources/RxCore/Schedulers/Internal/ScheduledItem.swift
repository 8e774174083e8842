/// Work that can be run once (RxSwift's `Schedulers/Internal/InvocableType.swift`).
protocol InvocableType {
    func invoke()
}

/// A unit of queued work that can be cancelled before it runs (RxSwift's
/// `Schedulers/Internal/ScheduledItemType.swift`).
protocol ScheduledItemType: Cancelable, InvocableType {}

/// An action and its state, queued by ``CurrentThreadScheduler`` (RxSwift's
/// `Schedulers/Internal/ScheduledItem.swift`). A struct: the queue stores it as a `ScheduledItemType`
/// existential, boxed on the heap when it does not fit the existential's three inline words.
struct ScheduledItem<T>: ScheduledItemType {
    typealias Action = (T) -> Disposable

    private let action: Action
    private let state: T
    private let disposable = SingleAssignmentDisposable()

    init(action: @escaping Action, state: T) {
        self.action = action
        self.state = state
    }

    var isDisposed: Bool {
        disposable.isDisposed
    }

    func invoke() {
        disposable.setDisposable(action(state))
    }

    func dispose() {
        disposable.dispose()
    }
}
