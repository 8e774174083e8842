import SimpleCombine
import Testing

/// `sink` and `SimpleAnyCancellable` (the SimpleCombine article's usage): everything is requested,
/// cancellation is safe to repeat and happens when the cancellable goes, and nothing is kept alive
/// afterwards.
@Suite struct SinkTests {
    /// The SimpleCombine article's usage example, without the operators: two sinks on one subject.
    @Test func twoSinksOnOneSubject() {
        let subject = SimplePassthroughSubject<String, Never>()
        var cancellables: [SimpleAnyCancellable] = []
        var printed: [String] = []
        subject.sink { printed.append("------\($0)-----") }.store(in: &cancellables)
        let sink = SimpleSubscribers.Sink<String, Never>(receiveCompletion: { _ in }, receiveValue: { printed.append($0) })
        SimpleAnyCancellable(sink).store(in: &cancellables)
        subject.subscribe(sink)
        subject.send("王金山")
        #expect(printed == ["------王金山-----", "王金山"])
        cancellables.removeAll()
        subject.send("again")
        #expect(printed.count == 2, "the cancellables cancelled when they went")
    }

    @Test func receivesValuesThenTheCompletion() {
        let subject = SimplePassthroughSubject<Int, TestFailure>()
        var events: [String] = []
        let cancellable = subject.sink(
            receiveCompletion: { completion in
                if case .failure(let error) = completion { events.append("failure(\(error))") }
            },
            receiveValue: { events.append("\($0)") }
        )
        subject.send(1)
        subject.send(2)
        subject.send(completion: .failure(.boom))
        subject.send(3)
        #expect(events == ["1", "2", "failure(boom)"])
        cancellable.cancel()
    }

    @Test func cancelIsSafeToRepeatAndStopsEverything() {
        let subject = SimplePassthroughSubject<Int, Never>()
        var values: [Int] = []
        let cancellable = subject.sink { values.append($0) }
        subject.send(1)
        cancellable.cancel()
        cancellable.cancel()
        subject.send(2)
        #expect(values == [1])
    }

    @Test func nothingIsKeptAliveAfterCancel() {
        let subject = SimplePassthroughSubject<Int, Never>()
        weak var weakObject: Probe?
        var cancellable: SimpleAnyCancellable?
        do {
            let probe = Probe()
            weakObject = probe
            cancellable = subject.sink { probe.values.append($0) }
        }
        subject.send(1)
        #expect(weakObject?.values == [1])
        cancellable?.cancel()
        #expect(weakObject == nil, "the sink let go of its closure, the subject of the sink")
        _ = cancellable
    }

    @Test func anyCancellableCancelsAtDeinitAndOnlyOnce() {
        var calls = 0
        var cancellable: SimpleAnyCancellable? = SimpleAnyCancellable { calls += 1 }
        cancellable?.cancel()
        cancellable?.cancel()
        cancellable = nil
        #expect(calls == 1)
        do { _ = SimpleAnyCancellable { calls += 1 } }
        #expect(calls == 2)
        var set = Set<SimpleAnyCancellable>()
        SimpleAnyCancellable { calls += 1 }.store(in: &set)
        #expect(set.count == 1)
        set.removeAll()
        #expect(calls == 3)
    }

    final class Probe {
        var values: [Int] = []
    }
}

enum TestFailure: Error, Equatable {
    case boom
}
