import Dispatch

/// A serial queue that can tell whether the calling code runs on it, for scheduler tests.
final class TestQueue: @unchecked Sendable {
    let queue: DispatchQueue
    private let key = DispatchSpecificKey<Int>()

    init(label: String = "reactive-bench.tests") {
        queue = DispatchQueue(label: label)
        queue.setSpecific(key: key, value: 1)
    }

    var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == 1 }

    /// Waits until everything queued so far has run.
    func drain() {
        queue.sync {}
    }
}
