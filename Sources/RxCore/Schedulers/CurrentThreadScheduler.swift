import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs work on the current thread, after the work already running there: RxSwift's trampoline
/// (`Schedulers/CurrentThreadScheduler.swift`).
///
/// The first `schedule` on a thread runs its action at once and marks the thread as busy; a `schedule`
/// made while the thread is busy (from inside that action, at any depth) is queued and runs, in order,
/// after the action returns and before the first `schedule` returns. ``Producer`` subscribes through it
/// when the thread is not busy, so everything a synchronous source schedules during a subscription runs
/// before the outermost `subscribe` returns.
///
/// As in RxSwift, "busy" is a pthread key holding a sentinel, and the queue lives in the thread's
/// `threadDictionary` under a `String` key (Linux): a top-level `subscribe` pays for the key, the closure
/// it schedules, and a look-up and a removal in the thread dictionary.
public class CurrentThreadScheduler: ImmediateSchedulerType {
    typealias ScheduleQueue = RxMutableBox<Queue<ScheduledItemType>>

    /// The scheduler (it has no state of its own: the state is per thread).
    public static let instance = CurrentThreadScheduler()

    private static let queueKey = "RxCore.CurrentThreadScheduler.Queue"

    private static var isScheduleRequiredKey: pthread_key_t = {
        var key = pthread_key_t()
        guard pthread_key_create(&key, nil) == 0 else {
            fatalError("isScheduleRequired key creation failed")
        }
        return key
    }()

    /// What the key holds while the thread is busy: any non-nil pointer.
    private static var scheduleInProgressSentinel: UnsafeRawPointer = {
        UnsafeRawPointer(UnsafeMutablePointer<Int>.allocate(capacity: 1))
    }()

    static var queue: ScheduleQueue? {
        get {
            Thread.getThreadLocalStorageValueForKey(queueKey)
        }
        set {
            Thread.setThreadLocalStorageValue(newValue, forKey: queueKey)
        }
    }

    /// Whether the current thread is not running scheduled work: then the next `schedule` runs at once.
    public private(set) static var isScheduleRequired: Bool {
        get {
            pthread_getspecific(isScheduleRequiredKey) == nil
        }
        set {
            let value = newValue ? nil : UnsafeMutableRawPointer(mutating: scheduleInProgressSentinel)
            guard pthread_setspecific(isScheduleRequiredKey, value) == 0 else {
                fatalError("pthread_setspecific failed")
            }
        }
    }

    /// Runs `action` now if the thread is not busy, then everything it queued; otherwise queues it.
    ///
    /// - Returns: What `action` returned, when it ran at once; otherwise a disposable that keeps the
    ///   queued action from running (best effort: it does not stop an action already running).
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        if CurrentThreadScheduler.isScheduleRequired {
            CurrentThreadScheduler.isScheduleRequired = false
            let disposable = action(state)
            defer {
                CurrentThreadScheduler.isScheduleRequired = true
                CurrentThreadScheduler.queue = nil
            }
            guard let queue = CurrentThreadScheduler.queue else {
                return disposable
            }
            while let item = queue.value.dequeue() {
                if item.isDisposed {
                    continue
                }
                item.invoke()
            }
            return disposable
        }

        let queue: ScheduleQueue
        if let existing = CurrentThreadScheduler.queue {
            queue = existing
        } else {
            queue = RxMutableBox(Queue<ScheduledItemType>(capacity: 1))
            CurrentThreadScheduler.queue = queue
        }
        let item = ScheduledItem(action: action, state: state)
        queue.value.enqueue(item)
        return item
    }
}
