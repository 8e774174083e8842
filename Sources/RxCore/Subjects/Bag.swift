/// The key of one element in a ``Bag``. Keys are never reused.
struct BagKey: Hashable, Comparable {
    fileprivate let rawValue: UInt64

    static func < (lhs: BagKey, rhs: BagKey) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}

/// A small collection keyed by the ``BagKey`` that `insert` returns, for a subject's observers.
///
/// As in RxSwift, the first element lives in a field, so the common single-observer case neither
/// allocates nor loops. The others go into an array in key order (keys only grow), so removal finds
/// its key by binary search.
struct Bag<Element> {
    private var nextKey: UInt64 = 0
    private var key0: BagKey?
    private var value0: Element?
    private var pairs: ContiguousArray<(key: BagKey, value: Element)> = []

    init() {}

    var count: Int {
        (value0 == nil ? 0 : 1) + pairs.count
    }

    var isEmpty: Bool {
        value0 == nil && pairs.isEmpty
    }

    mutating func insert(_ element: Element) -> BagKey {
        let key = BagKey(rawValue: nextKey)
        nextKey &+= 1

        if key0 == nil {
            key0 = key
            value0 = element
        } else {
            pairs.append((key: key, value: element))
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
        return pairs.remove(at: low).value
    }

    /// Calls `body` for every element: the first one inserted into the field, then the others in
    /// insertion order.
    func forEach(_ body: (Element) -> Void) {
        if let value0 {
            body(value0)
        }
        for pair in pairs {
            body(pair.value)
        }
    }
}
