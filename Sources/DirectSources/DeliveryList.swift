/// A direct source's subscribers, in subscription order, held strongly but handed out unretained, so that
/// delivering a value retains and releases nothing. The first subscriber has a field of its own, so
/// that a source with one subscriber, the common case, delivers with one load and one call.
///
/// Handing nodes out unretained is safe because no node leaves the list while a delivery is under way:
/// a node that ends during one (its subscriber cancels from inside `receive`, say) stays listed, no
/// longer live, until the outermost delivery is over (``endDelivery()``); then the source takes it out
/// (``removeEnded()``) and releases it. Nodes that subscribe during a delivery are appended and first
/// receive the next value. Not thread-safe: its source is driven from one thread at a time.
struct DeliveryList<Node: DeliveryNode> {
    /// The first node, if any: `rest` is empty when this is nil.
    private(set) var first: Unmanaged<Node>?
    /// The nodes after the first, in order.
    private var rest: ContiguousArray<Unmanaged<Node>> = []
    /// Deliveries under way, nested when a subscriber sends to its own source from inside `receive`.
    private var deliveries = 0
    /// Whether a node ended while a delivery was under way and still waits to be taken out.
    private var hasEndedNodes = false

    /// How many nodes follow ``first``.
    var restCount: Int { rest.count }

    /// The node at `index` after the first, unretained: use it only while the list holds it (during a
    /// delivery, or before the list changes).
    func rest(_ index: Int) -> Unmanaged<Node> { rest[index] }

    /// Adds `node` (retained) at the end.
    mutating func append(_ node: Node) {
        if first == nil {
            first = Unmanaged.passRetained(node)
        } else {
            rest.append(Unmanaged.passRetained(node))
        }
    }

    mutating func beginDelivery() {
        deliveries &+= 1
    }

    /// Returns whether nodes ended during the deliveries now over and wait for ``removeEnded()``.
    mutating func endDelivery() -> Bool {
        deliveries &-= 1
        return deliveries == 0 && hasEndedNodes
    }

    /// Takes out `node`, which ended, and returns it for the caller to release once the list is no longer
    /// being changed (a release can run any deinit); returns nil while a delivery is under way, which takes
    /// it out at its end.
    mutating func remove(_ node: Node) -> Unmanaged<Node>? {
        guard deliveries == 0 else {
            hasEndedNodes = true
            return nil
        }
        let target = Unmanaged.passUnretained(node).toOpaque()
        if let first, first.toOpaque() == target {
            self.first = rest.isEmpty ? nil : rest.removeFirst()
            return first
        }
        guard let index = rest.firstIndex(where: { $0.toOpaque() == target }) else { return nil }
        return rest.remove(at: index)
    }

    /// Takes out every node that is no longer live, for the caller to release.
    mutating func removeEnded() -> [Unmanaged<Node>] {
        hasEndedNodes = false
        var live: ContiguousArray<Unmanaged<Node>> = [], ended: [Unmanaged<Node>] = []
        for node in removeAll() {
            if node._withUnsafeGuaranteedRef(\.isLive) {
                live.append(node)
            } else {
                ended.append(node)
            }
        }
        first = live.first
        rest = ContiguousArray(live.dropFirst())
        return ended
    }

    /// Takes out every node, for the caller to release.
    mutating func removeAll() -> ContiguousArray<Unmanaged<Node>> {
        var all = ContiguousArray<Unmanaged<Node>>()
        if let first { all.append(first) }
        all.append(contentsOf: rest)
        first = nil
        rest = []
        return all
    }
}

extension DeliveryList {
    /// The nodes listed now, unretained, in order: for a delivery that is not on the per-value path (a
    /// completion). Use them only during a delivery, which keeps them listed.
    func snapshot() -> ContiguousArray<Unmanaged<Node>> {
        var all = ContiguousArray<Unmanaged<Node>>()
        if let first { all.append(first) }
        all.append(contentsOf: rest)
        return all
    }
}
