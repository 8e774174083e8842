import Dispatch

/// How a dispatch-queue scheduler runs work: asynchronously on its queue (RxSwift's
/// `DispatchQueueConfiguration`, without the timer half).
struct DispatchQueueConfiguration {
    let queue: DispatchQueue

    /// Runs `action` on the queue unless the returned disposable is disposed first.
    ///
    /// As in RxSwift, every call allocates: the `SingleAssignmentDisposable` that can cancel the work,
    /// and the closure (and, on Linux, the block copy) that `DispatchQueue.async` takes.
    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        let cancel = SingleAssignmentDisposable()
        queue.async {
            if cancel.isDisposed {
                return
            }
            cancel.setDisposable(action(state))
        }
        return cancel
    }
}
