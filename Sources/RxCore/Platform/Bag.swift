/// How many elements a ``Bag`` keeps in its array before the rest go to a dictionary.
let arrayDictionaryMaxSize = 30

/// The key of one element in a ``Bag``. Keys are never reused.
struct BagKey: Hashable {
    fileprivate let rawValue: UInt64

    func hash(into hasher: inout Hasher) {
        hasher.combine(rawValue)
    }
}

/// A small collection keyed by the ``BagKey`` that `insert` returns: a subject's observers, a composite
/// disposable's disposables. RxSwift's `Platform/DataStructures/Bag.swift`, in three tiers:
///
/// - the first element in a field, so the common single-observer case neither allocates nor loops;
/// - the next ``arrayDictionaryMaxSize`` in an array, in insertion order;
/// - every later one in a dictionary, visited in the dictionary's (hash) order, not insertion order.
///
/// Removal searches the array linearly. `onlyFastPath` says that nothing ever went past the field; it
/// is never set back, even when the other tiers empty again.
struct Bag<Element> {
    typealias Entry = (key: BagKey, value: Element)

    private var nextKey = BagKey(rawValue: 0)

    fileprivate(set) var key0: BagKey?
    fileprivate(set) var value0: Element?
    fileprivate(set) var pairs = ContiguousArray<Entry>()
    fileprivate(set) var dictionary: [BagKey: Element]?
    fileprivate(set) var onlyFastPath = true

    init() {}

    /// Adds `element`; the key removes it again.
    mutating func insert(_ element: Element) -> BagKey {
        let key = nextKey
        nextKey = BagKey(rawValue: nextKey.rawValue &+ 1)

        if key0 == nil {
            key0 = key
            value0 = element
            return key
        }

        onlyFastPath = false

        if dictionary != nil {
            dictionary![key] = element
            return key
        }
        if pairs.count < arrayDictionaryMaxSize {
            pairs.append((key: key, value: element))
            return key
        }
        dictionary = [key: element]
        return key
    }

    /// The number of elements.
    var count: Int {
        (value0 != nil ? 1 : 0) + pairs.count + (dictionary?.count ?? 0)
    }

    /// Removes every element and releases the storage.
    mutating func removeAll() {
        key0 = nil
        value0 = nil
        pairs.removeAll(keepingCapacity: false)
        dictionary?.removeAll(keepingCapacity: false)
    }

    /// Removes and returns the element stored under `key`, or `nil` if it is gone already.
    mutating func removeKey(_ key: BagKey) -> Element? {
        if key0 == key {
            key0 = nil
            let value = value0!
            value0 = nil
            return value
        }
        if let removed = dictionary?.removeValue(forKey: key) {
            return removed
        }
        for index in pairs.indices where pairs[index].key == key {
            return pairs.remove(at: index).value
        }
        return nil
    }

    /// Calls `action` with every element: the field, the array in insertion order, the dictionary in
    /// its own order.
    func forEach(_ action: (Element) -> Void) {
        if onlyFastPath {
            if let value0 {
                action(value0)
            }
            return
        }
        let value0 = self.value0
        let dictionary = self.dictionary
        if let value0 {
            action(value0)
        }
        for index in 0..<pairs.count {
            action(pairs[index].value)
        }
        if let dictionary, !dictionary.isEmpty {
            for element in dictionary.values {
                action(element)
            }
        }
    }
}

// MARK: - Rx

/// Delivers `event` to every observer in `bag`, in ``Bag/forEach(_:)``'s order (RxSwift's
/// `Extensions/Bag+Rx.swift`).
///
/// Written for closures of events rather than through `forEach`: every function type has the same
/// layout, so unspecialised code reaches the fields without asking the runtime for the bag's metadata.
@inline(__always)
func dispatch<Element>(_ bag: Bag<(Event<Element>) -> Void>, _ event: Event<Element>) {
    bag.value0?(event)

    if bag.onlyFastPath {
        return
    }

    let pairs = bag.pairs
    for index in 0..<pairs.count {
        pairs[index].value(event)
    }

    if let dictionary = bag.dictionary {
        for element in dictionary.values {
            element(event)
        }
    }
}

/// Disposes every disposable in `bag`, in ``Bag/forEach(_:)``'s order.
func disposeAll(in bag: Bag<Disposable>) {
    bag.value0?.dispose()

    if bag.onlyFastPath {
        return
    }

    let pairs = bag.pairs
    for index in 0..<pairs.count {
        pairs[index].value.dispose()
    }

    if let dictionary = bag.dictionary {
        for element in dictionary.values {
            element.dispose()
        }
    }
}
