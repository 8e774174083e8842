/// A first-in, first-out ring buffer (RxSwift's `Platform/DataStructures/Queue.swift`, the part the
/// schedulers use): storage of optionals that doubles when full and halves when a quarter full (never
/// below the capacity it started with). Public because operators outside this module (RxSinks'
/// `observe(on:)`) queue events in it, as RxSwift's do.
public struct Queue<T> {
    private let resizeFactor = 2
    private let initialCapacity: Int
    private var storage: ContiguousArray<T?>
    private var innerCount = 0
    private var pushNextIndex = 0

    /// An empty queue with room for `capacity` elements (allocated now).
    public init(capacity: Int) {
        initialCapacity = capacity
        storage = ContiguousArray<T?>(repeating: nil, count: capacity)
    }

    public var isEmpty: Bool { innerCount == 0 }

    public var count: Int { innerCount }

    private var dequeueIndex: Int {
        let index = pushNextIndex - innerCount
        return index < 0 ? index + storage.count : index
    }

    public mutating func enqueue(_ element: T) {
        if innerCount == storage.count {
            resize(to: Swift.max(storage.count, 1) * resizeFactor)
        }
        storage[pushNextIndex] = element
        pushNextIndex += 1
        innerCount += 1
        if pushNextIndex >= storage.count {
            pushNextIndex -= storage.count
        }
    }

    /// The oldest element, removed; `nil` when the queue is empty.
    public mutating func dequeue() -> T? {
        if innerCount == 0 {
            return nil
        }
        let index = dequeueIndex
        let element = storage[index]!
        storage[index] = nil
        innerCount -= 1

        let downsizeLimit = storage.count / (resizeFactor * resizeFactor)
        if innerCount < downsizeLimit, downsizeLimit >= initialCapacity {
            resize(to: storage.count / resizeFactor)
        }
        return element
    }

    /// Moves the elements, oldest first, to the start of new storage of `size` slots.
    private mutating func resize(to size: Int) {
        var resized = ContiguousArray<T?>(repeating: nil, count: size)
        let start = dequeueIndex
        let firstRun = Swift.min(innerCount, storage.count - start)
        let secondRun = innerCount - firstRun
        resized[0..<firstRun] = storage[start..<(start + firstRun)]
        resized[firstRun..<(firstRun + secondRun)] = storage[0..<secondRun]
        pushNextIndex = innerCount
        storage = resized
    }
}
