import Foundation
import Testing

@testable import RxCore

/// The Rx core's `Bag` (RxSwift's `Platform/DataStructures/Bag.swift`): the first observer in a field,
/// the next 30 in an array in subscription order, every later one in a dictionary, dispatched in the
/// dictionary's hash order. A `PublishSubject` with many observers therefore calls the 32nd and later
/// ones in no particular order, as RxSwift's does.
@Suite struct BagDispatchOrderTests {
    /// A subject's observers past the first 31, in the order one event reaches them.
    static func dispatchOrder(observerCount: Int) -> [Int] {
        let subject = PublishSubject<Int>()
        let order = OrderRecorder()
        let subscriptions = (0..<observerCount).map { index in
            subject.subscribe { _ in order.indices.append(index) }
        }
        subject.on(.next(0))
        for subscription in subscriptions { subscription.dispose() }
        return order.indices
    }

    final class OrderRecorder: @unchecked Sendable {
        var indices: [Int] = []
    }

    @Test func theFirstThirtyOneObserversAreCalledInSubscriptionOrder() {
        let order = Self.dispatchOrder(observerCount: 31)
        #expect(order == Array(0..<31))
    }

    @Test func laterObserversAreEachCalledOnceAfterTheFirstThirtyOne() {
        let order = Self.dispatchOrder(observerCount: 80)
        #expect(Array(order.prefix(31)) == Array(0..<31))
        #expect(order.dropFirst(31).sorted() == Array(31..<80))
    }

    /// 49 observers in the dictionary tier: in subscription order with probability 1/49!, which no run
    /// will see; a bag that kept them in an array would always be.
    @Test func laterObserversAreCalledInTheDictionarysOrderNotSubscriptionOrder() {
        let order = Self.dispatchOrder(observerCount: 80)
        #expect(Array(order.dropFirst(31)) != Array(31..<80))
    }

    @Test func dispatchFollowsTheBagsOwnDictionaryOrder() {
        var bag = Bag<(Event<Int>) -> Void>()
        let order = OrderRecorder()
        var keyOfIndex: [BagKey: Int] = [:]
        for index in 0..<60 {
            keyOfIndex[bag.insert { _ in order.indices.append(index) }] = index
        }
        dispatch(bag, .next(0))
        let dictionaryOrder = bag.dictionary.map { $0.keys.map { keyOfIndex[$0]! } } ?? []
        #expect(order.indices == Array(0..<31) + dictionaryOrder)
        #expect(bag.pairs.count == arrayDictionaryMaxSize)
    }

    /// With `SWIFT_DETERMINISTIC_HASHING=1` a dictionary's order depends only on its keys, the order
    /// they went in, and its capacity: the bag's tier of 29 then matches a plain `[UInt64: Int]` grown
    /// the same way, which is what RxSwift 6.10.2's `Bag` gives (compared side by side with RxSwift in
    /// docs/RX-FIDELITY.md). Without the variable each dictionary is seeded from its own address, and
    /// this test has nothing to compare.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["SWIFT_DETERMINISTIC_HASHING"] != nil))
    func underDeterministicHashingTheOrderIsAPlainDictionarysOrder() {
        var reference: [UInt64: Int] = [31: 31]
        for index in 32..<60 {
            reference[UInt64(index)] = index
        }
        let order = Self.dispatchOrder(observerCount: 60)
        #expect(Array(order.dropFirst(31)) == Array(reference.values))
    }

    @Test func removingAnObserverFromEachTierLeavesTheOthers() {
        var bag = Bag<Int>()
        let keys = (0..<40).map { bag.insert($0) }
        #expect(bag.count == 40)
        #expect(bag.removeKey(keys[0]) == 0)
        #expect(bag.removeKey(keys[10]) == 10)
        #expect(bag.removeKey(keys[35]) == 35)
        #expect(bag.removeKey(keys[35]) == nil)
        #expect(bag.count == 37)
        var remaining: [Int] = []
        bag.forEach { remaining.append($0) }
        #expect(remaining.sorted() == Array(0..<40).filter { ![0, 10, 35].contains($0) })
        // A freed field takes the next insert; the array, being full again only below 30, takes none.
        let key = bag.insert(99)
        #expect(bag.removeKey(key) == 99)
    }
}
