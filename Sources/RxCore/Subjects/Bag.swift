/// The key of one element in a ``Bag``. Keys are never reused.
struct BagKey: Hashable, Comparable {
    fileprivate let rawValue: UInt64

    static func < (lhs: BagKey, rhs: BagKey) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}

/// A small collection keyed by the ``BagKey`` that `insert` returns: a subject's observers.
///
/// As in RxSwift, the first element lives in a field, so the common single-observer case neither
/// allocates nor loops, and a flag lets `dispatch` skip the array without touching it (in unspecialised
/// code even asking an array of tuples whether it is empty costs runtime metadata lookups). The others
/// go into an array in key order (keys only grow), so removal finds its key by binary search.
struct Bag<Element> {
    private var nextKey: UInt64 = 0
    private var key0: BagKey?
    private var value0: Element?
    private var pairs: ContiguousArray<(key: BagKey, value: Element)> = []
    private var onlyFirstSlot = true

    init() {}

    var isEmpty: Bool {
        value0 == nil && onlyFirstSlot
    }

    mutating func insert(_ element: Element) -> BagKey {
        let key = BagKey(rawValue: nextKey)
        nextKey &+= 1

        if key0 == nil {
            key0 = key
            value0 = element
        } else {
            pairs.append((key: key, value: element))
            onlyFirstSlot = false
        }
        return key
    }

    /// Removes and returns the element stored under `key`, or `nil` if it is gone already.
    mutating func removeKey(_ key: BagKey) -> Element? {
        if key0 == key {
            key0 = nil
            defer { value0 = nil }
            return value0
        }

        var low = 0
        var high = pairs.count
        while low < high {
            let middle = (low + high) / 2
            if pairs[middle].key < key {
                low = middle + 1
            } else {
                high = middle
            }
        }
        guard low < pairs.count, pairs[low].key == key else { return nil }
        defer { onlyFirstSlot = pairs.isEmpty }
        return pairs.remove(at: low).value
    }
}

extension Bag {
    /// Delivers `event` to every observer in the bag: the one in the field first, then the others in
    /// the order they were inserted.
    ///
    /// Written for closures of events rather than as a generic `forEach`: every function type has the
    /// same layout, so unspecialised code reaches the fields without asking the runtime for the bag's
    /// metadata on every event (RxSwift's `dispatch` is written the same way).
    func dispatch<EventElement>(_ event: Event<EventElement>) where Element == (Event<EventElement>) -> Void {
        if let value0 {
            value0(event)
        }
        if onlyFirstSlot {
            return
        }
        for pair in pairs {
            pair.value(event)
        }
    }
}
