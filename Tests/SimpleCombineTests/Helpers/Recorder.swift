import Foundation
import SimpleCombine

/// A subscriber for the core's own tests: records every event as text, asks for `initial` on
/// subscription and returns `perValue` from every value, and notes any call that overlaps a call on
/// another thread (a call nested on the same thread, as a synchronous publisher makes from inside
/// `request`, is fine) or breaks the order subscription → values → completion.
final class Recorder<Input, Failure: Error>: SimpleSubscriber, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [String] = []
    private var problems: [String] = []
    /// The thread inside a call, and how deeply nested.
    private var owner: pthread_t?
    private var depth = 0
    private var completed = false
    private(set) var subscription: (any SimpleSubscription)?

    let initial: SimpleSubscribers.Demand
    let perValue: SimpleSubscribers.Demand
    /// Called from inside `receive(_:)`, after recording the value.
    var onValue: ((Input) -> Void)?

    init(initial: SimpleSubscribers.Demand = .unlimited, perValue: SimpleSubscribers.Demand = .none) {
        self.initial = initial
        self.perValue = perValue
    }

    var events: [String] { lock.withLock { recorded } }
    var violations: [String] { lock.withLock { problems } }

    func receive(subscription: any SimpleSubscription) {
        enter("subscription") { state in
            if state.subscription != nil { state.problems.append("second subscription") }
            state.subscription = subscription
        }
        defer { leave() }
        if initial > .none { subscription.request(initial) }
    }

    func receive(_ input: Input) -> SimpleSubscribers.Demand {
        enter("\(input)") { state in
            if state.subscription == nil { state.problems.append("value \(input) before the subscription") }
            if state.completed { state.problems.append("value \(input) after completion") }
        }
        defer { leave() }
        onValue?(input)
        return perValue
    }

    func receive(completion: SimpleSubscribers.Completion<Failure>) {
        let text: String
        switch completion {
        case .finished: text = "finished"
        case .failure(let error): text = "failure(\(error))"
        }
        enter(text) { state in
            if state.subscription == nil { state.problems.append("completion before the subscription") }
            if state.completed { state.problems.append("second completion") }
            state.completed = true
        }
        leave()
    }

    func request(_ demand: SimpleSubscribers.Demand) {
        lock.withLock { subscription }?.request(demand)
    }

    func cancel() {
        lock.withLock { subscription }?.cancel()
    }

    private func enter(_ event: String, _ check: (Recorder) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        if depth > 0, let owner, pthread_equal(owner, pthread_self()) == 0 {
            problems.append("\(event) overlapped a call on another thread")
        }
        owner = pthread_self()
        depth += 1
        recorded.append(event)
        check(self)
    }

    private func leave() {
        lock.withLock {
            depth -= 1
            if depth == 0 { owner = nil }
        }
    }
}
