/// Where a scheduled step of a ``RecursiveImmediateScheduler`` stands: not yet in the group, in it
/// under a key, or run (and so never to be added).
private enum ScheduleState {
    case initial
    case added(CompositeDisposable.DisposeKey)
    case done
}

/// Runs an action that schedules its own next step (RxSwift's `Schedulers/RecursiveScheduler.swift`):
/// every step is scheduled on the underlying scheduler, and kept in a group until it runs, so that
/// disposing stops the steps not run yet.
final class RecursiveImmediateScheduler<State> {
    typealias Action = (_ state: State, _ recurse: (State) -> Void) -> Void

    // A `var`, as in RxSwift. Guards `action` and each step's `ScheduleState`.
    private var lock = SpinLock()
    private let group = CompositeDisposable()
    private var action: Action?
    private let scheduler: ImmediateSchedulerType

    init(action: @escaping Action, scheduler: ImmediateSchedulerType) {
        self.action = action
        self.scheduler = scheduler
    }

    /// Schedules one step with `state`.
    func schedule(_ state: State) {
        var scheduleState = ScheduleState.initial

        let step = scheduler.schedule(state) { state -> Disposable in
            if self.group.isDisposed {
                return Disposables.create()
            }
            let action = self.lock.performLocked { () -> Action? in
                // A step that runs leaves the group (it may run before it was ever added).
                if case .added(let removeKey) = scheduleState {
                    self.group.remove(for: removeKey)
                }
                scheduleState = .done
                return self.action
            }
            action?(state, self.schedule)
            return Disposables.create()
        }

        lock.performLocked {
            switch scheduleState {
            case .added:
                fatalError("A scheduled step was added to the group twice")
            case .initial:
                if let removeKey = group.insert(step) {
                    scheduleState = .added(removeKey)
                } else {
                    scheduleState = .done
                }
            case .done:
                break
            }
        }
    }

    /// Stops the steps not run yet.
    func dispose() {
        lock.performLocked {
            action = nil
        }
        group.dispose()
    }
}

extension ImmediateSchedulerType {
    /// Runs `action` on this scheduler with `state`; `action` schedules its next step by calling
    /// `recurse` with the next state.
    ///
    /// - Returns: A disposable that stops the steps not run yet.
    public func scheduleRecursive<State>(
        _ state: State,
        action: @escaping (_ state: State, _ recurse: (State) -> Void) -> Void
    ) -> Disposable {
        let recursiveScheduler = RecursiveImmediateScheduler(action: action, scheduler: self)
        recursiveScheduler.schedule(state)
        return Disposables.create(with: recursiveScheduler.dispose)
    }
}
