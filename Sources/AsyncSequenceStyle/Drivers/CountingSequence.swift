/// A source's elements, with each call for one counted in a ``ConsumptionProgress``: what an
/// ``AsyncPipeline`` builds its pipeline on. It adds no element and no suspension of its own; its cost
/// (one atomic store per element) is in every async cell, as the counting of `asyncHop`'s receiver is in
/// its cells.
public struct CountingSequence<Base: AsyncSequence>: AsyncSequence {
    public typealias Element = Base.Element
    public typealias Failure = Base.Failure

    @usableFromInline
    let base: Base
    @usableFromInline
    let progress: ConsumptionProgress

    /// `base`, with each call for an element counted in `progress`.
    @inlinable
    public init(_ base: Base, progress: ConsumptionProgress) {
        self.base = base
        self.progress = progress
    }

    @inlinable
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: base.makeAsyncIterator(), progress: progress)
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        @usableFromInline
        var base: Base.AsyncIterator
        @usableFromInline
        let progress: ConsumptionProgress

        @inlinable
        init(base: Base.AsyncIterator, progress: ConsumptionProgress) {
            self.base = base
            self.progress = progress
        }

        @inlinable
        public mutating func next() async throws(Failure) -> Element? {
            progress.noteRequest()
            return try await base.next(isolation: nil)
        }

        @inlinable
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Element? {
            progress.noteRequest()
            return try await base.next(isolation: actor)
        }
    }
}

extension CountingSequence: Sendable where Base: Sendable {}
