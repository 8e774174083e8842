/// The floor: registering a chain of handler objects (one per stage) in a list and removing it again. It
/// has no source: the rows over either source run the same loop.
final class LoopChurnCell: Cell {
    private final class Stage {
        let transform: (Int) -> Int
        let next: Stage?

        init(_ transform: @escaping (Int) -> Int, next: Stage?) {
            self.transform = transform
            self.next = next
        }

        func deliver(_ value: Int) -> Int {
            var value = transform(value)
            var stage = next
            while let current = stage {
                value = current.transform(value)
                stage = current.next
            }
            return value
        }
    }

    let sink = OutputSink()
    private let input: SeededInput
    private let depth: Int
    private var registrations: [Stage] = []

    init(input: SeededInput, depth: Int) {
        self.input = input
        self.depth = depth
    }

    func setUp() {
        registrations.reserveCapacity(1)
    }

    func run(from start: Int, count: Int) {
        for index in start..<(start + count) {
            var chain = Stage({ Transforms.map($0) }, next: nil)
            for _ in 1..<depth {
                chain = Stage({ Transforms.map($0) }, next: chain)
            }
            registrations.append(chain)
            for registration in registrations {
                sink.receive(registration.deliver(input[index]))
            }
            registrations.removeLast()
        }
    }

    func tearDown() {
        for registration in registrations {
            sink.receive(registration.deliver(SubscribeChurnWorkload.sentinel))
        }
        registrations = []
        sink.receiveCompletion()
    }
}
