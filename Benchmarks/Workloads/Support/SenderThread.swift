import Harness
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A second sending thread: runs its `body` over a range of units each time the driver asks, then
/// waits for the next range. The partner sender of `contention`, lent to one cell at a time by
/// ``SenderThreads``; it lives as long as the process.
///
/// ``start(_:)`` returns once the thread has taken the range, so both senders begin together; between
/// ranges the thread spins (yielding) for about a millisecond before it sleeps, so consecutive timed
/// batches start without a wake-up in the timed region. `body` is set by the borrower while the thread
/// waits, and read by the thread only for a range it was handed.
///
/// The hand-off is an atomic generation counter (release when the driver publishes a range, acquire
/// when the thread takes it) and a pthread mutex and condition variable for sleeping, all of which
/// ThreadSanitizer understands (it does not see `Synchronization.Mutex` on Linux).
final class SenderThread {
    /// Yields before the thread sleeps: about a millisecond on an idle core.
    private static let spinsBeforeSleeping = 2_000

    /// What the thread runs for each range; set by the borrower between ranges.
    var body: ((Range<Int>) -> Void)?
    private let generation = Atomic<Int>(0)
    private let started = Atomic<Int>(0)
    private let finished = Atomic<Int>(0)
    /// Published by the generation counter.
    private var job: Range<Int> = 0..<0
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let wakeUp = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var thread = pthread_t()

    /// Starts the thread; it waits for its first range.
    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(wakeUp, nil)
        let result = pthread_create(&thread, nil, { context in
            #if canImport(Darwin)
            let sender = Unmanaged<SenderThread>.fromOpaque(context).takeRetainedValue()
            #else
            let sender = Unmanaged<SenderThread>.fromOpaque(context!).takeRetainedValue()
            #endif
            sender.loop()
            return nil
        }, Unmanaged.passRetained(self).toOpaque())
        precondition(result == 0, "pthread_create failed: \(result)")
    }

    /// The thread's identity, to tell its calls from the driver's.
    var id: pthread_t { thread }

    /// Hands `range` to the thread and returns once it has started on it.
    func start(_ range: Range<Int>) {
        job = range
        let next = publish()
        while started.load(ordering: .acquiring) != next {
            sched_yield()
        }
    }

    /// Waits until the thread has finished its range.
    func wait() {
        let current = generation.load(ordering: .relaxed)
        while finished.load(ordering: .acquiring) != current {
            sched_yield()
        }
    }

    /// Bumps the generation and wakes the thread if it sleeps; returns the new generation.
    private func publish() -> Int {
        let next = generation.wrappingAdd(1, ordering: .releasing).newValue
        // Under the mutex, so the signal cannot fall between the thread's check and its wait.
        pthread_mutex_lock(mutex)
        pthread_cond_signal(wakeUp)
        pthread_mutex_unlock(mutex)
        return next
    }

    // MARK: - On the thread

    /// Under callgrind only the ranges are collected, not the waiting between them (see
    /// ``HelperThreadCollection``).
    private func loop() {
        HelperThreadCollection.startWaiting()
        var seen = 0
        while true {
            seen = awaitGeneration(after: seen)
            started.store(seen, ordering: .releasing)
            HelperThreadCollection.collecting { body!(job) }
            finished.store(seen, ordering: .releasing)
        }
    }

    private func awaitGeneration(after seen: Int) -> Int {
        for _ in 0..<Self.spinsBeforeSleeping {
            let current = generation.load(ordering: .acquiring)
            if current != seen { return current }
            sched_yield()
        }
        pthread_mutex_lock(mutex)
        while generation.load(ordering: .acquiring) == seen {
            pthread_cond_wait(wakeUp, mutex)
        }
        pthread_mutex_unlock(mutex)
        return generation.load(ordering: .acquiring)
    }
}
